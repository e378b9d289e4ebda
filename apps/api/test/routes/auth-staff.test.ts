import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { outboxResponseSchema } from '@playhouse/shared';
import { runOps } from '../../src/ops/run-ops';
import type { Transport } from '../../src/ops/staff-api';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  BROWSER,
  buildAccountsApp,
  cookieHeader,
  login,
  register,
  requestRegistration,
  type AccountsTestApp,
} from './auth-helpers';

const STAFF = { email: 'staff@example.com', password: 'staff passphrase 1' };
const ADMIN = { email: 'admin@example.com', password: 'admin passphrase 1' };

describe('staff endpoints and the ops command line', () => {
  let t: AccountsTestApp;
  let staffSession: { cookie: string };
  let adminSession: { cookie: string };
  let playerSession: { cookie: string };

  beforeAll(async () => {
    t = await buildAccountsApp();
    const direct = { id: null, ip: null, via: 'direct' as const };
    await t.app.services.accounts.createUser({ ...STAFF, role: 'staff' }, direct);
    await t.app.services.accounts.createUser({ ...ADMIN, role: 'admin' }, direct);
    staffSession = cookieHeader(await login(t.app, STAFF.email, STAFF.password));
    adminSession = cookieHeader(await login(t.app, ADMIN.email, ADMIN.password));
    playerSession = cookieHeader((await register(t.app)).response);
  });
  afterAll(async () => t.close());

  const injectTransport: Transport = async ({ method, path, headers, body }) => {
    const response = await t.app.inject({
      method,
      url: path,
      headers,
      ...(body !== undefined ? { payload: body } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      body: response.body,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    };
  };

  async function ops(argv: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env },
      transport: injectTransport,
      openDatabase: async () => ({ ...t.handle, close: async () => undefined }),
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('GET /spa/staff/outbox is 401 for visitors, 403 for players and the newest mail first for staff', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/staff/outbox' }), 401, 'unauthorized');
    const player = await t.app.inject({ method: 'GET', url: '/spa/staff/outbox', headers: playerSession });
    expectErrorEnvelope(player, 403, 'forbidden');

    const { body } = await register(t.app);
    await requestRegistration(t.app, { email: body.email });
    const staff = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/outbox?to=${encodeURIComponent(body.email.toUpperCase())}`,
      headers: staffSession,
    });
    expect(staff.statusCode).toBe(200);
    const { messages } = outboxResponseSchema.parse(staff.json());
    // The confirmation of the first registration, then the note about the second one, newest first.
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ to: body.email, sentAt: null, error: null });
    expect(messages[0]!.subject).toBe('Someone tried to register with your e-mail address');
  });

  it('POST /spa/staff/users lets staff create players, only admins create staff, and audits who did it', async () => {
    const asPlayer = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/users',
      headers: { ...BROWSER, ...playerSession },
      payload: { email: 'new1@example.com', password: 'new passphrase 1' },
    });
    expectErrorEnvelope(asPlayer, 403, 'forbidden');

    const created = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/users',
      headers: { ...BROWSER, ...staffSession },
      payload: { email: 'new.player+1@example.com', password: 'new passphrase 1', currency: 'GBP' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ role: 'player', currency: 'GBP', username: 'new_player_1' });
    const [audit] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, created.json().user.id));
    const [staffRow] = await t.db.select().from(schema.users).where(eq(schema.users.email, STAFF.email));
    expect(audit).toMatchObject({ event: 'staff_create_user', actorId: staffRow!.id });

    const staffByStaff = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/users',
      headers: { ...BROWSER, ...staffSession },
      payload: { email: 'new2@example.com', password: 'new passphrase 2', role: 'staff' },
    });
    expectErrorEnvelope(staffByStaff, 403, 'forbidden');
    const staffByAdmin = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/users',
      headers: { ...BROWSER, ...adminSession },
      payload: { email: 'new2@example.com', password: 'new passphrase 2', role: 'staff' },
    });
    expect(staffByAdmin.statusCode).toBe(201);

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/users',
      headers: { ...BROWSER, ...adminSession },
      payload: { email: 'NEW2@example.com', password: 'new passphrase 2' },
    });
    expectErrorEnvelope(duplicate, 409, 'user_exists');
  });

  it('ops help lists every command', async () => {
    const { code, out } = await ops(['help']);
    expect(code).toBe(0);
    for (const name of ['create-player', 'create-staff', 'outbox']) expect(out).toContain(name);
  });

  it('ops create-player goes through the api as staff when credentials are given', async () => {
    const { code, out, err } = await ops(
      ['create-player', 'via-api@example.com', 'player passphrase', '--currency', 'BRL'],
      {
        OPS_LOGIN: STAFF.email,
        OPS_PASSWORD: STAFF.password,
      },
    );
    expect(err).toContain('through the api');
    expect(code).toBe(0);
    expect(out).toMatch(/^Created player #\d+ via-api@example\.com \(username via_api, currency BRL\)$/);
    expect((await login(t.app, 'via-api@example.com', 'player passphrase')).statusCode).toBe(200);
    const accounts = await t.db
      .select({ kind: schema.ledgerAccounts.kind, currency: schema.ledgerAccounts.currency })
      .from(schema.ledgerAccounts)
      .innerJoin(schema.users, eq(schema.users.id, schema.ledgerAccounts.userId))
      .where(eq(schema.users.email, 'via-api@example.com'));
    expect(accounts.map((account) => `${account.kind}:${account.currency}`).sort()).toEqual(['bonus:BRL', 'main:BRL']);
  });

  it('ops create-staff --admin on the database directly, and the new admin can then use the api', async () => {
    const direct = await ops(['create-staff', 'ops-admin@example.com', 'ops passphrase 1', '--admin', '--direct']);
    expect(direct.code).toBe(0);
    expect(direct.err).toContain('directly on the embedded database');
    expect(direct.out).toMatch(/^Created admin #\d+ ops-admin@example\.com/);

    const viaApi = await ops(['create-staff', 'ops-staff@example.com', 'ops passphrase 2'], {
      OPS_LOGIN: 'ops_admin',
      OPS_PASSWORD: 'ops passphrase 1',
    });
    expect(viaApi.code).toBe(0);
    expect(viaApi.out).toMatch(/^Created staff #\d+ ops-staff@example\.com/);
  });

  it('ops outbox shows the mail through the api and directly alike', async () => {
    const { body } = await register(t.app);
    await requestRegistration(t.app, { email: body.email });
    const viaApi = await ops(['outbox', '--to', body.email], { OPS_LOGIN: STAFF.email, OPS_PASSWORD: STAFF.password });
    const direct = await ops(['outbox', '--to', body.email, '--direct']);
    expect(viaApi.code).toBe(0);
    expect(viaApi.out).toContain('Subject: Someone tried to register with your e-mail address');
    expect(viaApi.out).toContain('(in the outbox)');
    expect(direct.out).toBe(viaApi.out);
    expect((await ops(['outbox', '--to', 'nobody@example.com', '--direct'])).out).toBe('The outbox is empty.');
  });

  it('ops refuses a player account, bad arguments, unknown commands and a running embedded api without credentials', async () => {
    const player = await ops(['outbox'], { OPS_LOGIN: 'via-api@example.com', OPS_PASSWORD: 'player passphrase' });
    expect(player.code).toBe(1);
    expect(player.err).toContain('not a staff user');

    const missing = await ops(['create-player', 'only-email@example.com', '--direct']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Usage: npm run ops -- create-player <email> <password>');
    const weak = await ops(['create-player', 'weak@example.com', 'short', '--direct']);
    expect(weak.code).toBe(2);
    expect(weak.err).toContain('password');
    const unknownOption = await ops(['outbox', '--colour', 'red', '--direct']);
    expect(unknownOption.code).toBe(2);
    expect((await ops(['launch-rockets'])).code).toBe(2);

    const noCredentials = await ops(['outbox']);
    expect(noCredentials.code).toBe(2);
    expect(noCredentials.err).toContain('OPS_LOGIN');
    const wrongPassword = await ops(['outbox'], { OPS_LOGIN: STAFF.email, OPS_PASSWORD: 'wrong passphrase' });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.err).toContain('invalid_credentials');
  });
});
