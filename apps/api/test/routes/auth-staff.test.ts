import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { outboxResponseSchema, staffInvitationResponseSchema } from '@playhouse/shared';
import { runOps } from '../../src/ops/run-ops';
import type { SessionCache } from '../../src/ops/session-cache';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { injectTransport } from '../helpers/ops';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  BROWSER,
  buildAccountsApp,
  cookieHeader,
  login,
  mailboxTo,
  register,
  requestRegistration,
  type AccountsTestApp,
} from './auth-helpers';

describe('staff endpoints and the ops command line', () => {
  let t: AccountsTestApp;
  let support: StaffCaller;
  let admin: StaffCaller;
  let playerSession: { cookie: string };
  let asSupport: Record<string, string>;
  let asAdmin: Record<string, string>;
  const sessions = new Map<string, string>();
  const sessionCache: SessionCache = {
    read: async (key) => sessions.get(key) ?? null,
    write: async (key, cookie) => {
      if (cookie === null) sessions.delete(key);
      else sessions.set(key, cookie);
    },
  };

  beforeAll(async () => {
    t = await buildAccountsApp();
    support = await staffCaller(t, ['support'], { password: 'support passphrase 1' });
    admin = await staffCaller(t, ['admin'], { password: 'admin passphrase 1' });
    playerSession = cookieHeader((await register(t.app)).response);
    asSupport = { OPS_LOGIN: support.email, OPS_PASSWORD: 'support passphrase 1', OPS_TOTP_SECRET: support.totpSecret };
    asAdmin = { OPS_LOGIN: admin.email, OPS_PASSWORD: 'admin passphrase 1', OPS_TOTP_SECRET: admin.totpSecret };
  });
  afterAll(async () => t.close());

  async function ops(argv: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env },
      transport: injectTransport(t.app),
      openDatabase: async () => ({ ...t.handle, close: async () => undefined }),
      sessionCache,
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
    await t.app.services.email.drain();
    const staff = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/outbox?to=${encodeURIComponent(body.email.toUpperCase())}`,
      headers: support.headers,
    });
    expect(staff.statusCode).toBe(200);
    const { messages } = outboxResponseSchema.parse(staff.json());
    // The confirmation of the first registration, then the note about the second one, newest first.
    expect(messages).toHaveLength(2);
    // Delivered to the mail folder (MAIL_DIR, the test's mailbox): marked sent, no error.
    expect(messages[0]).toMatchObject({ to: body.email, sentAt: expect.any(String), error: null });
    expect(messages[0]!.subject).toBe('Someone tried to register with your e-mail address');
    // The confirmation link was a live token: staff see it withheld.
    expect(messages[1]!.text).not.toContain('token=');
    expect(messages[1]!.text).toContain('[link withheld: sent to the recipient only]');
    // Reading the mail log is reading personal data: it is audited.
    const views = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.event, 'staff_view_outbox'));
    expect(views.at(-1)).toMatchObject({ actorId: support.id, metadata: { to: body.email.toUpperCase() } });
  });

  it('POST /spa/staff/users lets support create players and audits who did it; staff accounts are for admins', async () => {
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
      headers: support.headers,
      payload: { email: 'new.player+1@example.com', password: 'new passphrase 1', currency: 'GBP' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ role: 'player', currency: 'GBP', username: 'new_player_1' });
    const [audit] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, created.json().user.id));
    expect(audit).toMatchObject({
      event: 'staff_create_user',
      actorId: support.id,
      after: { email: 'new.player+1@example.com', role: 'player' },
    });

    const staffBySupport = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/accounts',
      headers: support.headers,
      payload: { email: 'new2@example.com', roles: ['content'] },
    });
    expectErrorEnvelope(staffBySupport, 403, 'forbidden');
    // Staff are invited: a password chosen by the admin is refused.
    const withPassword = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/accounts',
      headers: admin.headers,
      payload: { email: 'new2@example.com', password: 'new passphrase 2', roles: ['content'] },
    });
    expectErrorEnvelope(withPassword, 400, 'validation_failed');
    const staffByAdmin = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/accounts',
      headers: admin.headers,
      payload: { email: 'new2@example.com', roles: ['content'] },
    });
    expect(staffByAdmin.statusCode).toBe(201);
    expect(staffInvitationResponseSchema.parse(staffByAdmin.json()).invitation).toMatchObject({
      email: 'new2@example.com',
      roles: ['content'],
      status: 'sent',
      invitedBy: admin.id,
      approvedBy: null,
    });

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/accounts',
      headers: admin.headers,
      payload: { email: support.email.toUpperCase(), roles: ['content'] },
    });
    expectErrorEnvelope(duplicate, 409, 'user_exists');
  });

  it('ops help lists every command', async () => {
    const { code, out } = await ops(['help']);
    expect(code).toBe(0);
    for (const name of [
      'bootstrap-admin',
      'setup-totp',
      'create-player',
      'invite-staff',
      'create-staff',
      'staff-roles',
      'requests',
      'approve-request',
      'outbox',
    ]) {
      expect(out).toContain(name);
    }
  });

  it('ops create-player goes through the api as staff, with the second factor', async () => {
    const { code, out, err } = await ops(
      ['create-player', 'via-api@example.com', 'player passphrase', '--currency', 'BRL'],
      asSupport,
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

  it('ops bootstrap-admin founds the first admin, invites the second, then refuses; later staff are invited', async () => {
    // One active admin: the console may only invite the second one, who sets their own password.
    const withPassword = await ops(['bootstrap-admin', 'ops-admin@example.com', 'ops passphrase 1']);
    expect(withPassword.code).toBe(1);
    expect(withPassword.err).toContain('sets their own password');
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, admin.id));
    try {
      const first = await ops(['bootstrap-admin', 'ops-admin@example.com', 'ops passphrase 1']);
      expect(first.code).toBe(0);
      expect(first.err).toContain('on the embedded database');
      expect(first.out).toMatch(/^Created staff #\d+ ops-admin@example\.com .*roles admin, active, second factor not/);
      // Now exactly one admin again (the new one): the second is invited by e-mail.
      // The console's e-mail goes where the api's does (here the test's mail folder).
      const second = await ops(['bootstrap-admin', 'founding-second@example.com'], { MAIL_DIR: t.mailDir });
      expect(second.code).toBe(0);
      expect(second.out).toContain('Invited founding-second@example.com as admin');
      expect((await mailboxTo(t, 'founding-second@example.com'))[0]).toContain('/staff/invitation?token=');
    } finally {
      await t.db.update(schema.users).set({ status: 'active' }).where(eq(schema.users.id, admin.id));
    }
    // Two active admins: the console founds no more.
    const third = await ops(['bootstrap-admin', 'ops-third@example.com']);
    expect(third.code).toBe(1);
    expect(third.err).toContain('Two active admins exist');

    const credentials = { OPS_LOGIN: 'ops_admin', OPS_PASSWORD: 'ops passphrase 1' };
    const noFactor = await ops(['invite-staff', 'ops-staff@example.com', '--roles', 'risk'], { ...credentials });
    expect(noFactor.code).toBe(1);
    expect(noFactor.err).toContain('setup-totp');
    const setup = await ops(['setup-totp'], credentials);
    expect(setup.code).toBe(0);
    const secret = /^ {2}([A-Z2-7]{16,})$/m.exec(setup.out)?.[1];
    expect(secret).toBeDefined();
    const asOpsAdmin = { ...credentials, OPS_TOTP_SECRET: secret! };

    const content = await ops(['create-staff', 'ops-content@example.com', '--roles', 'content'], asOpsAdmin);
    expect(content.code).toBe(0);
    expect(content.out).toMatch(/^Invited ops-content@example\.com as content/);
    const asked = await ops(['invite-staff', 'ops-staff@example.com', '--roles', 'risk,trader'], asOpsAdmin);
    expect(asked.code).toBe(0);
    expect(asked.out).toContain('a second admin approves');
    const requestId = /^([0-9a-f-]{36}) {2}pending/m.exec(asked.out)?.[1];
    expect(requestId).toBeDefined();
    expect((await ops(['approve-request', 'accounts', requestId!], asOpsAdmin)).err).toContain('four_eyes_required');
    const second = await staffCaller(t, ['admin'], { password: 'second admin passphrase' });
    const asSecond = {
      OPS_LOGIN: second.email,
      OPS_PASSWORD: 'second admin passphrase',
      OPS_TOTP_SECRET: second.totpSecret,
    };
    const approved = await ops(['approve-request', 'accounts', requestId!], asSecond);
    expect(approved.code).toBe(0);
    await ops(['sign-out'], asSecond);
    expect(approved.out).toMatch(/approved +staff_invitation/);
    expect((await mailboxTo(t, 'ops-staff@example.com'))[0]).toContain('/staff/invitation?token=');
    expect((await ops(['whoami'], asOpsAdmin)).out).toContain('staff.manage');
  });

  it('ops enters a fresh code itself when the second factor of a resumed session is over 5 minutes old', async () => {
    const target = await staffCaller(t, ['support']);
    const second = await staffCaller(t, ['admin'], { password: 'second admin passphrase' });
    const asSecond = {
      OPS_LOGIN: second.email,
      OPS_PASSWORD: 'second admin passphrase',
      OPS_TOTP_SECRET: second.totpSecret,
    };
    const first = await ops(['staff'], asSecond);
    expect(first.code, first.err).toBe(0);
    // The kept session is the same one the next command resumes; its last code was 6 minutes ago.
    await t.db
      .update(schema.sessions)
      .set({ secondFactorAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(schema.sessions.userId, second.id));
    const sixMinutesAgo = Math.floor((Date.now() - 6 * 60_000) / 30_000);
    await t.db
      .update(schema.staffMembers)
      .set({ totpLastStep: sixMinutesAgo })
      .where(eq(schema.staffMembers.userId, second.id));
    const changed = await ops(['staff-roles', String(target.id), '--roles', 'support,risk'], asSecond);
    expect(changed.code, changed.err).toBe(0);
    expect(changed.out).toContain('risk');
    const events = await t.db
      .select({ event: schema.auditLog.event })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, second.id));
    expect(events.map((row) => row.event)).toContain('staff_second_factor');
  });

  it('ops outbox shows the mail through the api and in-process alike', async () => {
    const { body } = await register(t.app);
    await requestRegistration(t.app, { email: body.email });
    await t.app.services.email.drain();
    const viaApi = await ops(['outbox', '--to', body.email], asSupport);
    // A TOTP code is good once: the in-process run signs in as a second support member (its own session).
    const other = await staffCaller(t, ['support'], { password: 'support passphrase 2' });
    const asOther = { OPS_LOGIN: other.email, OPS_PASSWORD: 'support passphrase 2', OPS_TOTP_SECRET: other.totpSecret };
    const inProcess = await ops(['outbox', '--to', body.email, '--direct'], asOther);
    expect(inProcess.err).not.toContain('invalid');
    expect(viaApi.code).toBe(0);
    expect(viaApi.out).toContain('Subject: Someone tried to register with your e-mail address');
    expect(viaApi.out).toContain('(sent)');
    expect(inProcess.err).toContain('on the embedded database');
    expect(inProcess.out).toBe(viaApi.out);
    expect((await ops(['outbox', '--to', 'nobody@example.com', '--direct'], asOther)).out).toBe('The outbox is empty.');
  });

  it('ops refuses a player account, a role without the permission, bad arguments and missing credentials', async () => {
    const player = await ops(['outbox'], { OPS_LOGIN: 'via-api@example.com', OPS_PASSWORD: 'player passphrase' });
    expect(player.code).toBe(1);
    expect(player.err).toContain('invalid_credentials');
    const notAdmin = await ops(['staff'], asSupport);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.err).toContain('forbidden');

    const missing = await ops(['create-player', 'only-email@example.com'], asSupport);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Usage: npm run ops -- create-player <email> <password>');
    const weak = await ops(['create-player', 'weak@example.com', 'short'], asSupport);
    expect(weak.code).toBe(2);
    expect(weak.err).toContain('password');
    const unknownOption = await ops(['outbox', '--colour', 'red'], asSupport);
    expect(unknownOption.code).toBe(2);
    expect((await ops(['launch-rockets'])).code).toBe(2);

    const noCredentials = await ops(['outbox']);
    expect(noCredentials.code).toBe(2);
    expect(noCredentials.err).toContain('OPS_LOGIN');
    const wrongPassword = await ops(['outbox'], {
      OPS_LOGIN: admin.email,
      OPS_PASSWORD: 'wrong passphrase',
      OPS_SESSION_CACHE: 'off',
    });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.err).toContain('invalid_credentials');
    const signedOut = await ops(['sign-out'], asAdmin);
    expect(signedOut.out, signedOut.err).toBe('Signed out.');
  });
});
