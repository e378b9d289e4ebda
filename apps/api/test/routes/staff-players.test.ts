import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  staffPlayerBalancesSchema,
  staffPlayerLedgerSchema,
  staffPlayerNotesSchema,
  staffPlayerPaymentsSchema,
  staffPlayerProfileResponseSchema,
  staffPlayerRoundsSchema,
  staffPlayerSearchResponseSchema,
  staffPlayerSessionsSchema,
  walletResponseSchema,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  signedInPlayer,
  walletCall,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import { login } from './auth-helpers';

let t: CasinoTestApp;
let support: StaffCaller;
let finance: StaffCaller;
let marketing: StaffCaller;
let riskStaff: StaffCaller;

beforeAll(async () => {
  t = await buildCasinoApp();
  support = await staffCaller(t, ['support']);
  finance = await staffCaller(t, ['finance']);
  marketing = await staffCaller(t, ['marketing']);
  riskStaff = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

const call = (who: StaffCaller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** A player with a known password (so sign-in can be tried) and a phone number. */
async function playerWithPassword(phone = `+4915${Math.floor(Math.random() * 1e9)}`) {
  const username = `bo_${randomUUID().slice(0, 8)}`;
  const password = 'a long enough passphrase';
  const user = await t.app.services.accounts.createUser(
    { email: `${username}@example.test`, username, password },
    { id: null, ip: null, via: 'direct' },
  );
  await t.db.update(schema.users).set({ phone }).where(eq(schema.users.id, user.id));
  return { id: user.id, email: `${username}@example.test`, username, password, phone };
}

async function signIn(loginName: string, password: string): Promise<Player['headers']> {
  const response = await login(t.app, loginName, password);
  expect(response.statusCode).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, origin: 'http://localhost:3000' };
}

async function auditRows(userId: number, event: string) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.userId, userId), like(schema.auditLog.event, event)))
    .orderBy(schema.auditLog.id);
}

const me = (headers: Player['headers']) => t.app.inject({ method: 'GET', url: '/spa/users/me', headers });

describe('the players search', () => {
  it('can read trigram indexes for any part of an e-mail, username or phone instead of every user', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // The demo has a handful of users, where reading them all is cheapest: ask what the planner could use.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select id from users where role = 'player'
              and (email ilike ${'%ann%'} or username ilike ${'%ann%'} or phone ilike ${'%1701%'})`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
    for (const index of ['users_email_trgm_idx', 'users_username_trgm_idx', 'users_phone_trgm_idx']) {
      expect(plan).toContain(index);
    }
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('finds a player by e-mail, username, phone (any part) and id; staff accounts are never listed', async () => {
    const player = await playerWithPassword('+491701234567');
    for (const q of [player.email.toUpperCase(), player.username.slice(0, 7), '1701234', String(player.id)]) {
      const response = await call(support, 'GET', `/spa/staff/players?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const page = staffPlayerSearchResponseSchema.parse(response.json());
      expect(
        page.items.map((row) => row.id),
        q,
      ).toContain(player.id);
    }
    const staff = staffPlayerSearchResponseSchema.parse(
      (await call(support, 'GET', `/spa/staff/players?q=${support.email}`)).json(),
    );
    expect(staff.total).toBe(0);
    // a like wildcard is a literal character, not "everything"
    const wildcard = staffPlayerSearchResponseSchema.parse(
      (await call(support, 'GET', '/spa/staff/players?q=%25')).json(),
    );
    expect(wildcard.total).toBe(0);
    const views = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.actorId, support.id), eq(schema.auditLog.event, 'staff_view_players')));
    expect(views.length).toBeGreaterThanOrEqual(6);
  });

  it('pages and sorts by a whitelisted column only; an unknown sort or page size is a 400', async () => {
    const created = [await playerWithPassword(), await playerWithPassword(), await playerWithPassword()];
    const asc = staffPlayerSearchResponseSchema.parse(
      (await call(finance, 'GET', '/spa/staff/players?sort=id&dir=asc&pageSize=2&page=1')).json(),
    );
    expect(asc.items).toHaveLength(2);
    expect(asc.items[0]!.id).toBeLessThan(asc.items[1]!.id);
    expect(asc.total).toBeGreaterThanOrEqual(3);
    const desc = staffPlayerSearchResponseSchema.parse(
      (await call(finance, 'GET', '/spa/staff/players?sort=id&dir=desc&pageSize=1')).json(),
    );
    expect(desc.items[0]!.id).toBe(Math.max(...created.map((player) => player.id)));
    // the database's collation orders e-mails; whatever it is, the other direction is the exact reverse
    const byEmail = async (dir: string) =>
      staffPlayerSearchResponseSchema
        .parse((await call(finance, 'GET', `/spa/staff/players?sort=email&dir=${dir}&pageSize=100`)).json())
        .items.map((row) => row.id);
    const ascending = await byEmail('asc');
    expect(ascending.length).toBeGreaterThanOrEqual(3);
    expect(await byEmail('desc')).toEqual([...ascending].reverse());
    for (const query of ['sort=password_hash', 'sort=id;drop', 'pageSize=101', 'page=0', 'dir=up', 'status=gone']) {
      expectErrorEnvelope(await call(finance, 'GET', `/spa/staff/players?${query}`), 400, 'validation_failed');
    }
  });
});

describe('the CSV export of the search', () => {
  it('exports the whole filtered result (not the page), formula-safe, and audits the export', async () => {
    const tag = `csv${randomUUID().slice(0, 6)}`;
    const tagged = [await playerWithPassword(), await playerWithPassword(), await playerWithPassword()];
    // a username cannot start with '=', but an e-mail's local part may hold one
    await t.db
      .update(schema.users)
      .set({ email: `=HYPERLINK("x")${tagged[0]!.email}` })
      .where(eq(schema.users.id, tagged[0]!.id));
    for (const player of tagged) await call(support, 'POST', `/spa/staff/players/${player.id}/tags`, { tag });
    const response = await call(
      support,
      'GET',
      `/spa/staff/players?tag=${tag}&pageSize=1&page=2&sort=id&dir=asc&format=csv`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="players.csv"');
    const rows = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual(['id', 'email', 'username', 'phone', 'country', 'currency', 'status', 'registered']);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(tagged.map((player) => player.id));
    expect(rows[1]![1]!.startsWith("'=HYPERLINK")).toBe(true);
    const [exported] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.actorId, support.id), like(schema.auditLog.event, 'staff_view_players')))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(exported!.metadata).toMatchObject({ tag, format: 'csv', rows: 3 });
    expectErrorEnvelope(await call(marketing, 'GET', '/spa/staff/players?format=csv'), 403, 'forbidden');
    expectErrorEnvelope(await call(support, 'GET', '/spa/staff/players?format=xlsx'), 400, 'validation_failed');
  });
});

describe("a player's page", () => {
  it('shows the profile (each view audited) and refuses staff accounts, unknown ids and bad ids', async () => {
    const player = await playerWithPassword();
    const response = await call(support, 'GET', `/spa/staff/players/${player.id}`);
    expect(response.statusCode).toBe(200);
    const { player: profile } = staffPlayerProfileResponseSchema.parse(response.json());
    expect(profile).toMatchObject({ id: player.id, email: player.email, status: 'active', tags: [] });
    expect(await auditRows(player.id, 'staff_view_player_profile')).toHaveLength(1);

    expectErrorEnvelope(await call(support, 'GET', `/spa/staff/players/${finance.id}`), 404, 'not_found');
    expectErrorEnvelope(await call(support, 'GET', `/spa/staff/players/${support.id}`), 404, 'not_found');
    expectErrorEnvelope(await call(support, 'GET', '/spa/staff/players/999999999'), 404, 'not_found');
    expectErrorEnvelope(await call(support, 'GET', '/spa/staff/players/abc'), 400, 'validation_failed');
    expectErrorEnvelope(await call(marketing, 'GET', `/spa/staff/players/${player.id}`), 403, 'forbidden');
  });

  it("lists the player's balances, ledger, game rounds and deposits from the domains that own them", async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 10_000n);
    const sessionId = await openGameSession(t, 'netstar', player, 'book-of-gold');
    const roundId = `round-${randomUUID()}`;
    const base = { sessionId, roundId, playerId: String(player.id), gameId: 'book-of-gold', currency: 'EUR' };
    const bet = await walletCall(t, 'netstar', 'bet', { ...base, transactionId: `tx-${randomUUID()}`, amount: '2.50' });
    expect(walletResponseSchema.parse(bet.json())).toMatchObject({ status: 'ok' });
    const win = await walletCall(t, 'netstar', 'win', { ...base, transactionId: `tx-${randomUUID()}`, amount: '7.00' });
    expect(walletResponseSchema.parse(win.json())).toMatchObject({ status: 'ok' });

    const balances = staffPlayerBalancesSchema.parse(
      (await call(finance, 'GET', `/spa/staff/players/${player.id}/balances`)).json(),
    );
    expect(balances).toEqual({ currency: 'EUR', main: '104.50', bonus: '0.00', withdrawalsPending: '0.00' });

    const ledger = staffPlayerLedgerSchema.parse(
      (await call(finance, 'GET', `/spa/staff/players/${player.id}/ledger?pageSize=2`)).json(),
    );
    expect(ledger).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(ledger.items.map((item) => item.amount)).toEqual(['7.00', '-2.50']);

    const rounds = staffPlayerRoundsSchema.parse(
      (await call(support, 'GET', `/spa/staff/players/${player.id}/rounds`)).json(),
    );
    expect(rounds.items).toEqual([
      expect.objectContaining({ provider: 'netstar', roundId, game: 'book-of-gold', bet: '2.50', win: '7.00' }),
    ]);

    const payments = staffPlayerPaymentsSchema.parse(
      (await call(support, 'GET', `/spa/staff/players/${player.id}/payments`)).json(),
    );
    expect(payments).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    for (const kind of ['bets', 'bonuses', 'withdrawals']) {
      const list = await call(riskStaff, 'GET', `/spa/staff/players/${player.id}/${kind}`);
      expect([kind, list.statusCode]).toEqual([kind, 200]);
      expect(list.json()).toMatchObject({ items: [], total: 0 });
    }
    const views = await auditRows(player.id, 'staff_view_player_%');
    expect(views.map((row) => row.event)).toEqual(
      expect.arrayContaining([
        'staff_view_player_balances',
        'staff_view_player_ledger',
        'staff_view_player_rounds',
        'staff_view_player_payments',
        'staff_view_player_bets',
      ]),
    );
    expectErrorEnvelope(
      await call(support, 'GET', `/spa/staff/players/${player.id}/ledger?pageSize=1000`),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(await call(marketing, 'GET', `/spa/staff/players/${player.id}/rounds`), 403, 'forbidden');
  });
});

describe('ending all sessions', () => {
  it("ends the player's web and game sessions: the next request is signed out, the provider's next call refused", async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 10_000n);
    const gameSession = await openGameSession(t, 'netstar', player, 'book-of-gold');
    expect((await me(player.headers)).statusCode).toBe(200);

    const listed = staffPlayerSessionsSchema.parse(
      (await call(support, 'GET', `/spa/staff/players/${player.id}/sessions`)).json(),
    );
    expect(listed.items).toHaveLength(1);

    // finance may read but not end sessions: refused, nothing ends
    expectErrorEnvelope(await call(finance, 'POST', `/spa/staff/players/${player.id}/sessions/end`), 403, 'forbidden');
    expect((await me(player.headers)).statusCode).toBe(200);

    const ended = await call(support, 'POST', `/spa/staff/players/${player.id}/sessions/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expectErrorEnvelope(await me(player.headers), 401, 'unauthorized');
    const bet = await walletCall(t, 'netstar', 'bet', {
      sessionId: gameSession,
      transactionId: `tx-${randomUUID()}`,
      roundId: `round-${randomUUID()}`,
      playerId: String(player.id),
      gameId: 'book-of-gold',
      amount: '1.00',
      currency: 'EUR',
    });
    expect(walletResponseSchema.parse(bet.json())).toMatchObject({ status: 'error', code: 'session_invalid' });

    const [row] = await auditRows(player.id, 'staff_player_sessions_ended');
    expect(row).toMatchObject({
      actorId: support.id,
      before: { sessions: [listed.items[0]!.id] },
      after: { sessions: [] },
    });
  });
});

describe('block and unblock', () => {
  it('a blocked player cannot sign in or play and their sessions end; unblocking lets them in again', async () => {
    const player = await playerWithPassword();
    const headers = await signIn(player.email, player.password);
    expect((await me(headers)).statusCode).toBe(200);

    // no reason: refused, nothing changes
    expectErrorEnvelope(
      await call(support, 'POST', `/spa/staff/players/${player.id}/block`, { reason: ' ' }),
      400,
      'validation_failed',
    );
    expect((await me(headers)).statusCode).toBe(200);
    expectErrorEnvelope(
      await call(finance, 'POST', `/spa/staff/players/${player.id}/block`, { reason: 'fraud suspicion' }),
      403,
      'forbidden',
    );

    const blocked = await call(support, 'POST', `/spa/staff/players/${player.id}/block`, {
      reason: 'chargeback fraud',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ status: 'blocked', sessionsEnded: 1 });
    expectErrorEnvelope(await me(headers), 401, 'unauthorized');
    expectErrorEnvelope(await login(t.app, player.email, player.password), 403, 'account_blocked');
    expectErrorEnvelope(
      await call(support, 'POST', `/spa/staff/players/${player.id}/block`, { reason: 'again' }),
      409,
      'player_status_unchanged',
    );
    const { player: profile } = staffPlayerProfileResponseSchema.parse(
      (await call(support, 'GET', `/spa/staff/players/${player.id}`)).json(),
    );
    expect(profile).toMatchObject({ status: 'blocked', blockedReason: 'chargeback fraud' });
    const onlyBlocked = staffPlayerSearchResponseSchema.parse(
      (await call(support, 'GET', `/spa/staff/players?status=blocked&q=${player.username}`)).json(),
    );
    expect(onlyBlocked.items.map((row) => row.id)).toEqual([player.id]);

    const unblocked = await call(riskStaff, 'POST', `/spa/staff/players/${player.id}/unblock`, {
      reason: 'cleared by the bank',
    });
    expect(unblocked.json()).toEqual({ status: 'active', sessionsEnded: 0 });
    expect((await login(t.app, player.email, player.password)).statusCode).toBe(200);

    const audit = await auditRows(player.id, 'staff_player_%blocked');
    expect(audit.map((row) => [row.event, row.actorId, row.before, row.after, row.metadata['reason']])).toEqual([
      ['staff_player_blocked', support.id, { status: 'active' }, { status: 'blocked' }, 'chargeback fraud'],
      ['staff_player_unblocked', riskStaff.id, { status: 'blocked' }, { status: 'active' }, 'cleared by the bank'],
    ]);
  });

  it('a blocked player cannot launch a real-money game', async () => {
    const player = await playerWithPassword();
    const headers = await signIn(player.username, player.password);
    await call(support, 'POST', `/spa/staff/players/${player.id}/block`, { reason: 'bonus abuse' });
    const launch = await t.app.inject({
      method: 'POST',
      url: '/spa/games/book-of-gold/launch',
      headers,
      payload: { mode: 'real' },
    });
    expect(launch.statusCode).toBe(401);
  });

  it('nobody acts on their own account (403) nor on another staff account (404): nothing changes', async () => {
    expectErrorEnvelope(
      await call(support, 'POST', `/spa/staff/players/${support.id}/block`, { reason: 'trying it on' }),
      403,
      'own_account',
    );
    expectErrorEnvelope(
      await call(support, 'POST', `/spa/staff/players/${finance.id}/block`, { reason: 'trying it on' }),
      404,
      'not_found',
    );
    expectErrorEnvelope(await call(support, 'POST', `/spa/staff/players/${finance.id}/sessions/end`), 404, 'not_found');
    expect((await call(finance, 'GET', '/spa/staff/me')).statusCode).toBe(200);
    const statuses = await t.db
      .select({ status: schema.users.status })
      .from(schema.users)
      .where(eq(schema.users.role, 'staff'));
    expect(statuses.every((row) => row.status === 'active')).toBe(true);
  });
});

describe('notes and tags', () => {
  it('appends notes with their author and time; an empty note is refused and writes nothing', async () => {
    const player = await playerWithPassword();
    expectErrorEnvelope(
      await call(support, 'POST', `/spa/staff/players/${player.id}/notes`, { body: '   ' }),
      400,
      'validation_failed',
    );
    const first = await call(support, 'POST', `/spa/staff/players/${player.id}/notes`, {
      body: 'Called about a bonus.',
    });
    expect(first.statusCode).toBe(201);
    await call(finance, 'POST', `/spa/staff/players/${player.id}/notes`, { body: 'Asked for a bank statement.' });
    const notes = staffPlayerNotesSchema.parse(
      (await call(riskStaff, 'GET', `/spa/staff/players/${player.id}/notes`)).json(),
    );
    expect(notes.items.map((note) => [note.body, note.author])).toEqual([
      ['Asked for a bank statement.', finance.username],
      ['Called about a bonus.', support.username],
    ]);
    expectErrorEnvelope(
      await call(marketing, 'POST', `/spa/staff/players/${player.id}/notes`, { body: 'no' }),
      403,
      'forbidden',
    );
    const [counted] = await t.db
      .select({ value: count() })
      .from(schema.playerNotes)
      .where(eq(schema.playerNotes.userId, player.id));
    expect(counted!.value).toBe(2);
    expect(await auditRows(player.id, 'staff_player_note_added')).toHaveLength(2);
  });

  it('adds and removes tags (marketing too), searches by tag, refuses bad or repeated tags', async () => {
    const player = await playerWithPassword();
    const added = await call(marketing, 'POST', `/spa/staff/players/${player.id}/tags`, { tag: ' VIP ' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ tags: [{ tag: 'vip', addedBy: marketing.username }] });
    expectErrorEnvelope(
      await call(support, 'POST', `/spa/staff/players/${player.id}/tags`, { tag: 'vip' }),
      409,
      'player_tag_unchanged',
    );
    for (const tag of ['', 'two words', 'x'.repeat(33), '<b>']) {
      expectErrorEnvelope(
        await call(support, 'POST', `/spa/staff/players/${player.id}/tags`, { tag }),
        400,
        'validation_failed',
      );
    }
    const tagged = staffPlayerSearchResponseSchema.parse(
      (await call(support, 'GET', '/spa/staff/players?tag=vip')).json(),
    );
    expect(tagged.items.map((row) => row.id)).toEqual([player.id]);
    const removed = await call(riskStaff, 'DELETE', `/spa/staff/players/${player.id}/tags/vip`);
    expect(removed.json()).toEqual({ tags: [] });
    expectErrorEnvelope(
      await call(riskStaff, 'DELETE', `/spa/staff/players/${player.id}/tags/vip`),
      409,
      'player_tag_unchanged',
    );
    expectErrorEnvelope(
      await call(finance, 'POST', `/spa/staff/players/${player.id}/tags`, { tag: 'x' }),
      403,
      'forbidden',
    );
    const audit = await auditRows(player.id, 'staff_player_tag_%');
    expect(audit.map((row) => [row.event, row.before, row.after])).toEqual([
      ['staff_player_tag_added', { tag: null }, { tag: 'vip' }],
      ['staff_player_tag_removed', { tag: 'vip' }, { tag: null }],
    ]);
  });
});
