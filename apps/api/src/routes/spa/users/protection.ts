import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmLimitBodySchema,
  playerLimitsResponseSchema,
  protectionResponseSchema,
  putPlayerLimitBodySchema,
  putRealityCheckBodySchema,
  realityCheckSchema,
  restrictBodySchema,
  restrictionStatusSchema,
  returnBodySchema,
  statementResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';
import type { SessionUser } from '../../../services/auth/session-service';
import { loadTexts } from '../../../services/i18n/texts';
import { statementCsv } from '../../../services/protection/statement-service';

/** /spa/users: the player's own protection: limits, reality checks, breaks, closure and the activity statement. */
const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app.services;
  const tags = ['protection'];
  /** The reality check of this session, under the rules of the player's jurisdiction. */
  const realityCheckOf = (user: SessionUser, sessionId: number) =>
    protection.realityChecks.state(user, sessionId, protection.jurisdictions.forCountry(user.country));

  app.get(
    '/limits',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getPlayerLimits',
        tags,
        summary:
          "The signed-in player's limits (deposit, loss, wager per day, week and month; session minutes), what each " +
          'rolling window used, and any raise or removal waiting for its cooling period and confirmation',
        response: { 200: playerLimitsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // GET /spa/users/limits - the player's limits and their use
      return { limits: await protection.limits.list(signedInUser(request)) };
    },
  );

  app.put(
    '/limits',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'setPlayerLimit',
        tags,
        summary:
          'Sets one limit (null removes it): lowering applies at once; raising or removing waits 24 hours and then ' +
          "needs the player's confirmation (POST /spa/users/limits/confirm)",
        body: putPlayerLimitBodySchema,
        response: { 200: playerLimitsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // PUT /spa/users/limits - change a limit
      const user = signedInUser(request);
      return {
        limits: await protection.limits.set(user, request.body, {
          actorId: user.id,
          ip: request.clientAddress || null,
        }),
      };
    },
  );

  app.post(
    '/limits/confirm',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'confirmPlayerLimit',
        tags,
        summary: 'Confirms a raise or removal whose 24-hour cooling period is over (409 limit_cooling before then)',
        body: confirmLimitBodySchema,
        response: { 200: playerLimitsResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      // POST /spa/users/limits/confirm - apply a raise after its cooling period
      const user = signedInUser(request);
      return { limits: await protection.limits.confirm(user, request.body, { ip: request.clientAddress || null }) };
    },
  );

  app.get(
    '/protection',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getProtection',
        tags,
        summary: "The player's jurisdiction profile, limits, reality check interval, break and verification statuses",
        response: { 200: protectionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // GET /spa/users/protection - everything the responsible gaming page shows
      const user = signedInUser(request);
      const profile = protection.jurisdictions.forCountry(user.country);
      const [limits, realityCheckMinutes, restriction, verification] = await Promise.all([
        protection.limits.list(user),
        protection.realityChecks.intervalOf(app.db, user.id, profile),
        protection.restrictions.view(user.id),
        protection.documents.statuses(app.db, user.id),
      ]);
      return { profile, currency: user.currency, limits, realityCheckMinutes, restriction, verification };
    },
  );

  app.put(
    '/protection/reality-check',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'setRealityCheck',
        tags,
        summary: 'Sets the minutes between reality checks (null turns them off)',
        body: putRealityCheckBodySchema,
        response: { 200: realityCheckSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // PUT /spa/users/protection/reality-check - choose the interval
      const user = signedInUser(request);
      await protection.realityChecks.setInterval(user.id, request.body.minutes);
      return realityCheckOf(user, request.sessionId!);
    },
  );

  app.get(
    '/protection/reality-check',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getRealityCheck',
        tags,
        summary: "This session's reality check: when it is due, and the session's time and net result",
        response: { 200: realityCheckSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // GET /spa/users/protection/reality-check - the session's check
      const user = signedInUser(request);
      return realityCheckOf(user, request.sessionId!);
    },
  );

  app.post(
    '/protection/reality-check/acknowledge',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'acknowledgeRealityCheck',
        tags,
        summary: '"Continue": play goes on, and the next check comes one interval from now',
        response: { 200: realityCheckSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // POST /spa/users/protection/reality-check/acknowledge - the player answered "continue"
      const user = signedInUser(request);
      await protection.realityChecks.acknowledge(user.id, request.sessionId!);
      return realityCheckOf(user, request.sessionId!);
    },
  );

  app.post(
    '/protection/restrictions',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'takeBreak',
        tags,
        summary:
          'Takes a time-out (24h, 1w, 1m, 6w) or a self-exclusion (6m, 1y, 5y, permanent), or closes the account ' +
          'with a reason; confirmed with the password. It cannot be ended early.',
        body: restrictBodySchema,
        response: { 200: restrictionStatusSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      // POST /spa/users/protection/restrictions - a time-out, a self-exclusion or a closure
      const user = signedInUser(request);
      return protection.restrictions.take(user.id, request.body, { ip: request.clientAddress || null });
    },
  );

  app.post(
    '/protection/return',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'requestReturn',
        tags,
        summary: 'Asks to come back after a break has ended (or to reopen a closed account): play opens 24 hours later',
        body: returnBodySchema,
        response: { 200: restrictionStatusSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      // POST /spa/users/protection/return - ask to play again
      const user = signedInUser(request);
      return protection.restrictions.requestReturn(user.id, request.body.password, {
        ip: request.clientAddress || null,
      });
    },
  );

  app.get(
    '/statement',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getStatement',
        tags,
        summary: 'The 12-month activity statement: deposits, withdrawals, bets, wins and net per month',
        response: { 200: statementResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // GET /spa/users/statement - the activity statement
      return protection.statements.statement(signedInUser(request));
    },
  );

  app.get(
    '/statement/csv',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'downloadStatement',
        tags,
        summary:
          'The activity statement as a CSV download, headed in the language of `lng` (a link cannot send X-Locale)',
        querystring: z.object({ lng: z.string().max(8).optional() }),
        response: { 200: z.string().meta({ description: 'text/csv' }), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/statement/csv - download the statement
      const user = signedInUser(request);
      const context = await app.services.locales.resolve(request.query.lng);
      const [statement, texts] = await Promise.all([
        protection.statements.statement(user),
        loadTexts(app.db, context, 'protection.statement.columns.'),
      ]);
      const header = Object.fromEntries(
        ['month', 'deposits', 'withdrawals', 'bets', 'wins', 'net', 'total'].map((key) => [key, texts.get(key)]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${statement.to.slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .serializer((payload: unknown) => String(payload))
        .send(statementCsv(statement, header));
    },
  );
};

export default protectionRoutes;
