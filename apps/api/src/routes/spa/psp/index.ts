import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pspCheckoutBodySchema,
  pspCheckoutResponseSchema,
  pspCheckoutSessionResponseSchema,
  pspSessionParamsSchema,
} from '@playhouse/shared';
import { answerNoStore } from '../../../lib/route-hooks';
import { errorResponses } from '../../../lib/route-schemas';
import { SANDBOX_PROVIDER_CODE } from '../../../services/payments/sandbox/sandbox-provider';

/** Card attempts per address and minute on the hosted page: enough for a person, little for card testing. */
const CHECKOUT_ATTEMPTS_PER_MINUTE = 20;

/**
 * /spa/psp/sandbox: the sandbox payment provider's own API behind its hosted payment page
 * (/{lng}/psp/checkout/{sessionId} on the web). The session id is the capability: no player session is needed,
 * as at a real provider.
 */
const pspRoutes: FastifyPluginAsyncZod = async (app) => {
  // PSP_SANDBOX=off: no sandbox, no hosted page.
  if (!app.services.payments.hasProvider(SANDBOX_PROVIDER_CODE)) return;
  answerNoStore(app);

  app.get(
    '/sandbox/checkout/:sessionId',
    {
      schema: {
        operationId: 'getSandboxCheckout',
        tags: ['psp'],
        summary: 'A checkout session of the sandbox provider: amount, status, return address, test cards',
        params: pspSessionParamsSchema,
        response: { 200: pspCheckoutSessionResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      // GET /spa/psp/sandbox/checkout/{sessionId} - the hosted page's data
      return { session: await app.services.psp.session(request.params.sessionId) };
    },
  );

  app.post(
    '/sandbox/checkout/:sessionId',
    {
      config: { rateLimit: { max: CHECKOUT_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        operationId: 'paySandboxCheckout',
        tags: ['psp'],
        summary:
          'Pays a checkout with a card: 4242… succeeds, 4000000000000002 declines, 4000000000000077 stays pending',
        params: pspSessionParamsSchema,
        body: pspCheckoutBodySchema,
        response: { 200: pspCheckoutResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/psp/sandbox/checkout/{sessionId} - the card form's submission
      return app.services.psp.submitCard(request.params.sessionId, request.body);
    },
  );
};

export default pspRoutes;
