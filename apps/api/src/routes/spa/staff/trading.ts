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
  staffRequestAcceptedSchema,
  type TradingBet,
  type TradingFixture,
} from '@playhouse/shared';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, staffActor } from '../../../plugins/auth';
import { requestRoutes } from './request-routes';

const FIXTURE_CSV: CsvColumn<TradingFixture>[] = [
  { key: 'id', header: 'match id' },
  { key: 'sportName', header: 'sport' },
  { key: 'tournamentName', header: 'tournament' },
  { key: 'team1', header: 'team 1' },
  { key: 'team2', header: 'team 2' },
  { key: 'startsAt', header: 'starts' },
  { key: 'status', header: 'status' },
  { key: 'markets', header: 'markets' },
  { key: 'suspendedMarkets', header: 'suspended markets' },
  { key: 'openBets', header: 'open bets' },
];

type BetRow = Omit<TradingBet, 'selections'> & { selections: string };
const BET_CSV: CsvColumn<BetRow>[] = [
  { key: 'id', header: 'bet id' },
  { key: 'placedAt', header: 'placed' },
  { key: 'userId', header: 'player id' },
  { key: 'username', header: 'player' },
  { key: 'kind', header: 'kind' },
  { key: 'selections', header: 'selections' },
  { key: 'currency', header: 'currency' },
  { key: 'stake', header: 'stake' },
  { key: 'totalOdd', header: 'odds' },
  { key: 'potentialPayout', header: 'potential payout' },
  { key: 'status', header: 'status' },
  { key: 'payout', header: 'payout' },
  { key: 'settledAt', header: 'settled' },
  { key: 'settlementVersion', header: 're-settlements' },
];

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
        summary:
          'Fixtures from the feed, one page, by status, sport, held markets or a search (teams or id); `format=csv` ' +
          'exports every row the filters match (at most 10,000)',
        querystring: tradingFixturesQuerySchema,
        response: { 200: tradingFixturesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/trading/fixtures - the fixtures list
      const page = await trading().fixtures(request.query, clientInfo(request).locale);
      if (request.query.format === 'csv') return sendCsv(reply, 'fixtures.csv', FIXTURE_CSV, page.items);
      return page;
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
      config: { permission: 'trading.manage', freshSecondFactor: true },
      schema: {
        operationId: 'staffTradingResultMarket',
        tags: ['staff'],
        summary:
          'Settles a market with a result per outcome: open bets settle; later feed deliveries do not change it. ' +
          'Changing a result that already paid out is a request a second trader or risk approves (202, ' +
          '/spa/staff/trading/requests): then settled bets are reversed and paid again where it changed them (once)',
        params: tradingMarketParamsSchema,
        body: tradingResultBodySchema,
        response: {
          200: tradingSettlementResponseSchema,
          202: staffRequestAcceptedSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/trading/markets/{marketId}/result - a trader's result
      const done = await trading().resultMarket(
        request.params.marketId,
        request.body,
        staffActor(request),
        clientInfo(request).locale,
      );
      if (!('request' in done)) return done;
      return reply.code(202).send({ request: await app.services.staff.requests.get('result_change', done.request.id) });
    },
  );

  app.post(
    '/trading/markets/:marketId/void',
    {
      config: { permission: 'trading.manage', freshSecondFactor: true },
      schema: {
        operationId: 'staffTradingVoidMarket',
        tags: ['staff'],
        summary:
          'Voids a market: stakes come back. Voiding a result that already paid out is a request a second trader ' +
          'or risk approves (202); then the earlier settlement is reversed first',
        params: tradingMarketParamsSchema,
        response: {
          200: tradingSettlementResponseSchema,
          202: staffRequestAcceptedSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/trading/markets/{marketId}/void - a trader's void
      const done = await trading().voidMarket(request.params.marketId, staffActor(request), clientInfo(request).locale);
      if (!('request' in done)) return done;
      return reply.code(202).send({ request: await app.services.staff.requests.get('result_change', done.request.id) });
    },
  );

  requestRoutes(app, {
    path: '/trading/requests',
    kinds: ['result_change'],
    read: 'trading.read',
    decide: 'trading.results.approve',
    operation: 'staffTradingRequest',
    what: 'changing results that already paid out',
  });

  app.get(
    '/trading/bets',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffTradingBets',
        tags: ['staff'],
        summary:
          'The bet search: bets by status, player, match, market, kind, time, bet id or username; `format=csv` ' +
          'exports every row the filters match (at most 10,000)',
        querystring: tradingBetsQuerySchema,
        response: { 200: tradingBetsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/trading/bets - the bet search
      const page = await trading().bets(request.query, clientInfo(request).locale);
      if (request.query.format !== 'csv') return page;
      const rows = page.items.map((bet) => ({
        ...bet,
        selections: bet.selections
          .map((selection) => `${selection.match} / ${selection.market}: ${selection.label} @ ${selection.odd}`)
          .join('; '),
      }));
      return sendCsv(reply, 'bets.csv', BET_CSV, rows);
    },
  );
};

export default staffTradingRoutes;
