import { z } from 'zod';
import { isCurrency, parseDecimal } from '@playhouse/shared';
import { PROVIDER_EVENT_TYPES, WebhookSignatureError, type PaymentProvider } from '../payment-provider';
import type { SandboxPsp } from './sandbox-psp';
import { SIGNATURE_HEADER, verifySignature } from './signature';

const sandboxEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PROVIDER_EVENT_TYPES),
  created: z.string(),
  data: z.object({
    sessionId: z.string(),
    reference: z.string().max(100),
    amount: z.string(),
    currency: z.string(),
    status: z.string(),
    declineReason: z.string().nullable(),
  }),
});

export const SANDBOX_PROVIDER_CODE = 'sandbox';

/**
 * The merchant's adapter for the sandbox provider. It opens checkouts through the sandbox's API (in-process here)
 * and accepts only webhooks signed with the shared secret.
 */
export function createSandboxProvider({
  psp,
  webhookSecret,
  hostedPageUrl,
}: {
  psp: Pick<SandboxPsp, 'createSession'>;
  webhookSecret: string;
  hostedPageUrl: (locale: string, sessionId: string) => string;
}): PaymentProvider {
  return {
    code: SANDBOX_PROVIDER_CODE,

    async createCheckout(request) {
      const { sessionId } = await psp.createSession({
        reference: request.paymentId,
        amount: request.amount,
        currency: request.currency,
        returnUrl: request.returnUrl,
      });
      return { sessionId, redirectUrl: hostedPageUrl(request.locale, sessionId) };
    },

    parseWebhook({ headers, rawBody, now }) {
      const header = headers[SIGNATURE_HEADER];
      verifySignature(webhookSecret, typeof header === 'string' ? header : undefined, rawBody, now);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('the signed body is not JSON');
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookSignatureError('the signed body is not a sandbox event');
      const event = parsed.data;
      const amount = isCurrency(event.data.currency) ? parseDecimal(event.data.amount, event.data.currency) : null;
      return {
        eventId: event.id,
        type: event.type,
        paymentId: event.data.reference,
        amount,
        currency: event.data.currency,
        failureReason: event.data.declineReason,
        payload: json as Record<string, unknown>,
      };
    },
  };
}
