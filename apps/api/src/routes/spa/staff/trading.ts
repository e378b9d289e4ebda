import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tradingBetsQuerySchema,
  tradingBetsResponseSchema,
  tradingFixturesQuerySchema,
  tradingFixturesResponseSchema,
  tradingMarketParamsSchema,
  tradingMarketResponseSchema,
  tradingMatchParamsSchema,
  tradingMatchResponseSchema,
  tradingResultBodySchema,
  tradingSettlementResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, staffActor } from '../../../plugins/auth';

/**
 * /spa/staff/trading: the sportsbook's trading desk. Reads need trading.read; suspending, resuming, results and voids
 * need trading.manage and are audited in the transaction of the change.
 */
const staffTradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const trading = () => app.services.sports.trading;

  app.get(
    '/trading/fixtures',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffTradingFixtures',
        tags: ['staff'],
        summary: 'Fixtures from the feed, one page, by status, sport, held markets or a search (teams or id)',
        querystring: tradingFixturesQuerySchema,
        response: { 200: tradingFixturesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/trading/fixtures - the fixtures list
      return trading().fixtures(request.query, clientInfo(request).locale);
    },
  );

  app.get(
    '/trading/matches/:matchId',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffTradingMatch',
        tags: ['staff'],
        summary: 'A match with every market and outcome, and the liability on each outcome from the open bets',
        params: tradingMatchParamsSchema,
        response: { 200: tradingMatchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // GET /spa/staff/trading/matches/{matchId} - a match on the trading desk
      return { match: await trading().match(request.params.matchId, clientInfo(request).locale) };
    },
  );

  for (const action of ['suspend', 'resume'] as const) {
    app.post(
      `/trading/matches/:matchId/${action}`,
      {
        config: { permission: 'trading.manage' },
        schema: {
          operationId: action === 'suspend' ? 'staffTradingSuspendMatch' : 'staffTradingResumeMatch',
          tags: ['staff'],
          summary:
            action === 'suspend'
              ? 'Suspends every open market of a match at once and holds them against the feed'
              : 'Resumes every market of a match a trader suspended',
          params: tradingMatchParamsSchema,
          response: { 200: tradingMatchResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        // POST /spa/staff/trading/matches/{matchId}/suspend|resume - a whole match
        const { matchId } = request.params;
        if (action === 'suspend') await trading().suspendMatch(matchId, staffActor(request));
        else await trading().resumeMatch(matchId, staffActor(request));
        return { match: await trading().match(matchId, clientInfo(request).locale) };
      },
    );

    app.post(
      `/trading/markets/:marketId/${action}`,
      {
        config: { permission: 'trading.manage' },
        schema: {
          operationId: action === 'suspend' ? 'staffTradingSuspendMarket' : 'staffTradingResumeMarket',
          tags: ['staff'],
          summary:
            action === 'suspend'
              ? 'Suspends a market at once (the bet slip refuses it) and holds it against the feed'
              : 'Resumes a market a trader suspended',
          params: tradingMarketParamsSchema,
          response: { 200: tradingMarketResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        // POST /spa/staff/trading/markets/{marketId}/suspend|resume - one market
        const { marketId } = request.params;
        const locale = clientInfo(request).locale;
        const market =
          action === 'suspend'
            ? await trading().suspendMarket(marketId, staffActor(request), locale)
            : await trading().resumeMarket(marketId, staffActor(request), locale);
        return { market };
      },
    );
  }

  app.post(
    '/trading/markets/:marketId/result',
    {
      config: { permission: 'trading.manage' },
      schema: {
        operationId: 'staffTradingResultMarket',
        tags: ['staff'],
        summary:
          'Settles or re-settles a market with a result per outcome: open bets settle, settled ones are reversed and ' +
          'paid again where the result changed them (once); later feed deliveries do not change it',
        params: tradingMarketParamsSchema,
        body: tradingResultBodySchema,
        response: { 200: tradingSettlementResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // POST /spa/staff/trading/markets/{marketId}/result - a trader's result
      return trading().resultMarket(
        request.params.marketId,
        request.body,
        staffActor(request),
        clientInfo(request).locale,
      );
    },
  );

  app.post(
    '/trading/markets/:marketId/void',
    {
      config: { permission: 'trading.manage' },
      schema: {
        operationId: 'staffTradingVoidMarket',
        tags: ['staff'],
        summary: 'Voids a market: stakes come back (an earlier settlement is reversed first)',
        params: tradingMarketParamsSchema,
        response: { 200: tradingSettlementResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // POST /spa/staff/trading/markets/{marketId}/void - a trader's void
      return trading().voidMarket(request.params.marketId, staffActor(request), clientInfo(request).locale);
    },
  );

  app.get(
    '/trading/bets',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffTradingBets',
        tags: ['staff'],
        summary: 'The bet search: bets by status, player, match, market, kind, time, bet id or username',
        querystring: tradingBetsQuerySchema,
        response: { 200: tradingBetsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/trading/bets - the bet search
      return trading().bets(request.query, clientInfo(request).locale);
    },
  );
};

export default staffTradingRoutes;
