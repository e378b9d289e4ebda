import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jurisdictionResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

const jurisdictionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app.services;

  app.get(
    '',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'getJurisdiction',
        tags: ['protection'],
        summary: "The installation's jurisdiction profile and the countries that follow another one",
        response: { 200: jurisdictionResponseSchema, ...errorResponses() },
      },
    },
    async (_request, reply) => {
      // GET /spa/jurisdiction - the active profile
      reply.header('cache-control', 'public, max-age=60');
      return { active: protection.jurisdictions.active, countries: protection.jurisdictions.countries };
    },
  );

  // Tests only (TEST_CLOCK=on, refused by the config unless SITE_URL is a loopback address): moves the signed-in
  // player's protection clock forward, so a cooling period or a break can pass without waiting.
  if (protection.clock.testable) {
    app.post(
      '/test-clock',
      {
        preHandler: app.requireUser,
        schema: {
          operationId: 'advanceTestClock',
          tags: ['testing'],
          summary: "Moves the signed-in player's protection clock forward (test runs only)",
          body: z.object({
            ms: z
              .number()
              .int()
              .positive()
              .max(400 * 24 * 60 * 60 * 1000),
          }),
          response: { 200: z.object({ now: z.string() }), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        // POST /spa/jurisdiction/test-clock - move one player's clock (tests)
        const user = signedInUser(request);
        protection.clock.advance(user.id, request.body.ms);
        return { now: protection.clock.now(user.id).toISOString() };
      },
    );
  }
};

export default jurisdictionRoutes;
