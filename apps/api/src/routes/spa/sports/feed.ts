import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedIngestBodySchema, feedIngestResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { deliveryFromFeed } from '../../../services/sports/feed-ingest';
import { FeedTokenError } from '../../../services/sports/sports-errors';

/** A full feed delivery (every fixture with its markets) is far larger than the api's usual bodies. */
const FEED_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * /spa/staff/sports: where an odds feed pushes its deliveries. A feed process sends the configured FEED_TOKEN as
 * X-Feed-Token; a staff member with the `sports.feed` permission (traders) may push with their session. Either is
 * checked when the request arrives, before its (large) body is read.
 */
const sportsFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feed',
    {
      bodyLimit: FEED_BODY_LIMIT_BYTES,
      config: {
        permission: 'sports.feed',
        // A feed process proves itself with its token; a staff member pushing a delivery comes from the site.
        signedCaller: (request) => typeof request.headers['x-feed-token'] === 'string',
        permissionAlternative: async (request) => {
          const token = request.headers['x-feed-token'];
          if (typeof token !== 'string' || token === '') return false;
          if (!app.services.sports.acceptsFeedToken(token)) throw new FeedTokenError();
          return true;
        },
      },
      schema: {
        operationId: 'ingestSportsFeed',
        tags: ['staff', 'sports'],
        summary:
          'Upserts a feed delivery (SPEC.md §3 shape: sports, categories, tournaments, matches, as objects or arrays) ' +
          'whose names are in `language`; statuses and results settle bets',
        headers: z.object({ 'x-feed-token': z.string().max(256).optional() }),
        body: feedIngestBodySchema,
        response: { 200: feedIngestResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      // POST /spa/staff/sports/feed - a delivery from the odds feed
      return app.services.sports.receiveFeed(deliveryFromFeed(request.body));
    },
  );
};

export default sportsFeedRoutes;
