import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallengeQuerySchema, captchaChallengeResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/challenge',
    {
      schema: {
        operationId: 'getCaptchaChallenge',
        tags: ['captcha'],
        summary: 'An ALTCHA proof-of-work challenge (protocol v2) for the altcha widget',
        description:
          'Signed; expires after 5 minutes; each solved challenge is accepted once. Harder after failed checks from ' +
          'the same address. The widget sends its payload as `captcha` with the registration or recovery, and with ' +
          'a sign-in that asked for one (401 captcha_required names the `level` to ask for here).',
        querystring: captchaChallengeQuerySchema,
        response: { 200: captchaChallengeResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      // GET /spa/captcha/challenge - a fresh, signed challenge
      reply.header('cache-control', 'no-store');
      return app.services.captcha.challenge(request.clientAddress, request.query.level);
    },
  );
};

export default captchaRoutes;
