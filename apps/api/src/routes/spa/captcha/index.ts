import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallengeResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/challenge',
    {
      schema: {
        operationId: 'getCaptchaChallenge',
        tags: ['captcha'],
        summary:
          'A proof-of-work challenge: find a nonce so that sha256(token + ":" + nonce) has `difficulty` leading zero bits',
        description: 'The token is signed and expires after 5 minutes; each solved token is accepted once.',
        response: { 200: captchaChallengeResponseSchema, ...errorResponses() },
      },
    },
    async (_request, reply) => {
      // GET /spa/captcha/challenge - a fresh, signed challenge
      reply.header('cache-control', 'no-store');
      return app.services.captcha.challenge();
    },
  );
};

export default captchaRoutes;
