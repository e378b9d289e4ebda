import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxWebhookHeadersSchema, webhookAckResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { SANDBOX_PROVIDER_CODE } from '../../../services/payments/sandbox/sandbox-provider';

/** /spa/payments: endpoints payment providers call. */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes sent, so this plugin keeps JSON bodies as text for the verifier.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/sandbox',
    {
      config: { signedCaller: true },
      schema: {
        operationId: 'sandboxWebhook',
        tags: ['payments'],
        summary: 'Events of the sandbox payment provider, signed with HMAC-SHA256 (X-Sandbox-Signature: t=..,v1=..)',
        headers: sandboxWebhookHeadersSchema,
        body: z.string().describe('The event as JSON, exactly as signed'),
        response: { 200: webhookAckResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      // POST /spa/payments/webhooks/sandbox - a provider event: verified, stored once, applied to its deposit
      const result = await app.services.payments.handleWebhook(SANDBOX_PROVIDER_CODE, {
        headers: request.headers,
        rawBody: request.body,
      });
      return { received: true as const, duplicate: result.duplicate };
    },
  );
};

export default paymentRoutes;
