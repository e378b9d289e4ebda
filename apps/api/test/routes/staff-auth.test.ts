import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { staffMeResponseSchema, staffSignInResponseSchema, staffTotpSetupResponseSchema } from '@playhouse/shared';
import { hashToken } from '../../src/lib/token-hash';
import { DEFAULT_AUTH_CONFIG } from '../../src/config';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { STAFF_SIGN_IN_COOKIE } from '../../src/services/staff/staff-auth-service';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { injectTransport } from '../helpers/ops';
import { staffCaller, totpCode } from '../helpers/staff';
import { runOps } from '../../src/ops/run-ops';
import { noSessionCache } from '../../src/ops/session-cache';
import { BROWSER, buildAccountsApp, register, solvedCaptcha, type AccountsTestApp } from './auth-helpers';

let t: AccountsTestApp;
let sequence = 0;

beforeAll(async () => {
  t = await buildAccountsApp({ env: { STAFF_IDLE_TIMEOUT_MS: '120000' } });
});
afterAll(async () => t.close());

/** A new staff account as an admin creates it: roles, a password, no second factor yet. */
async function newStaff(roles: ('support' | 'finance' | 'admin')[] = ['support']) {
  sequence += 1;
  const credentials = { email: `member${sequence}@staff.example`, password: `member passphrase ${sequence}` };
  const user = await t.app.services.accounts.createUser(
    { ...credentials, staffRoles: roles },
    { id: null, ip: null, via: 'direct' },
  );
  return { ...credentials, id: user.id };
}

function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

async function passwordStep(login: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/auth/staff/login',
    headers: BROWSER,
    payload: { login, password },
  });
  const cookie = cookieOf(response, STAFF_SIGN_IN_COOKIE);
  return { response, headers: { cookie: `${STAFF_SIGN_IN_COOKIE}=${cookie?.value ?? ''}` } };
}

async function codeStep(headers: { cookie: string }, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/auth/staff/totp',
    headers: { ...BROWSER, ...headers },
    payload: { code },
  });
}

/** Signs a staff member in completely: password, (set-up,) code. Returns the session headers and the secret. */
async function signIn(member: { email: string; password: string }, secret?: string) {
  const { response, headers } = await passwordStep(member.email, member.password);
  const { step } = staffSignInResponseSchema.parse(response.json());
  let totpSecret = secret;
  if (step === 'totp_setup') {
    const setup = await t.app.inject({ method: 'GET', url: '/spa/auth/staff/totp-setup', headers });
    totpSecret = staffTotpSetupResponseSchema.parse(setup.json()).secret;
  }
  const done = await codeStep(headers, await totpCode(totpSecret!));
  expect(done.statusCode).toBe(200);
  const session = cookieOf(done, SESSION_COOKIE)!;
  return { session: { cookie: `${SESSION_COOKIE}=${session.value}` }, secret: totpSecret!, response: done };
}

describe('staff sign-in with TOTP', () => {
  it('a new staff member sets TOTP up (QR code URI and secret) before anything else; then the code signs in', async () => {
    const member = await newStaff(['finance']);
    const { response, headers } = await passwordStep(member.email, member.password);
    expect(response.statusCode).toBe(200);
    expect(staffSignInResponseSchema.parse(response.json()).step).toBe('totp_setup');
    // The password step is no session: nothing of the back office (nor of a player's) opens.
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(cookieOf(response, STAFF_SIGN_IN_COOKIE)).toMatchObject({ httpOnly: true, path: '/spa/auth/staff' });
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers }), 401, 'unauthorized');

    const setup = staffTotpSetupResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/spa/auth/staff/totp-setup', headers })).json(),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/Playhouse:${encodeURIComponent(member.email)}?secret=${setup.secret}&issuer=Playhouse`,
    );
    const again = await t.app.inject({ method: 'GET', url: '/spa/auth/staff/totp-setup', headers });
    expect(again.json()).toMatchObject({ secret: setup.secret });

    expectErrorEnvelope(await codeStep(headers, '000000'), 401, 'invalid_totp_code');
    expectErrorEnvelope(await codeStep(headers, 'abc'), 400, 'validation_failed');
    const code = await totpCode(setup.secret);
    const done = await codeStep(headers, code.replace(/^(\d{3})/, '$1 '));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { id: member.id, role: 'staff' } });
    const session = { cookie: `${SESSION_COOKIE}=${cookieOf(done, SESSION_COOKIE)!.value}` };
    const me = staffMeResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: session })).json(),
    );
    expect(me.roles).toEqual(['finance']);
    expect(me.permissions).toContain('withdrawals.pay');
    expect(me.permissions).not.toContain('staff.manage');

    // The next sign-in asks for a code; the one just used is spent (RFC 6238: accepted once).
    const next = await passwordStep(member.email, member.password);
    expect(next.response.json()).toMatchObject({ step: 'totp' });
    expectErrorEnvelope(await codeStep(next.headers, code), 401, 'invalid_totp_code');
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, member.id));
    expect(audit.map((row) => row.event)).toEqual(
      expect.arrayContaining(['staff_create_staff', 'staff_totp_enabled', 'login', 'login_failed']),
    );
  });

  it('refuses players, unknown logins and wrong passwords alike at the staff sign-in', async () => {
    const { body } = await register(t.app);
    for (const [login, password] of [
      [body.email, body.password],
      ['nobody@example.com', 'some passphrase'],
    ] as const) {
      expectErrorEnvelope((await passwordStep(login, password)).response, 401, 'invalid_credentials');
    }
    const member = await newStaff();
    expectErrorEnvelope((await passwordStep(member.email, 'wrong passphrase')).response, 401, 'invalid_credentials');
  });

  it('ends a sign-in after five wrong codes; it must start again with the password', async () => {
    const member = await newStaff();
    const { secret } = await signIn(member);
    const { headers } = await passwordStep(member.email, member.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectErrorEnvelope(await codeStep(headers, '000000'), 401, 'invalid_totp_code');
    }
    expectErrorEnvelope(await codeStep(headers, await totpCode(secret)), 401, 'staff_sign_in_expired');
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/auth/staff/totp',
        headers: BROWSER,
        payload: { code: '123456' },
      }),
      401,
      'staff_sign_in_expired',
    );
  });

  it('a staff account with a session that never passed the second factor is signed out', async () => {
    const member = await newStaff();
    const bare = await t.app.services.sessions.create(t.db, member.id, { ip: null, userAgent: null });
    const headers = { cookie: `${SESSION_COOKIE}=${bare.token}` };
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/users/me', headers }), 401, 'unauthorized');
    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers }), 401, 'unauthorized');
  });

  it('staff sessions last the idle timeout (not 30 days) and end when unused for that long', async () => {
    const member = await newStaff();
    const { session, response } = await signIn(member);
    expect(cookieOf(response, SESSION_COOKIE)!.maxAge).toBeLessThanOrEqual(120);
    const me = await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: session });
    expect(me.statusCode).toBe(200);
    // The back office reads the limit here to send an idle member to the sign-in (session-watch.tsx).
    expect(staffMeResponseSchema.parse(me.json()).idleTimeoutMs).toBe(120_000);
    const [row] = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, member.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(120_000);
    // Two idle minutes later (the clock moved on, no request came): the session is over.
    await t.db
      .update(schema.sessions)
      .set({ lastSeenAt: new Date(Date.now() - 121_000), expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(schema.sessions.id, row!.id));
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: session }),
      401,
      'unauthorized',
    );
  });

  it('a blocked staff member cannot sign in; a password reset signs a staff member in nowhere', async () => {
    const blocked = await newStaff();
    await signIn(blocked);
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, blocked.id));
    expectErrorEnvelope((await passwordStep(blocked.email, blocked.password)).response, 403, 'account_blocked');

    const member = await newStaff();
    const token = 'R'.repeat(43);
    await t.db.insert(schema.passwordResetTokens).values({
      userId: member.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: BROWSER,
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect(cookieOf(reset, SESSION_COOKIE)).toBeUndefined();
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, member.id))).toHaveLength(0);
  });

  it('a staff member who changes the password stays signed in with the second factor', async () => {
    const member = await newStaff();
    const { session } = await signIn(member);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password',
      headers: { ...BROWSER, ...session },
      payload: { currentPassword: member.password, newPassword: 'another long passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = { cookie: `${SESSION_COOKIE}=${cookieOf(changed, SESSION_COOKIE)!.value}` };
    expect((await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: fresh })).statusCode).toBe(200);
  });

  it('a staff caller helper session works (a guard on the helper itself)', async () => {
    const staff = await staffCaller(t, ['support']);
    expect((await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: staff.headers })).statusCode).toBe(200);
  });
});

describe('staff sign-in under attack', () => {
  let u: AccountsTestApp;
  beforeAll(async () => {
    u = await buildAccountsApp({
      limits: {
        loginCaptchaPerAccount: DEFAULT_AUTH_CONFIG.limits.loginCaptchaPerAccount,
        loginCaptchaPerAddress: DEFAULT_AUTH_CONFIG.limits.loginCaptchaPerAddress,
      },
    });
  });
  afterAll(async () => u.close());

  it('five wrong passwords from any addresses never lock a staff member out: a solved captcha lets the password on', async () => {
    const email = 'besieged@staff.example';
    const password = 'a besieged passphrase';
    await u.app.services.accounts.createUser(
      { email, password, staffRoles: ['finance'] },
      { id: null, ip: null, via: 'direct' },
    );
    const step = (remoteAddress: string, body: Record<string, string>) =>
      u.app.inject({ method: 'POST', url: '/spa/auth/staff/login', headers: BROWSER, payload: body, remoteAddress });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await step(`198.51.100.${attempt + 1}`, { login: email, password: `wrong ${attempt}!` });
      expect(response.statusCode).toBe(401);
    }
    const asked = expectErrorEnvelope(await step('198.51.100.50', { login: email, password }), 401, 'captcha_required');
    const captcha = await solvedCaptcha(u.app, '198.51.100.50', Number(asked.error.fields?.level));
    const started = await step('198.51.100.50', { login: email, password, captcha });
    expect(started.statusCode, started.body).toBe(200);
    expect(staffSignInResponseSchema.parse(started.json()).step).toBe('totp_setup');
  });

  it('the ops command line solves the captcha itself when failed tries of its login ask one', async () => {
    const member = await staffCaller(u, ['support'], { password: 'ops member passphrase' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await u.app.inject({
        method: 'POST',
        url: '/spa/auth/staff/login',
        headers: BROWSER,
        payload: { login: member.email, password: `wrong ${attempt}!` },
        remoteAddress: `192.0.2.${attempt + 1}`,
      });
    }
    const out: string[] = [];
    const code = await runOps(['whoami'], {
      env: {
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        OPS_LOGIN: member.email,
        OPS_PASSWORD: 'ops member passphrase',
        OPS_TOTP_SECRET: member.totpSecret,
      },
      transport: injectTransport(u.app),
      openDatabase: async () => ({ ...u.handle, close: async () => undefined }),
      sessionCache: noSessionCache,
      out: (text) => out.push(text),
      err: (text) => out.push(text),
    });
    expect(code, out.join('\n')).toBe(0);
    expect(out.join('\n')).toContain(member.email);
  });
});

describe('staff sessions: 12 hours at most, and a fresh second factor before money and roles', () => {
  it('a staff session ends 12 hours after its sign-in, however busy', async () => {
    const member = await newStaff();
    const { session } = await signIn(member);
    const me = () => t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: session });
    expect((await me()).statusCode).toBe(200);
    const [row] = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, member.id));
    // Busy all day long: seen a minute ago, its idle expiry ahead; signed in 12 hours and a minute ago.
    const now = Date.now();
    await t.db
      .update(schema.sessions)
      .set({
        createdAt: new Date(now - 12 * 3_600_000 - 60_000),
        lastSeenAt: new Date(now - 60_000),
        expiresAt: new Date(now + 60_000),
      })
      .where(eq(schema.sessions.id, row!.id));
    expectErrorEnvelope(await me(), 401, 'unauthorized');
  });

  it('the idle expiry never slides past 12 hours after the sign-in', async () => {
    const member = await newStaff();
    const { session } = await signIn(member);
    const [row] = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, member.id));
    const signedInAt = Date.now() - 12 * 3_600_000 + 30_000;
    await t.db
      .update(schema.sessions)
      .set({ createdAt: new Date(signedInAt), lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(schema.sessions.id, row!.id));
    expect((await t.app.inject({ method: 'GET', url: '/spa/staff/me', headers: session })).statusCode).toBe(200);
    const [slid] = await t.db.select().from(schema.sessions).where(eq(schema.sessions.id, row!.id));
    expect(slid!.expiresAt.getTime()).toBeLessThanOrEqual(signedInAt + 12 * 3_600_000);
  });

  const freshRoutes = [
    ['POST', `/spa/staff/withdrawals/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/approve`, ['finance']],
    ['POST', `/spa/staff/withdrawals/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/pay`, ['finance']],
    ['POST', `/spa/staff/adjustments/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/approve`, ['finance']],
    ['POST', '/spa/staff/adjustments', ['finance']],
    ['POST', '/spa/staff/bonuses/offers/1/approve', ['marketing']],
    ['POST', '/spa/staff/trading/markets/1/result', ['trader']],
    ['POST', '/spa/staff/trading/markets/1/void', ['trader']],
    ['PUT', '/spa/staff/accounts/1/roles', ['admin']],
    ['POST', '/spa/staff/accounts', ['admin']],
    ['PUT', '/spa/staff/settings/money', ['admin']],
  ] as const;

  it.each(freshRoutes)(
    '%s %s asks a fresh second factor once the last code is over 5 minutes old',
    async (method, url, roles) => {
      const member = await staffCaller(t, [...roles]);
      await t.db
        .update(schema.sessions)
        .set({ secondFactorAt: new Date(Date.now() - 5 * 60_000 - 1_000) })
        .where(eq(schema.sessions.userId, member.id));
      const response = await t.app.inject({ method, url, headers: member.headers, payload: {} });
      expectErrorEnvelope(response, 403, 'fresh_second_factor_required');
    },
  );

  it('a code entered again makes the factor fresh for 5 minutes; wrong and replayed codes do not', async () => {
    const admin = await staffCaller(t, ['admin']);
    const target = await newStaff(['support']);
    const stale = new Date(Date.now() - 6 * 60_000);
    await t.db.update(schema.sessions).set({ secondFactorAt: stale }).where(eq(schema.sessions.userId, admin.id));
    const setRoles = () =>
      t.app.inject({
        method: 'PUT',
        url: `/spa/staff/accounts/${target.id}/roles`,
        headers: admin.headers,
        // A role touching neither money nor players: the admin grants it alone (issue 19), once the factor is fresh.
        payload: { roles: ['support', 'content'] },
      });
    const again = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/spa/auth/staff/second-factor',
        headers: admin.headers,
        payload: { code },
      });
    expectErrorEnvelope(await setRoles(), 403, 'fresh_second_factor_required');
    expectErrorEnvelope(await again('000000'), 401, 'invalid_totp_code');
    const code = await totpCode(admin.totpSecret);
    const verified = await again(code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(new Date(verified.json<{ secondFactorAt: string }>().secondFactorAt).getTime()).toBeGreaterThan(
      Date.now() - 10_000,
    );
    expect((await setRoles()).statusCode).toBe(200);
    // RFC 6238: a code is good once.
    expectErrorEnvelope(await again(code), 401, 'invalid_totp_code');
    // Only a staff session can ask; a player's cannot.
    const { response } = await register(t.app);
    const playerHeaders = { ...BROWSER, cookie: `${SESSION_COOKIE}=${cookieOf(response, SESSION_COOKIE)!.value}` };
    const player = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/staff/second-factor',
      headers: playerHeaders,
      payload: { code: '123456' },
    });
    expectErrorEnvelope(player, 403, 'forbidden');
    const audit = await t.db
      .select({ event: schema.auditLog.event })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, admin.id));
    expect(audit.map((row) => row.event)).toEqual(
      expect.arrayContaining(['staff_second_factor', 'staff_second_factor_failed']),
    );
  });
});
