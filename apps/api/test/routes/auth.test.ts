import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { userResponseSchema } from '@playhouse/shared';
import { hashToken } from '../../src/lib/token-hash';
import { DEFAULT_AUTH_CONFIG } from '../../src/config';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  BROWSER,
  buildAccountsApp,
  cookieHeader,
  login,
  register,
  sessionCookie,
  solvedCaptcha,
  withoutRequestId,
  type AccountsTestApp,
} from './auth-helpers';

// The idle lifetime: a session unused for seven days ends (the absolute one is 30 days from sign-in).
const IDLE_S = 7 * 24 * 60 * 60;

async function auditEvents(t: AccountsTestApp, userId: number) {
  const rows = await t.db
    .select({ event: schema.auditLog.event })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.userId, userId));
  return rows.map((row) => row.event);
}

describe('sessions', () => {
  let t: AccountsTestApp;
  let player: { id: number; email: string; username: string; password: string };

  beforeAll(async () => {
    t = await buildAccountsApp();
    const { response, body } = await register(t.app);
    expect(response.statusCode).toBe(201);
    player = { id: response.json().user.id, email: body.email, username: body.username, password: body.password };
  });
  afterAll(async () => t.close());

  it('POST /spa/auth/login signs in by e-mail and by username, in any letter case', async () => {
    for (const name of [player.email, player.username, player.email.toUpperCase()]) {
      const response = await login(t.app, name, player.password);
      expect(response.statusCode).toBe(200);
      const { user } = userResponseSchema.parse(response.json());
      expect(user).toMatchObject({ id: player.id, login: player.email, username: player.username, role: 'player' });
      expect(sessionCookie(response)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('POST /spa/auth/login answers an unknown user and a wrong password with the same status and body', async () => {
    const wrongPassword = await login(t.app, player.email, 'not the password at all');
    const unknownUser = await login(t.app, 'nobody@example.com', 'not the password at all');
    expectErrorEnvelope(wrongPassword, 401, 'invalid_credentials');
    expectErrorEnvelope(unknownUser, 401, 'invalid_credentials');
    expect(withoutRequestId(unknownUser)).toEqual(withoutRequestId(wrongPassword));
    expect(wrongPassword.json().error.message).toBe('E-mail/username or password is incorrect.');
    expect(sessionCookie(wrongPassword)).toBeUndefined();
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, for 7 days idle, not Secure on an http site', async () => {
    const cookie = sessionCookie(await login(t.app, player.email, player.password));
    expect(cookie).toMatchObject({ name: 'ph_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThan(IDLE_S - 60);
    expect(cookie?.maxAge).toBeLessThanOrEqual(IDLE_S);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const cookie = sessionCookie(await login(t.app, player.email, player.password))!;
    const rows = await t.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.tokenHash, hashToken(cookie.value)));
    expect(rows).toHaveLength(1);
    const all = await t.db.select({ tokenHash: schema.sessions.tokenHash }).from(schema.sessions);
    expect(all.some((row) => row.tokenHash === cookie.value)).toBe(false);
  });

  it('GET /spa/users/me is the signed-in user, and 401 without a cookie or with an unknown one', async () => {
    const signedIn = await login(t.app, player.username, player.password);
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(signedIn) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(player.id);

    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/users/me' }), 401, 'unauthorized');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/spa/users/me',
      headers: { cookie: `ph_session=${'A'.repeat(43)}` },
    });
    expectErrorEnvelope(forged, 401, 'unauthorized');
    expect(sessionCookie(forged)?.value).toBe('');
  });

  it('rotates the session at login: a signed-in caller gets a new token and the old one stops working', async () => {
    const first = await login(t.app, player.email, player.password);
    const second = await login(t.app, player.email, player.password, cookieHeader(first));
    expect(sessionCookie(second)!.value).not.toBe(sessionCookie(first)!.value);
    const old = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(first) });
    expectErrorEnvelope(old, 401, 'unauthorized');
    const fresh = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(second) });
    expect(fresh.statusCode).toBe(200);
  });

  it('POST /spa/auth/logout deletes the session row and clears the cookie', async () => {
    const signedIn = await login(t.app, player.email, player.password);
    const tokenHash = hashToken(sessionCookie(signedIn)!.value);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/logout',
      headers: { ...BROWSER, ...cookieHeader(signedIn) },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect(sessionCookie(logout)).toMatchObject({ value: '', maxAge: 0, path: '/' });
    expect(await t.db.select().from(schema.sessions).where(eq(schema.sessions.tokenHash, tokenHash))).toHaveLength(0);
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(signedIn) });
    expectErrorEnvelope(me, 401, 'unauthorized');
  });

  it('POST /spa/auth/logout without a session still answers 204', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/spa/auth/logout', headers: BROWSER });
    expect(response.statusCode).toBe(204);
  });

  it('an expired session is 401', async () => {
    const signedIn = await login(t.app, player.email, player.password);
    await t.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.tokenHash, hashToken(sessionCookie(signedIn)!.value)));
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(signedIn) });
    expectErrorEnvelope(me, 401, 'unauthorized');
  });

  it('slides the expiry of a session in use and sends the cookie again with a fresh Max-Age', async () => {
    const signedIn = await login(t.app, player.email, player.password);
    const tokenHash = hashToken(sessionCookie(signedIn)!.value);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await t.db
      .update(schema.sessions)
      .set({ lastSeenAt: anHourAgo, expiresAt: soon })
      .where(eq(schema.sessions.tokenHash, tokenHash));
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(signedIn) });
    expect(me.statusCode).toBe(200);
    expect(sessionCookie(me)?.maxAge).toBeGreaterThan(IDLE_S - 60);
    const [row] = await t.db.select().from(schema.sessions).where(eq(schema.sessions.tokenHash, tokenHash));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
  });

  it('refuses a login posted from a foreign origin', async () => {
    const response = await login(t.app, player.email, player.password, { origin: 'https://evil.example' });
    expectErrorEnvelope(response, 403, 'origin_not_allowed');
    expect(sessionCookie(response)).toBeUndefined();
  });

  it('a blocked account cannot sign in, and its open sessions stop working', async () => {
    const { response, body } = await register(t.app);
    const userId: number = response.json().user.id;
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, userId));
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(response) });
    expectErrorEnvelope(me, 401, 'unauthorized');
    expectErrorEnvelope(await login(t.app, body.email, body.password), 403, 'account_blocked');
  });

  it('writes login, login_failed and logout rows to the audit log', async () => {
    const { response, body } = await register(t.app);
    const userId: number = response.json().user.id;
    await login(t.app, body.email, 'wrong password, sorry');
    const signedIn = await login(t.app, body.email, body.password);
    await t.app.inject({ method: 'POST', url: '/spa/auth/logout', headers: { ...BROWSER, ...cookieHeader(signedIn) } });
    expect(await auditEvents(t, userId)).toEqual(['register', 'login_failed', 'login', 'logout']);

    await login(t.app, 'ghost@example.com', 'whatever it is');
    const ghost = await t.db
      .select({ metadata: schema.auditLog.metadata })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.event, 'login_failed'));
    expect(ghost.map((row) => row.metadata.login)).toContain('ghost@example.com');
  });
});

describe('sessions on an https site', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp({ env: { SITE_URL: 'https://playhouse.example' } });
  });
  afterAll(async () => t.close());

  it('marks the session cookie Secure', async () => {
    const { response } = await register(t.app, {}, { origin: 'https://playhouse.example' });
    expect(response.statusCode).toBe(201);
    expect(sessionCookie(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});

describe('login rate limits', () => {
  let t: AccountsTestApp;
  let player: { email: string; password: string };

  beforeAll(async () => {
    t = await buildAccountsApp({
      limits: {
        loginPerIp: { max: 10, windowMs: 60_000 },
        loginCaptchaPerAccount: DEFAULT_AUTH_CONFIG.limits.loginCaptchaPerAccount,
        loginCaptchaPerAddress: DEFAULT_AUTH_CONFIG.limits.loginCaptchaPerAddress,
      },
    });
    const { body } = await register(t.app);
    player = { email: body.email, password: body.password };
  });
  afterAll(async () => t.close());

  it('allows 10 login attempts a minute per address, then answers 429 rate_limit_exceeded', async () => {
    const from = { remoteAddress: '203.0.113.10' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/auth/login',
        headers: BROWSER,
        payload: { login: `someone${attempt}@example.com`, password: 'irrelevant password' },
        ...from,
      });
      statuses.push(response.statusCode);
      if (attempt === 10) expectErrorEnvelope(response, 429, 'rate_limit_exceeded');
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/login',
      headers: BROWSER,
      payload: { login: player.email, password: player.password },
      remoteAddress: '203.0.113.11',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('asks the captcha of an unknown login after the same failures, word for word, so it reveals nothing', async () => {
    const { body } = await register(t.app);
    const answers = async (loginName: string, base: number) => {
      const statuses: string[] = [];
      let last: ReturnType<typeof withoutRequestId> | null = null;
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/spa/auth/login',
          headers: BROWSER,
          payload: { login: loginName, password: 'some password' },
          remoteAddress: `192.0.2.${base + attempt}`,
        });
        statuses.push(`${response.statusCode} ${response.json().error.code}`);
        last = withoutRequestId(response);
      }
      return { statuses, last };
    };
    const known = await answers(body.email, 1);
    const unknown = await answers('nobody-here@example.com', 20);
    expect(unknown.statuses).toEqual(known.statuses);
    expect(unknown.last).toEqual(known.last);
    expect(known.statuses.at(-1)).toBe('401 captcha_required');
  });

  it('five wrong passwords from any addresses never lock the owner out: a solved captcha and the password sign in', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/auth/login',
        headers: BROWSER,
        payload: { login: player.email, password: `wrong password ${attempt}` },
        remoteAddress: `198.51.100.${attempt + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const withoutCaptcha = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/login',
      headers: BROWSER,
      payload: { login: player.email, password: player.password },
      remoteAddress: '198.51.100.77',
    });
    const asked = expectErrorEnvelope(withoutCaptcha, 401, 'captcha_required');
    const level = Number(asked.error.fields?.level);
    expect(level).toBeGreaterThanOrEqual(1);
    expect(sessionCookie(withoutCaptcha)).toBeUndefined();

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/login',
      headers: BROWSER,
      payload: {
        login: player.email,
        password: player.password,
        captcha: await solvedCaptcha(t.app, '198.51.100.78', level),
      },
      remoteAddress: '198.51.100.78',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionCookie(signedIn)?.value).toBeTruthy();
  });

  it('past the failures each try asks a harder captcha; an easier one proves nothing, nor does a wrong password', async () => {
    const { body } = await register(t.app);
    const attempt = (password: string, remoteAddress: string, captcha?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/spa/auth/login',
        headers: BROWSER,
        payload: { login: body.username, password, ...(captcha ? { captcha } : {}) },
        remoteAddress,
      });
    const { loginCaptchaPerAccount } = DEFAULT_AUTH_CONFIG.limits;
    for (let n = 0; n < loginCaptchaPerAccount.max; n += 1) {
      expectErrorEnvelope(await attempt('wrong password!', `203.0.113.${40 + n}`), 401, 'invalid_credentials');
    }
    const levels: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const address = `203.0.113.${60 + n}`;
      const asked = expectErrorEnvelope(await attempt('wrong password!', address), 401, 'captcha_required');
      const level = Number(asked.error.fields?.level);
      levels.push(level);
      // A solved captcha does not make a wrong password right.
      expectErrorEnvelope(
        await attempt('wrong password!', address, await solvedCaptcha(t.app, address, level)),
        401,
        'invalid_credentials',
      );
    }
    expect(levels[1]).toBeGreaterThan(levels[0]!);
    expect(levels[2]).toBeGreaterThan(levels[1]!);
    // A challenge easier than the account's level is asked again (the address is not blamed for it).
    const easy = await attempt(body.password, '203.0.113.70', await solvedCaptcha(t.app, '203.0.113.70', 0));
    const again = expectErrorEnvelope(easy, 401, 'captcha_required');
    const signedIn = await attempt(
      body.password,
      '203.0.113.70',
      await solvedCaptcha(t.app, '203.0.113.70', Number(again.error.fields?.level)),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Signing in clears the account's failures: the next sign-in needs no captcha.
    expect((await attempt(body.password, '203.0.113.71')).statusCode).toBe(200);
  });

  it('an address failing on many accounts must solve a captcha for any account; other addresses need none', async () => {
    const { body } = await register(t.app);
    const from = '203.0.113.90';
    const { loginCaptchaPerAddress } = DEFAULT_AUTH_CONFIG.limits;
    for (let n = 0; n < loginCaptchaPerAddress.max; n += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/auth/login',
        headers: BROWSER,
        payload: { login: `stuffed${n}@example.com`, password: 'leaked password' },
        remoteAddress: from,
      });
      expectErrorEnvelope(response, 401, 'invalid_credentials');
    }
    const asked = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/login',
      headers: BROWSER,
      payload: { login: body.email, password: body.password },
      remoteAddress: from,
    });
    expectErrorEnvelope(asked, 401, 'captcha_required');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/spa/auth/login',
      headers: BROWSER,
      payload: { login: body.email, password: body.password },
      remoteAddress: '203.0.113.91',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a successful login clears the failures of that account', async () => {
    const { body } = await register(t.app);
    const attempt = (password: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/spa/auth/login',
        headers: BROWSER,
        payload: { login: body.username, password },
        remoteAddress: `192.0.2.${100 + n}`,
      });
    // The tries free of a captcha, the one that signs in included.
    const wrong = DEFAULT_AUTH_CONFIG.limits.loginCaptchaPerAccount.max - 1;
    for (let n = 0; n < wrong; n += 1) expect((await attempt('wrong password!', n)).statusCode).toBe(401);
    expect((await attempt(body.password, wrong)).statusCode).toBe(200);
    for (let n = wrong + 1; n < 2 * wrong + 1; n += 1)
      expect((await attempt('wrong password!', n)).statusCode).toBe(401);
    expect((await attempt(body.password, 2 * wrong + 1)).statusCode).toBe(200);
  });
});
