import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashOutMatchBodySchema,
  cashOutMatchParamsSchema,
  cashOutMatchResponseSchema,
  cashOutSettingsResponseSchema,
  cashOutSportBodySchema,
  cashOutSportParamsSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { clientInfo, staffActor } from '../../../plugins/auth';

const cashOutValueSchema = z.object({
  values: z.array(z.object({ outcomeId: z.number().int(), currency: z.string(), cashOutValue: z.string() })),
});

/**
 * /spa/staff/trading/cash-out: the traders' cash-out settings (margin, on/off and wagering per sport, off per match;
 * trading.manage, audited) and what the open bets on a match would cost cashed out now (trading.read).
 */
const staffCashOutRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashOut = () => app.services.sports.cashOut;

  app.get(
    '/trading/cash-out',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffCashOutSettings',
        tags: ['staff'],
        summary: "Every sport's cash-out margin and switches, and the matches with cash out off",
        response: { 200: cashOutSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/trading/cash-out - the cash-out settings
      return cashOut().settings(clientInfo(request).locale);
    },
  );

  app.put(
    '/trading/cash-out/sports/:sportId',
    {
      config: { permission: 'trading.manage' },
      schema: {
        operationId: 'staffCashOutSport',
        tags: ['staff'],
        summary:
          "Sets a sport's cash-out margin (basis points), whether it is offered and whether it counts for wagering",
        params: cashOutSportParamsSchema,
        body: cashOutSportBodySchema,
        response: { 200: cashOutSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // PUT /spa/staff/trading/cash-out/sports/{sportId} - one sport's settings
      await cashOut().setSport(request.params.sportId, request.body, staffActor(request));
      return cashOut().settings(clientInfo(request).locale);
    },
  );

  app.put(
    '/trading/cash-out/matches/:matchId',
    {
      config: { permission: 'trading.manage' },
      schema: {
        operationId: 'staffCashOutMatch',
        tags: ['staff'],
        summary: 'Switches cash out off (or back on) for one match',
        params: cashOutMatchParamsSchema,
        body: cashOutMatchBodySchema,
        response: { 200: cashOutMatchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PUT /spa/staff/trading/cash-out/matches/{matchId} - one match on or off
      return cashOut().setMatch(request.params.matchId, request.body.enabled, staffActor(request));
    },
  );

  app.get(
    '/trading/cash-out/matches/:matchId/value',
    {
      config: { permission: 'trading.read' },
      schema: {
        operationId: 'staffCashOutValue',
        tags: ['staff'],
        summary: "Per outcome and currency, the sum of the cash-out prices of the match's open bets now",
        params: cashOutMatchParamsSchema,
        response: { 200: cashOutValueSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/trading/cash-out/matches/{matchId}/value - the match's cash-out value
      reply.header('cache-control', 'no-store');
      return { values: await cashOut().matchCashOutValue(request.params.matchId) };
    },
  );
};

export default staffCashOutRoutes;
