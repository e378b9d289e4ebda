import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffEndSessionsResponseSchema,
  staffPlayerBalancesSchema,
  staffPlayerBetsSchema,
  staffPlayerBonusesSchema,
  staffPlayerLedgerSchema,
  staffPlayerListQuerySchema,
  staffPlayerNoteBodySchema,
  staffPlayerNotesSchema,
  staffPlayerParamsSchema,
  staffPlayerPaymentsSchema,
  staffPlayerProfileResponseSchema,
  staffPlayerReasonBodySchema,
  staffPlayerRoundsSchema,
  staffPlayerSearchQuerySchema,
  staffPlayerSearchResponseSchema,
  staffPlayerSessionsSchema,
  staffPlayerTagBodySchema,
  staffPlayerTagParamsSchema,
  staffPlayerTagSchema,
  staffPlayerWithdrawalsSchema,
  type StaffPermission,
  type StaffPlayerRow,
} from '@playhouse/shared';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';

const CSV_COLUMNS: CsvColumn<StaffPlayerRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'email', header: 'email' },
  { key: 'username', header: 'username' },
  { key: 'phone', header: 'phone' },
  { key: 'country', header: 'country' },
  { key: 'currency', header: 'currency' },
  { key: 'status', header: 'status' },
  { key: 'createdAt', header: 'registered' },
];

/**
 * /spa/staff/players: the back office's players screen (search, a player's page and its tabs, sessions, notes, tags,
 * block). Every read of a player's data is written to the audit log as a view; every change with before and after in
 * its own transaction. A player's limits and exclusions are GET /spa/staff/players/{id}/protection (protection.read).
 */
const staffPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { players } = app.services;
  const { audit } = app.services.staff;
  const tags = ['staff'];

  app.get(
    '/players',
    {
      config: { permission: 'players.read' },
      schema: {
        operationId: 'staffSearchPlayers',
        tags,
        summary:
          'Players by e-mail, username, phone or id (any part), status and tag: paged, sorted (the view is audited)',
        querystring: staffPlayerSearchQuerySchema,
        response: { 200: staffPlayerSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/players - the search (format=csv: the whole filtered result as a download)
      reply.header('cache-control', 'no-store');
      const { query } = request;
      const result = await players.search(query);
      await audit.viewed(staffActor(request), 'players', null, {
        q: query.q ?? null,
        status: query.status ?? null,
        tag: query.tag ?? null,
        format: query.format,
        ...(query.format === 'csv' ? { rows: result.items.length } : { page: query.page }),
      });
      if (query.format === 'csv') return sendCsv(reply, 'players.csv', CSV_COLUMNS, result.items);
      return result;
    },
  );

  app.get(
    '/players/:id',
    {
      config: { permission: 'players.read' },
      schema: {
        operationId: 'staffGetPlayer',
        tags,
        summary: "A player's personal data, status and tags (each view is audited)",
        params: staffPlayerParamsSchema,
        response: { 200: staffPlayerProfileResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/players/{id} - the profile
      reply.header('cache-control', 'no-store');
      const player = await players.profile(request.params.id);
      await audit.viewed(staffActor(request), 'player_profile', player.id);
      return { player };
    },
  );

  app.get(
    '/players/:id/balances',
    {
      config: { permission: 'players.ledger.read' },
      schema: {
        operationId: 'staffGetPlayerBalances',
        tags,
        summary: "A player's main and bonus balances and what pending withdrawals hold (the view is audited)",
        params: staffPlayerParamsSchema,
        response: { 200: staffPlayerBalancesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/players/{id}/balances - the balances
      reply.header('cache-control', 'no-store');
      const balances = await players.balances(request.params.id);
      await audit.viewed(staffActor(request), 'player_balances', request.params.id);
      return balances;
    },
  );

  const lists = [
    ['ledger', 'players.ledger.read', staffPlayerLedgerSchema, 'ledger entries'],
    ['bets', 'players.read', staffPlayerBetsSchema, 'sports bets'],
    ['rounds', 'players.read', staffPlayerRoundsSchema, 'casino game rounds (per round: bet, win, rolled back)'],
    ['bonuses', 'players.read', staffPlayerBonusesSchema, 'bonuses'],
    ['payments', 'players.read', staffPlayerPaymentsSchema, 'deposits'],
    ['withdrawals', 'players.read', staffPlayerWithdrawalsSchema, 'withdrawals'],
  ] as const;
  for (const [kind, permission, response, what] of lists) {
    app.get(
      `/players/:id/${kind}`,
      {
        config: { permission: permission satisfies StaffPermission },
        schema: {
          operationId: `staffListPlayer${kind[0]!.toUpperCase()}${kind.slice(1)}`,
          tags,
          summary: `A player's ${what}, newest first, one page (the view is audited)`,
          params: staffPlayerParamsSchema,
          querystring: staffPlayerListQuerySchema,
          response: { 200: response, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        // GET /spa/staff/players/{id}/{ledger|bets|rounds|bonuses|payments|withdrawals} - one tab's page
        reply.header('cache-control', 'no-store');
        const page = await players[kind](request.params.id, request.query);
        await audit.viewed(staffActor(request), `player_${kind}`, request.params.id, { page: request.query.page });
        return page;
      },
    );
  }

  app.get(
    '/players/:id/sessions',
    {
      config: { permission: 'players.read' },
      schema: {
        operationId: 'staffListPlayerSessions',
        tags,
        summary: "A player's live site sessions, newest first (the view is audited)",
        params: staffPlayerParamsSchema,
        response: { 200: staffPlayerSessionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/players/{id}/sessions - where the player is signed in
      reply.header('cache-control', 'no-store');
      const items = await players.sessions(request.params.id);
      await audit.viewed(staffActor(request), 'player_sessions', request.params.id);
      return { items };
    },
  );

  app.post(
    '/players/:id/sessions/end',
    {
      config: { permission: 'players.sessions.end' },
      schema: {
        operationId: 'staffEndPlayerSessions',
        tags,
        summary:
          "Ends every session of a player: the site's (the next request is signed out) and the game sessions they " +
          'opened (audited)',
        params: staffPlayerParamsSchema,
        response: { 200: staffEndSessionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // POST /spa/staff/players/{id}/sessions/end - sign the player out everywhere
      return players.endSessions(staffActor(request), request.params.id);
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/players/:id/${action}`,
      {
        config: { permission: 'players.block' },
        schema: {
          operationId: blocked ? 'staffBlockPlayer' : 'staffUnblockPlayer',
          tags,
          summary: blocked
            ? 'Blocks a player, with a reason: no sign-in, no play, and every open session ends (audited)'
            : 'Unblocks a player, with a reason (audited)',
          params: staffPlayerParamsSchema,
          body: staffPlayerReasonBodySchema,
          response: {
            200: z.object({ status: z.enum(['active', 'blocked']), sessionsEnded: z.number().int() }),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        // POST /spa/staff/players/{id}/block|unblock - no more sign-ins and play, or again
        return players.setBlocked(staffActor(request), request.params.id, blocked, request.body.reason);
      },
    );
  }

  app.get(
    '/players/:id/notes',
    {
      config: { permission: 'players.notes' },
      schema: {
        operationId: 'staffListPlayerNotes',
        tags,
        summary: 'Staff notes on a player, newest first, with their author (the view is audited)',
        params: staffPlayerParamsSchema,
        response: { 200: staffPlayerNotesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/players/{id}/notes - what colleagues wrote
      reply.header('cache-control', 'no-store');
      const items = await players.notes(request.params.id);
      await audit.viewed(staffActor(request), 'player_notes', request.params.id);
      return { items };
    },
  );

  app.post(
    '/players/:id/notes',
    {
      config: { permission: 'players.notes' },
      schema: {
        operationId: 'staffAddPlayerNote',
        tags,
        summary: 'Appends a note on a player (notes are never edited or deleted; audited)',
        params: staffPlayerParamsSchema,
        body: staffPlayerNoteBodySchema,
        response: { 201: staffPlayerNotesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/players/{id}/notes - a new note
      await players.addNote(staffActor(request), request.params.id, request.body.body);
      return reply.code(201).send({ items: await players.notes(request.params.id) });
    },
  );

  app.post(
    '/players/:id/tags',
    {
      config: { permission: 'players.tags' },
      schema: {
        operationId: 'staffAddPlayerTag',
        tags,
        summary: 'Adds a tag to a player (audited)',
        params: staffPlayerParamsSchema,
        body: staffPlayerTagBodySchema,
        response: {
          200: z.object({ tags: z.array(staffPlayerTagSchema) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      // POST /spa/staff/players/{id}/tags - tag a player
      return { tags: await players.setTag(staffActor(request), request.params.id, request.body.tag, true) };
    },
  );

  app.delete(
    '/players/:id/tags/:tag',
    {
      config: { permission: 'players.tags' },
      schema: {
        operationId: 'staffRemovePlayerTag',
        tags,
        summary: "Removes a player's tag (audited)",
        params: staffPlayerTagParamsSchema,
        response: {
          200: z.object({ tags: z.array(staffPlayerTagSchema) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      // DELETE /spa/staff/players/{id}/tags/{tag} - untag a player
      return { tags: await players.setTag(staffActor(request), request.params.id, request.params.tag, false) };
    },
  );
};

export default staffPlayerRoutes;
