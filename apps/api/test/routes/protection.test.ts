import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { seedBonuses } from '@playhouse/db/seed/bonuses';
import {
  jurisdictionResponseSchema,
  playerLimitsResponseSchema,
  protectionResponseSchema,
  realityCheckSchema,
  statementResponseSchema,
  verificationSchema,
  walletResponseSchema,
  type PlayerLimit,
} from '@playhouse/shared';
import { createPasswordHasher } from '../../src/services/auth/password-hasher';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  SITE_ORIGIN,
  walletCall,
  type CasinoTestApp,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

let t: CasinoTestApp;
let documentDir: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse battery';
const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
let passwordHash: string;

beforeAll(async () => {
  documentDir = await mkdtemp(path.join(tmpdir(), 'playhouse-documents-test-'));
  passwordHash = await hasher.hashPassword(PASSWORD);
  t = await buildCasinoApp({
    TEST_CLOCK: 'on',
    JURISDICTION_COUNTRIES: 'GB=uk,MT=mga',
    DOCUMENT_DIR: documentDir,
  });
});
afterAll(async () => {
  await t.close();
  await rm(documentDir, { recursive: true, force: true });
});

interface Player {
  id: number;
  email: string;
  headers: { cookie: string; origin: string };
  sessionId: number;
}

let sequence = 0;
/** A player with a password and a live session; the country picks the jurisdiction profile. */
async function player(options: { country?: string; role?: 'player' | 'staff' } = {}): Promise<Player> {
  sequence += 1;
  const username = `protect_${sequence}_${randomUUID().slice(0, 6)}`;
  const [user] = await t.db
    .insert(schema.users)
    .values({
      email: `${username}@example.test`,
      username,
      passwordHash,
      currency: 'EUR',
      country: options.country ?? 'DE',
      role: options.role ?? 'player',
    })
    .returning({ id: schema.users.id });
  const staff = options.role === 'staff';
  // Staff here hold the risk role (documents, markers of harm) and a session that passed the second factor.
  if (staff)
    await t.db.insert(schema.staffMembers).values({ userId: user!.id, roles: ['risk'], totpEnabledAt: new Date() });
  const session = await t.app.services.sessions.create(
    t.db,
    user!.id,
    { ip: '127.0.0.1', userAgent: 'vitest' },
    staff ? { staff: true } : {},
  );
  return {
    id: user!.id,
    email: `${username}@example.test`,
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN },
    sessionId: session.sessionId,
  };
}

const request = (who: Player | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

const setLimit = (who: Player, kind: string, period: string, amount: string | null) =>
  request(who, 'PUT', '/spa/users/limits', { kind, period, amount });

const limitOf = (limits: PlayerLimit[], kind: string, period: string) =>
  limits.find((limit) => limit.kind === kind && limit.period === period)!;

const advance = (who: Player, ms: number) => request(who, 'POST', '/spa/jurisdiction/test-clock', { ms });

const gameSessions = new Map<number, string>();
/** The player's game session at the provider (opened once, while the player may still launch games). */
async function gameSession(who: Player): Promise<string> {
  let session = gameSessions.get(who.id);
  if (!session) {
    session = await openGameSession(t, 'netstar', who, 'book-of-gold');
    gameSessions.set(who.id, session);
  }
  return session;
}

let round = 0;
/** A seamless-wallet bet (and, when `win` is given, its win) on a catalogue slot, as the provider sends them. */
async function bet(who: Player, amount: string, win?: string) {
  round += 1;
  const base = {
    roundId: `r-${round}-${randomUUID()}`,
    playerId: String(who.id),
    gameId: 'book-of-gold',
    currency: 'EUR',
    sessionId: await gameSession(who),
  };
  const answer = await walletCall(t, 'netstar', 'bet', { ...base, transactionId: `b-${randomUUID()}`, amount });
  expect(answer.statusCode, answer.body).toBe(200);
  const debit = walletResponseSchema.parse(answer.json());
  if (win !== undefined && debit.status === 'ok') {
    await walletCall(t, 'netstar', 'win', { ...base, transactionId: `w-${randomUUID()}`, amount: win });
  }
  return debit;
}

const deposit = (who: Player, amount = '20.00') =>
  t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/deposits',
    headers: { ...who.headers, 'idempotency-key': `dep-${randomUUID()}` },
    payload: { method: 'sandbox_card', amount },
  });

const withdraw = (who: Player, amount = '20.00') =>
  t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/withdrawals',
    headers: { ...who.headers, 'idempotency-key': `wd-${randomUUID()}` },
    payload: { method: 'sandbox_bank', amount, details: { iban: 'DE89370400440532013000', accountHolder: 'Ada' } },
  });

const launch = (who: Player | null, mode: 'real' | 'demo', slug = 'dice') =>
  t.app.inject({
    method: 'POST',
    url: `/spa/games/${slug}/launch`,
    headers: who?.headers ?? { origin: SITE_ORIGIN },
    payload: { mode },
  });

describe('jurisdiction profiles', () => {
  it('GET /spa/jurisdiction and /spa/health show the active profile and the country overrides', async () => {
    const answer = jurisdictionResponseSchema.parse((await request(null, 'GET', '/spa/jurisdiction')).json());
    expect(answer.active).toMatchObject({ code: 'default', limitsRequiredAtRegistration: false });
    expect(answer.countries).toEqual({ GB: 'uk', MT: 'mga' });
    expect((await request(null, 'GET', '/spa/health')).json()).toMatchObject({ jurisdiction: 'default' });
  });

  it("GET /spa/users/protection gives the player's own profile", async () => {
    const uk = await player({ country: 'GB' });
    const body = protectionResponseSchema.parse((await request(uk, 'GET', '/spa/users/protection')).json());
    expect(body.profile).toMatchObject({ code: 'uk', maxBonusWagering: 10, demoNeedsAgeVerification: true });
    expect(body.realityCheckMinutes).toBe(60);
    expect(body.restriction.state).toBe('active');
    expect(body.verification).toEqual({ identity: 'none', address: 'none', payment_method: 'none' });
  });

  it('refuses TEST_CLOCK for a public site', async () => {
    const { loadConfig } = await import('../../src/config');
    expect(() => loadConfig({ TEST_CLOCK: 'on', SITE_URL: 'https://casino.example.com' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ JURISDICTION_COUNTRIES: 'GB=narnia' })).toThrow(/JURISDICTION_COUNTRIES/);
  });
});

describe('limits', () => {
  it('PUT /spa/users/limits refuses a kind with the wrong period, bad amounts, and visitors', async () => {
    const who = await player();
    expectErrorEnvelope(await setLimit(who, 'loss', 'session', '10'), 400, 'validation_failed');
    expectErrorEnvelope(await setLimit(who, 'session', 'day', '30'), 400, 'validation_failed');
    expectErrorEnvelope(await setLimit(who, 'session', 'session', '5'), 400, 'validation_failed');
    expectErrorEnvelope(await setLimit(who, 'wager', 'day', '1.234'), 400, 'validation_failed');
    expectErrorEnvelope(await request(null, 'GET', '/spa/users/limits'), 401, 'unauthorized');
  });

  it('a loss limit allows a stake up to the boundary and refuses the one that would break it, saying when it resets', async () => {
    const who = await player();
    await fund(t, who.id, 100_00n);
    expect((await setLimit(who, 'loss', 'day', '10.00')).statusCode).toBe(200);
    // 6.00 staked and lost, 2.00 staked and 1.00 won: the day's loss is 7.00.
    expect((await bet(who, '6.00', '0.00')).status).toBe('ok');
    expect((await bet(who, '2.00', '1.00')).status).toBe('ok');
    expect((await bet(who, '3.00', '0.00')).status).toBe('ok');
    const refused = await bet(who, '0.01');
    expect(refused).toMatchObject({
      status: 'error',
      code: 'player_protection',
      detail: { code: 'limit_exceeded', fields: { kind: 'loss', period: 'day', limit: '10.00', remaining: '0.00' } },
    });
    const resetsAt = Date.parse(refused.status === 'error' ? refused.detail!.fields!.resetsAt! : '');
    expect(resetsAt).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(resetsAt).toBeLessThanOrEqual(Date.now() + DAY);
    const limits = playerLimitsResponseSchema.parse((await request(who, 'GET', '/spa/users/limits')).json()).limits;
    expect(limitOf(limits, 'loss', 'day')).toMatchObject({ used: '10.00', remaining: '0.00' });
  });

  it('stakes racing each other are checked one after the other: no two slip past a limit together', async () => {
    const who = await player();
    await fund(t, who.id, 100_00n);
    await setLimit(who, 'wager', 'day', '10.00');
    const answers = await Promise.all(Array.from({ length: 6 }, () => bet(who, '4.00')));
    expect(answers.filter((answer) => answer.status === 'ok')).toHaveLength(2);
    const limits = playerLimitsResponseSchema.parse((await request(who, 'GET', '/spa/users/limits')).json()).limits;
    expect(limitOf(limits, 'wager', 'day')).toMatchObject({ used: '8.00', remaining: '2.00' });
  });

  it('a wager limit counts stakes whatever they win, and the originals game host shows the refusal', async () => {
    const who = await player();
    await fund(t, who.id, 100_00n);
    await setLimit(who, 'wager', 'week', '5.00');
    expect((await bet(who, '4.00', '8.00')).status).toBe('ok');
    expect(await bet(who, '1.01')).toMatchObject({ detail: { fields: { kind: 'wager', period: 'week' } } });
    const launched = await launch(who, 'real');
    const session = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN },
      payload: { launchToken: launched.json().launch.token },
    });
    const played = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': session.json().session.token },
      payload: { bet: '1.01', params: { target: 5000, direction: 'under' } },
    });
    const body = expectErrorEnvelope(played, 409, 'limit_exceeded');
    expect(body.error.fields).toMatchObject({ kind: 'wager', period: 'week', remaining: '1.00' });
  });

  it('a raise waits 24 hours, then needs confirmation; a decrease applies at once', async () => {
    const who = await player();
    await setLimit(who, 'loss', 'month', '50.00');
    const lowered = playerLimitsResponseSchema.parse((await setLimit(who, 'loss', 'month', '40.00')).json());
    expect(limitOf(lowered.limits, 'loss', 'month')).toMatchObject({ amount: '40.00', pendingAmount: null });
    const raised = playerLimitsResponseSchema.parse((await setLimit(who, 'loss', 'month', '90.00')).json());
    expect(limitOf(raised.limits, 'loss', 'month')).toMatchObject({ amount: '40.00', pendingAmount: '90.00' });
    const confirm = () => request(who, 'POST', '/spa/users/limits/confirm', { kind: 'loss', period: 'month' });
    expectErrorEnvelope(await confirm(), 409, 'limit_cooling');
    await advance(who, DAY - 60_000);
    expectErrorEnvelope(await confirm(), 409, 'limit_cooling');
    await advance(who, 60_000);
    // Time alone changes nothing: the old limit holds until the player confirms.
    const waiting = playerLimitsResponseSchema.parse((await request(who, 'GET', '/spa/users/limits')).json());
    expect(limitOf(waiting.limits, 'loss', 'month')).toMatchObject({ amount: '40.00', pendingAmount: '90.00' });
    const confirmed = playerLimitsResponseSchema.parse((await confirm()).json());
    expect(limitOf(confirmed.limits, 'loss', 'month')).toMatchObject({ amount: '90.00', pendingEffectiveAt: null });
    expectErrorEnvelope(await confirm(), 409, 'limit_not_pending');
  });

  it('a session time limit ends the session once reached', async () => {
    const who = await player();
    expect((await setLimit(who, 'session', 'session', '30')).statusCode).toBe(200);
    expect((await request(who, 'GET', '/spa/users/me')).statusCode).toBe(200);
    await t.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(schema.sessions.id, who.sessionId));
    expectErrorEnvelope(await request(who, 'GET', '/spa/users/me'), 401, 'unauthorized');
  });
});

describe('reality checks', () => {
  it('pauses play when due until the player answers, and reports the session net', async () => {
    const who = await player();
    await fund(t, who.id, 50_00n);
    const set = await request(who, 'PUT', '/spa/users/protection/reality-check', { minutes: 15 });
    expect(realityCheckSchema.parse(set.json())).toMatchObject({ intervalMinutes: 15, due: false });
    expectErrorEnvelope(
      await request(who, 'PUT', '/spa/users/protection/reality-check', { minutes: 7 }),
      400,
      'validation_failed',
    );
    expect((await bet(who, '3.00', '1.00')).status).toBe('ok');
    await advance(who, 15 * 60_000 + 1000);
    const state = realityCheckSchema.parse((await request(who, 'GET', '/spa/users/protection/reality-check')).json());
    expect(state).toMatchObject({ due: true, net: '-2.00', staked: '3.00' });
    expect(await bet(who, '1.00')).toMatchObject({ code: 'player_protection', detail: { code: 'reality_check_due' } });
    const answered = await request(who, 'POST', '/spa/users/protection/reality-check/acknowledge');
    expect(realityCheckSchema.parse(answered.json()).due).toBe(false);
    expect((await bet(who, '1.00')).status).toBe('ok');
  });
});

describe('time-outs, self-exclusion and closure', () => {
  const restrict = (who: Player, body: Record<string, unknown>) =>
    request(who, 'POST', '/spa/users/protection/restrictions', body);

  it('a one-week time-out blocks deposits, bets, games and bonuses, leaves withdrawals open, and cannot be ended early', async () => {
    const who = await player();
    await fund(t, who.id, 100_00n);
    // A game opened before the break: its provider's bets are refused too.
    await gameSession(who);
    expectErrorEnvelope(
      await restrict(who, { kind: 'timeout', duration: '1w', password: 'wrong password' }),
      403,
      'invalid_password',
    );
    const taken = await restrict(who, { kind: 'timeout', duration: '1w', password: PASSWORD });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ state: 'restricted', kind: 'timeout', duration: '1w' });

    const refusedDeposit = expectErrorEnvelope(await deposit(who), 403, 'player_restricted');
    expect(refusedDeposit.error.fields).toMatchObject({ kind: 'timeout' });
    expectErrorEnvelope(await launch(who, 'real'), 403, 'player_restricted');
    expectErrorEnvelope(await launch(who, 'demo'), 403, 'player_restricted');
    expect(await bet(who, '1.00')).toMatchObject({ code: 'player_protection', detail: { code: 'player_restricted' } });
    expect((await request(who, 'GET', '/spa/users/bonuses')).json()).toMatchObject({ offers: [], active: null });
    expect((await withdraw(who, '30.00')).statusCode).toBe(201);

    // A shorter break cannot replace it, and nobody can end it early.
    expectErrorEnvelope(
      await restrict(who, { kind: 'timeout', duration: '24h', password: PASSWORD }),
      409,
      'restriction_active',
    );
    expectErrorEnvelope(
      await request(who, 'POST', '/spa/users/protection/return', { password: PASSWORD }),
      409,
      'restriction_not_ended',
    );

    // After the week the player must ask to come back and wait 24 hours more.
    await advance(who, 7 * DAY + 1000);
    expect((await request(who, 'GET', '/spa/users/protection')).json().restriction.state).toBe('ended');
    expectErrorEnvelope(await deposit(who), 403, 'player_restricted');
    const returning = await request(who, 'POST', '/spa/users/protection/return', { password: PASSWORD });
    expect(returning.json()).toMatchObject({ state: 'returning' });
    expectErrorEnvelope(await deposit(who), 403, 'player_restricted');
    await advance(who, DAY);
    expect((await request(who, 'GET', '/spa/users/protection')).json().restriction.state).toBe('active');
    expect((await deposit(who)).statusCode).toBe(201);
  });

  it('taking a break forfeits the bonus being wagered and withdraws open offers', async () => {
    const who = await player();
    await seedBonuses(t.db);
    const [campaign] = await t.db.select().from(schema.bonusCampaigns).limit(1);
    await t.db.insert(schema.userBonuses).values({
      id: randomUUID(),
      userId: who.id,
      campaignId: campaign!.id,
      triggerRef: `manual:${randomUUID()}`,
      currency: 'EUR',
      status: 'offered',
      amount: 500n,
    });
    await restrict(who, { kind: 'self_exclusion', duration: '6m', password: PASSWORD });
    const offers = await t.db.select().from(schema.userBonuses).where(eq(schema.userBonuses.userId, who.id));
    expect(offers.map((offer) => offer.status)).toEqual(['rejected']);
  });

  it('a permanent self-exclusion never ends; a closure can be reopened after 24 hours', async () => {
    const excluded = await player();
    await restrict(excluded, { kind: 'self_exclusion', duration: 'permanent', password: PASSWORD });
    await advance(excluded, 6 * 365 * DAY);
    expectErrorEnvelope(
      await request(excluded, 'POST', '/spa/users/protection/return', { password: PASSWORD }),
      409,
      'restriction_not_ended',
    );
    expectErrorEnvelope(await deposit(excluded), 403, 'player_restricted');

    const closing = await player();
    const closed = await restrict(closing, { kind: 'closure', reason: 'too_much_time', password: PASSWORD });
    expect(closed.json()).toMatchObject({ state: 'restricted', kind: 'closure', endsAt: null });
    expectErrorEnvelope(await deposit(closing), 403, 'player_restricted');
    await request(closing, 'POST', '/spa/users/protection/return', { password: PASSWORD });
    await advance(closing, DAY);
    expect((await deposit(closing)).statusCode).toBe(201);
    expectErrorEnvelope(
      await restrict(closing, { kind: 'closure', reason: 'nope', password: PASSWORD }),
      400,
      'validation_failed',
    );
  });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
/** A Windows executable's first bytes: what a renamed .exe starts with. */
const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'),
  Buffer.alloc(200),
]);

function multipart(fileName: string, body: Buffer, contentType = 'image/jpeg') {
  const boundary = `----playhouse${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (who: Player | null, type: string, fileName: string, body: Buffer) => {
  const form = multipart(fileName, body);
  return t.app.inject({
    method: 'POST',
    url: `/spa/users/documents/${type}`,
    headers: { ...(who?.headers ?? { origin: SITE_ORIGIN }), 'content-type': form.contentType },
    payload: form.payload,
  });
};

async function storedFiles(): Promise<number> {
  const users = await readdir(documentDir).catch(() => [] as string[]);
  let files = 0;
  for (const user of users) files += (await readdir(path.join(documentDir, user))).length;
  return files;
}

async function documentRows(): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(schema.kycDocuments);
  return row!.value;
}

describe('identity documents', () => {
  it('refuses a renamed executable, an oversize file and a path in the name with a 4xx, storing nothing', async () => {
    const who = await player();
    const before = { rows: await documentRows(), files: await storedFiles() };
    expectErrorEnvelope(await upload(who, 'identity', 'passport.jpg', EXE), 415, 'document_rejected_type');
    expectErrorEnvelope(
      await upload(who, 'identity', 'notes.png', Buffer.from('just some text, not a picture')),
      415,
      'document_rejected_type',
    );
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expectErrorEnvelope(await upload(who, 'identity', 'passport.png', huge), 413, 'document_too_large');
    for (const name of ['../../etc/passwd.png', 'C:\\Windows\\passport.png', 'dir/passport.png', '..png']) {
      expectErrorEnvelope(await upload(who, 'identity', name, PNG), 400, 'validation_failed');
    }
    expectErrorEnvelope(await upload(who, 'passport', 'passport.png', PNG), 400, 'validation_failed');
    expectErrorEnvelope(await upload(null, 'identity', 'passport.png', PNG), 401, 'unauthorized');
    expectErrorEnvelope(
      await request(who, 'POST', '/spa/users/documents/identity', { file: 'not multipart' }),
      406,
      'bad_request',
    );
    expect({ rows: await documentRows(), files: await storedFiles() }).toEqual(before);
  });

  it('stores an upload outside the web root for staff review; approval opens the UK gates and e-mails the player', async () => {
    const uk = await player({ country: 'GB' });
    await fund(t, uk.id, 50_00n);
    const staff = await player({ role: 'staff' });
    expectErrorEnvelope(await deposit(uk), 403, 'verification_required');
    expectErrorEnvelope(await launch(uk, 'demo'), 403, 'verification_required');
    expectErrorEnvelope(await withdraw(uk), 403, 'verification_required');

    const uploaded = await upload(uk, 'identity', 'passport.png', PNG);
    expect(uploaded.statusCode).toBe(201);
    const document = uploaded.json().document;
    expect(document).toMatchObject({
      type: 'identity',
      status: 'pending',
      contentType: 'image/png',
      fileName: 'passport.png',
    });
    const [row] = await t.db.select().from(schema.kycDocuments).where(eq(schema.kycDocuments.id, document.id));
    expect(row!.storageKey).toBe(`${uk.id}/${document.id}`);
    expect(await storedFiles()).toBeGreaterThan(0);
    const verification = verificationSchema.parse((await request(uk, 'GET', '/spa/users/documents')).json());
    expect(verification.statuses.identity).toBe('pending');
    expect(verification.gates).toMatchObject({ deposit: ['identity'], withdrawal: ['identity'] });

    // Only the player and staff read the file.
    const own = await request(uk, 'GET', `/spa/users/documents/identity/${document.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const stranger = await player();
    expectErrorEnvelope(
      await request(stranger, 'GET', `/spa/users/documents/identity/${document.id}`),
      404,
      'not_found',
    );
    expectErrorEnvelope(await request(stranger, 'GET', `/spa/staff/documents/${document.id}/file`), 403, 'forbidden');
    expectErrorEnvelope(await request(null, 'GET', '/spa/staff/documents'), 401, 'unauthorized');

    const queue = await request(staff, 'GET', '/spa/staff/documents?status=pending');
    expect(queue.json().items.map((item: { id: string }) => item.id)).toContain(document.id);
    const file = await request(staff, 'GET', `/spa/staff/documents/${document.id}/file`);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    expectErrorEnvelope(
      await request(staff, 'POST', `/spa/staff/documents/${document.id}/review`, { decision: 'reject' }),
      400,
      'validation_failed',
    );
    const approved = await request(staff, 'POST', `/spa/staff/documents/${document.id}/review`, {
      decision: 'approve',
    });
    expect(approved.json().document).toMatchObject({ status: 'verified' });
    // The queue, the file and the decision are in the audit log under the staff member's name.
    const audited = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.actorId, staff.id));
    expect(audited.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['staff_view_documents', 'document_viewed', 'document_verified']),
    );
    expect(audited.find((entry) => entry.event === 'document_verified')).toMatchObject({
      userId: uk.id,
      before: { status: 'pending' },
      after: { status: 'verified', reason: null },
    });
    expectErrorEnvelope(
      await request(staff, 'POST', `/spa/staff/documents/${document.id}/review`, { decision: 'approve' }),
      409,
      'document_already_reviewed',
    );
    const mail = await t.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, uk.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('/en/verification');

    expect((await deposit(uk)).statusCode).toBe(201);
    expect((await launch(uk, 'demo')).statusCode).toBe(201);
    expect((await withdraw(uk)).statusCode).toBe(201);
    expect((await bet(uk, '1.00')).status).toBe('ok');
  });

  it('staff cannot review their own document; a rejection keeps its reason', async () => {
    const staff = await player({ role: 'staff' });
    const own = (await upload(staff, 'address', 'bill.png', PNG)).json().document;
    expectErrorEnvelope(
      await request(staff, 'POST', `/spa/staff/documents/${own.id}/review`, { decision: 'approve' }),
      403,
      'forbidden',
    );
    const other = await player({ role: 'staff' });
    const rejected = await request(other, 'POST', `/spa/staff/documents/${own.id}/review`, {
      decision: 'reject',
      reason: 'The bill is older than three months.',
    });
    expect(rejected.json().document).toMatchObject({
      status: 'rejected',
      reason: 'The bill is older than three months.',
    });
  });
});

describe('gates per profile', () => {
  it('MGA-like: a deposit limit before the first deposit, verification before a withdrawal', async () => {
    const malta = await player({ country: 'MT' });
    await fund(t, malta.id, 50_00n);
    expectErrorEnvelope(await deposit(malta), 409, 'limits_required');
    await setLimit(malta, 'deposit', 'month', '500.00');
    expect((await deposit(malta)).statusCode).toBe(201);
    expectErrorEnvelope(await withdraw(malta), 403, 'verification_required');
    expect((await launch(malta, 'demo')).statusCode).toBe(201);
  });

  it('the permissive default gates nothing; a visitor may play the demo', async () => {
    const who = await player();
    await fund(t, who.id, 50_00n);
    expect((await withdraw(who)).statusCode).toBe(201);
    expect((await launch(null, 'demo')).statusCode).toBe(201);
  });

  it('UK-like installation: a visitor cannot play the demo before age verification', async () => {
    const uk = await buildCasinoApp({ JURISDICTION: 'uk' });
    try {
      const refused = await uk.app.inject({
        method: 'POST',
        url: '/spa/games/dice/launch',
        headers: { origin: SITE_ORIGIN },
        payload: { mode: 'demo' },
      });
      expectErrorEnvelope(refused, 403, 'verification_required');
    } finally {
      await uk.close();
    }
  });
});

describe('bonus wagering under a profile', () => {
  /** A 10.00 offer of `campaignId` made to the player and accepted by them; returns the bonus row. */
  async function acceptedBonus(who: Player, campaignId: number) {
    const id = randomUUID();
    await t.db.insert(schema.userBonuses).values({
      id,
      userId: who.id,
      campaignId,
      triggerRef: `manual:${id}`,
      currency: 'EUR',
      status: 'offered',
      amount: 1000n,
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/spa/users/bonuses/get/${id}`,
      headers: { ...who.headers, 'idempotency-key': `accept-${id}` },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await t.db.select().from(schema.userBonuses).where(eq(schema.userBonuses.id, id));
    return row!;
  }

  it('UK-like: the wagering requirement is capped at 10 times the bonus', async () => {
    await seedBonuses(t.db);
    const [campaign] = await t.db
      .select()
      .from(schema.bonusCampaigns)
      .where(sql`${schema.bonusCampaigns.wager} > 10 and ${schema.bonusCampaigns.kind} = 'free_money'`)
      .limit(1);
    const offer = async (who: Player) => (await acceptedBonus(who, campaign!.id)).wagerRequired;
    expect(await offer(await player({ country: 'GB' }))).toBe(10_000n);
    expect(await offer(await player())).toBe(1000n * BigInt(campaign!.wager));
  });

  it('UK-like: a bonus funds and counts stakes of one product only, the one it was first staked on', async () => {
    await seedBonuses(t.db);
    const [campaign] = await t.db
      .select()
      .from(schema.bonusCampaigns)
      .where(eq(schema.bonusCampaigns.kind, 'free_money'))
      .limit(1);
    /** A player whose whole balance is an accepted 10.00 free-money bonus, verified for real play. */
    const bonusOnly = async (country: string) => {
      const who = await player({ country });
      await t.db.insert(schema.kycDocuments).values({
        userId: who.id,
        type: 'identity',
        status: 'verified',
        storageKey: `${who.id}/scope`,
        fileName: 'passport.png',
        contentType: 'image/png',
        size: 1,
        sha256: 'scope',
        reviewedAt: new Date(),
      });
      await acceptedBonus(who, campaign!.id);
      return who;
    };
    // The sports leg of the one stake pipeline, as a bet placement calls it.
    const sportsStake = (who: Player) =>
      t.db.transaction((tx) =>
        t.app.services.stakes.stake(tx, {
          product: 'sports',
          sourceKey: `sports:scope-${randomUUID()}`,
          transferKey: `scope-${randomUUID()}`,
          userId: who.id,
          currency: 'EUR',
          amount: 100n,
          gameType: 'sports',
          oddThousandths: 2000n,
          sessionId: null,
        }),
      );

    const uk = await bonusOnly('GB');
    expect((await bet(uk, '1.00')).status).toBe('ok');
    await expect(sportsStake(uk)).rejects.toMatchObject({ code: 'insufficient_funds' });

    const elsewhere = await bonusOnly('DE');
    expect((await bet(elsewhere, '1.00')).status).toBe('ok');
    const combined = await sportsStake(elsewhere);
    expect(combined.shares).toEqual({ main: 0n, bonus: 100n, freeSpin: 0n });
    expect(combined.bonusId).not.toBeNull();
  });
});

describe('statement and markers of harm', () => {
  it('GET /spa/users/statement gives 12 months with totals, as JSON and as CSV', async () => {
    const who = await player();
    await fund(t, who.id, 40_00n);
    await bet(who, '5.00', '2.00');
    const body = statementResponseSchema.parse((await request(who, 'GET', '/spa/users/statement')).json());
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toMatchObject({ bets: '5.00', wins: '2.00', net: '-3.00' });
    expect(body.totals).toMatchObject({ bets: '5.00', wins: '2.00', net: '-3.00' });
    const csv = await t.app.inject({ method: 'GET', url: '/spa/users/statement/csv?lng=de', headers: who.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(14);
    expect(lines[0]).toBe('Monat,Einzahlungen,Auszahlungen,Einsätze,Gewinne,Netto');
    expect(lines.at(-1)).toMatch(/,5\.00,2\.00,-3\.00$/);
  });

  it('flags a sharp rise in deposits for staff', async () => {
    const who = await player();
    const staff = await player({ role: 'staff' });
    for (let i = 0; i < 5; i += 1) expect((await deposit(who, '10.00')).statusCode).toBe(201);
    const check = await request(staff, 'POST', '/spa/staff/protection/flags/check', {});
    expect(check.json().flagged).toBeGreaterThanOrEqual(1);
    const flags = await request(staff, 'GET', `/spa/staff/protection/flags?userId=${who.id}`);
    expect(flags.json().items).toEqual([expect.objectContaining({ rule: 'deposit_spike', userId: who.id })]);
    // Run again: the same window flags once.
    await request(staff, 'POST', '/spa/staff/protection/flags/check', {});
    expect((await request(staff, 'GET', `/spa/staff/protection/flags?userId=${who.id}`)).json().items).toHaveLength(1);
    const view = await request(staff, 'GET', `/spa/staff/players/${who.id}/protection`);
    expect(view.json()).toMatchObject({
      profile: 'default',
      flags: [expect.objectContaining({ rule: 'deposit_spike' })],
    });
    expectErrorEnvelope(await request(who, 'GET', '/spa/staff/protection/flags'), 403, 'forbidden');

    // A review is a staff action: written to the audit log with what it changed.
    const [flag] = flags.json().items as { id: number }[];
    expect((await request(staff, 'POST', `/spa/staff/protection/flags/${flag!.id}/review`, {})).statusCode).toBe(204);
    const reviews = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.event, 'staff_harm_flag_review'));
    expect(reviews).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        userId: who.id,
        before: { reviewedAt: null, reviewedBy: null },
        after: expect.objectContaining({ reviewedBy: staff.id }),
      }),
    ]);
  });
});

describe('the ledger after the protection tests', () => {
  it('holds every invariant', async () => {
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
