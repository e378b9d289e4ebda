import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inPlayDeskResponseSchema,
  sportParamsSchema,
  sportTradingSettingBodySchema,
  sportTradingSettingResponseSchema,
  sportTradingSettingsResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, staffActor } from '../../../plugins/auth';

/**
 * /spa/staff/trading: the traders' desk for betting in play: the matches in play with their state, and the bet delay
 * per sport (trading.manage, audited). Suspending and resuming a market or a match are the trading routes'.
 */
const staffInPlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const inPlay = () => app.services.sports.inPlay;

  app.get(
    '/trading/in-play',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffTradingInPlay',
        tags: ['staff'],
        summary: 'The matches in play: live state, markets open, suspended and held by a trader, open bets, bet delay',
        response: { 200: inPlayDeskResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/trading/in-play - the desk of the matches in play
      reply.header('cache-control', 'no-store');
      return inPlay().desk(clientInfo(request).locale);
    },
  );

  app.get(
    '/trading/sports',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffTradingSportSettings',
        tags: ['staff'],
        summary: "Every sport's trading settings: the bet delay of its bets in play",
        response: { 200: sportTradingSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/trading/sports - the settings per sport
      return inPlay().settings(clientInfo(request).locale);
    },
  );

  app.put(
    '/trading/sports/:sportId',
    {
      config: { permission: 'trading.manage' },
      schema: {
        operationId: 'staffTradingSetSportSettings',
        tags: ['staff'],
        summary: `Sets a sport's bet delay (0 to 30,000 ms): bets in play on its matches wait it; audited`,
        params: sportParamsSchema,
        body: sportTradingSettingBodySchema,
        response: { 200: sportTradingSettingResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PUT /spa/staff/trading/sports/{sportId} - a sport's bet delay
      const setting = await inPlay().setBetDelay(
        request.params.sportId,
        request.body,
        staffActor(request),
        clientInfo(request).locale,
      );
      return { setting };
    },
  );
};

export default staffInPlayRoutes;
