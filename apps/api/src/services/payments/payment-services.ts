import { randomBytes } from 'node:crypto';
import type { Db } from '@playhouse/db';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProtectionGuard } from '../protection/guard';
import { createPaymentService, type PaymentService } from './payment-service';
import { createPaymentStaffService, type PaymentStaffService } from './payment-staff-service';
import { SANDBOX_PROVIDER_CODE, createSandboxProvider } from './sandbox/sandbox-provider';
import { createSandboxPsp, fetchTransport, type SandboxPsp, type WebhookTransport } from './sandbox/sandbox-psp';
import type { WalletService } from '../wallet/wallet-service';

/** The merchant endpoint the sandbox delivers to when no PSP_WEBHOOK_URL is configured (in-process). */
export const SANDBOX_WEBHOOK_PATH = '/spa/payments/webhooks/sandbox';

export interface PaymentServices {
  payments: PaymentService;
  psp: SandboxPsp;
  /** The back office's payments list and a payment's webhook history. */
  paymentReview: PaymentStaffService;
}

/** Sends a request through the app's own router, as Fastify's `inject` does. */
export type Inject = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number }>;

/**
 * The payment service with the sandbox provider. Webhooks go to PSP_WEBHOOK_URL when set, else through `inject` (the
 * api's own router), else straight to the webhook handler (the ops command line on the database).
 */
export function createPaymentServices({
  db,
  clock,
  wallet,
  config,
  guard,
  logger,
  inject,
  onEventsQueued,
}: {
  db: Db;
  clock: Clock;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  config: Pick<Config, 'siteUrl' | 'payments'>;
  /** Player protection: its deposit check runs inside the deposit's transaction. */
  guard: Pick<ProtectionGuard, 'assertCanDeposit'>;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  inject?: Inject;
  onEventsQueued?: () => void;
}): PaymentServices {
  let webhookSecret = config.payments.webhookSecret;
  if (!webhookSecret) {
    webhookSecret = randomBytes(32).toString('base64url');
    if (config.payments.webhookUrl) {
      logger.warn({}, 'PSP_WEBHOOK_SECRET is not set: webhooks are signed with a random secret for this process');
    }
  }
  let transport: WebhookTransport;
  if (config.payments.webhookUrl) {
    transport = fetchTransport();
  } else if (inject) {
    transport = async ({ headers, body }) => {
      const response = await inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers, payload: body });
      return { status: response.statusCode };
    };
  } else {
    transport = async ({ headers, body }) => {
      try {
        await payments.handleWebhook(SANDBOX_PROVIDER_CODE, { headers, rawBody: body });
        return { status: 200 };
      } catch (error) {
        return { status: error instanceof AppError ? error.statusCode : 500 };
      }
    };
  }

  const psp = createSandboxPsp({
    db,
    clock,
    webhookSecret,
    webhookUrl: config.payments.webhookUrl ?? `${config.siteUrl}${SANDBOX_WEBHOOK_PATH}`,
    merchantName: 'Playhouse',
    transport,
    ...(onEventsQueued ? { onEventsQueued } : {}),
  });
  const provider = createSandboxProvider({
    psp,
    webhookSecret,
    hostedPageUrl: (locale, sessionId) => `${config.siteUrl}/${locale}/psp/checkout/${sessionId}`,
  });
  // With PSP_SANDBOX=off (required in production) the sandbox takes no deposits and its hosted page is gone.
  const payments = createPaymentService({
    db,
    clock,
    wallet,
    providers: config.payments.sandbox ? [provider] : [],
    depositGuard: guard.assertCanDeposit,
    siteUrl: config.siteUrl,
  });
  return { payments, psp, paymentReview: createPaymentStaffService({ db }) };
}
