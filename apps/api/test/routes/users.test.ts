import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { latestAdultBirthDate, PROFILE_TABS, REQUIRED_PROFILE_TABS, userResponseSchema } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  BROWSER,
  buildAccountsApp,
  confirmRegistration,
  confirmationToken,
  cookieHeader,
  login,
  mailboxTo,
  register,
  registration,
  requestRegistration,
  sessionCookie,
  solvedCaptcha,
  unsolvedPayload,
  type AccountsTestApp,
} from './auth-helpers';

async function outboxTo(t: AccountsTestApp, to: string) {
  return t.db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, to))
    .orderBy(desc(schema.emailOutbox.id));
}

function resetTokenFrom(text: string): string {
  const match = /\/auth\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe('POST /spa/users (registration)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp();
  });
  afterAll(async () => t.close());

  it('creates the player, starts a session and opens main and bonus ledger accounts in their currency', async () => {
    const { response, body } = await register(t.app, { currency: 'USD', phone: '+1 (202) 555-0143', country: 'US' });
    expect(response.statusCode).toBe(201);
    const { user } = userResponseSchema.parse(response.json());
    expect(user).toMatchObject({
      login: body.email,
      email: body.email,
      username: body.username,
      currency: 'USD',
      country: 'US',
      phone: '+12025550143',
      dateOfBirth: body.dateOfBirth,
      locale: 'en',
      oddType: 'decimal',
      role: 'player',
      timezone: null,
    });
    expect(Object.keys(response.json().user)).not.toContain('passwordHash');
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(response) });
    expect(me.json().user.id).toBe(user.id);

    const accounts = await t.db
      .select({ kind: schema.ledgerAccounts.kind, currency: schema.ledgerAccounts.currency })
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.userId, user.id));
    expect(accounts.map((account) => `${account.kind}:${account.currency}`).sort()).toEqual(['bonus:USD', 'main:USD']);

    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.termsAcceptedAt).not.toBeNull();
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, user.id));
    expect(audit.map((entry) => entry.event)).toEqual(['register']);
  });

  it('keeps the language of the request as the player’s locale', async () => {
    const { response } = await register(t.app, {}, { 'x-locale': 'de' });
    expect(response.json().user.locale).toBe('de');
  });

  it('refuses someone under 18 on the server’s clock', async () => {
    const tooYoung = new Date(`${latestAdultBirthDate(new Date())}T00:00:00Z`);
    tooYoung.setUTCDate(tooYoung.getUTCDate() + 1);
    const { response } = await requestRegistration(t.app, { dateOfBirth: tooYoung.toISOString().slice(0, 10) });
    const body = expectErrorEnvelope(response, 400, 'validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['dateOfBirth']);
    expect(sessionCookie(response)).toBeUndefined();
  });

  it('accepts someone who turns 18 today', async () => {
    const { response } = await register(t.app, { dateOfBirth: latestAdultBirthDate(new Date()) });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a phone number libphonenumber-js does not accept, and one not in international form', async () => {
    const invalid = await requestRegistration(t.app, { phone: '+49 123' });
    expect(expectErrorEnvelope(invalid.response, 400, 'validation_failed').error.fields).toHaveProperty('phone');
    const national = await requestRegistration(t.app, { phone: '0151 23456789' });
    expect(expectErrorEnvelope(national.response, 400, 'validation_failed').error.fields).toHaveProperty('phone');
  });

  it('refuses a short password and a password that is the e-mail address', async () => {
    const short = await requestRegistration(t.app, { password: 'short' });
    expect(expectErrorEnvelope(short.response, 400, 'validation_failed').error.fields).toHaveProperty('password');
    const sameAsEmail = registration();
    const { response } = await requestRegistration(t.app, {
      ...sameAsEmail,
      password: sameAsEmail.email.toUpperCase(),
    });
    expect(expectErrorEnvelope(response, 400, 'validation_failed').error.fields).toHaveProperty('password');
  });

  it('refuses a registration without the terms accepted', async () => {
    const missing = registration();
    delete (missing as Partial<typeof missing>).termsAccepted;
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/users',
      headers: BROWSER,
      payload: { ...missing, captcha: await solvedCaptcha(t.app) },
    });
    expect(expectErrorEnvelope(response, 400, 'validation_failed').error.fields).toHaveProperty('termsAccepted');
    const refused = await requestRegistration(t.app, { termsAccepted: false });
    expect(expectErrorEnvelope(refused.response, 400, 'validation_failed').error.fields).toHaveProperty(
      'termsAccepted',
    );
  });

  it('refuses a missing, a forged and an unsolved captcha with 400 captcha_invalid', async () => {
    const noCaptcha = await t.app.inject({
      method: 'POST',
      url: '/spa/users',
      headers: BROWSER,
      payload: registration(),
    });
    expectErrorEnvelope(noCaptcha, 400, 'captcha_invalid');

    const solved = JSON.parse(Buffer.from(await solvedCaptcha(t.app), 'base64').toString());
    const forgedPayload = { ...solved, challenge: { ...solved.challenge, signature: '0'.repeat(64) } };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/spa/users',
      headers: BROWSER,
      payload: { ...registration(), captcha: Buffer.from(JSON.stringify(forgedPayload)).toString('base64') },
    });
    expectErrorEnvelope(forged, 400, 'captcha_invalid');

    const challenge = (await t.app.inject({ method: 'GET', url: '/spa/captcha/challenge' })).json();
    const unsolved = await t.app.inject({
      method: 'POST',
      url: '/spa/users',
      headers: BROWSER,
      payload: { ...registration(), captcha: unsolvedPayload(challenge) },
    });
    expectErrorEnvelope(unsolved, 400, 'captcha_invalid');
  });

  it('answers a taken e-mail exactly as a fresh one: 202, no session; only the e-mails differ', async () => {
    const { body: original } = await register(t.app);
    const fresh = await requestRegistration(t.app);
    const taken = await requestRegistration(t.app, { email: original.email.toUpperCase() });
    for (const { response } of [fresh, taken]) {
      expect(response.statusCode).toBe(202);
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(taken.response.body).toBe(fresh.response.body);
    expect(Object.keys(taken.response.headers).sort()).toEqual(Object.keys(fresh.response.headers).sort());

    // The owner of the taken address is told; the fresh address gets its confirmation link.
    const notices = await outboxTo(t, original.email);
    expect(notices[0]!.subject).toBe('Someone tried to register with your e-mail address');
    expect(notices[0]!.text).toContain('http://localhost:3000/en/auth/password-recovery');
    const confirmation = await outboxTo(t, fresh.body.email);
    expect(confirmation[0]!.subject).toBe('Confirm your e-mail address for Playhouse');
    // The link carries a live token: the outbox staff read withholds it, the recipient's mailbox has it.
    expect(confirmation[0]!.text).not.toContain('token=');
    expect(confirmation[0]!.text).toContain('[link withheld: sent to the recipient only]');
    const [mailed] = await mailboxTo(t, fresh.body.email);
    expect(mailed).toMatch(/http:\/\/localhost:3000\/en\/auth\/confirm-email\?token=/);
    const users = await t.db.select({ email: schema.users.email }).from(schema.users);
    expect(users.filter((user) => user.email.toLowerCase() === original.email.toLowerCase())).toHaveLength(1);
  });

  it('creates the account only from the link: once, not after its 24 hours, not for an address taken since', async () => {
    const { body } = await requestRegistration(t.app);
    const token = await confirmationToken(t.app, body.email);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, body.email))).toHaveLength(0);
    const created = await confirmRegistration(t.app, token);
    expect(created.statusCode).toBe(201);
    expect(sessionCookie(created)?.value).toBeTruthy();
    expectErrorEnvelope(await confirmRegistration(t.app, token), 400, 'invalid_token');

    const late = await requestRegistration(t.app);
    await t.db
      .update(schema.pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.pendingRegistrations.email, late.body.email));
    expectErrorEnvelope(
      await confirmRegistration(t.app, await confirmationToken(t.app, late.body.email)),
      400,
      'invalid_token',
    );

    // Someone registering an address they do not own holds nothing: its owner registers and confirms as usual.
    const squatter = await requestRegistration(t.app, { email: 'owner@example.com', username: 'squatter' });
    const squatterToken = await confirmationToken(t.app, squatter.body.email);
    const owner = await requestRegistration(t.app, { email: 'owner@example.com', username: 'the_owner' });
    const ownerConfirmed = await confirmRegistration(t.app, await confirmationToken(t.app, owner.body.email));
    expect(ownerConfirmed.json().user.username).toBe('the_owner');
    expectErrorEnvelope(await confirmRegistration(t.app, squatterToken), 400, 'invalid_token');
  });

  it('asks for another username when the chosen one was taken before the link was used', async () => {
    const first = await requestRegistration(t.app, { username: 'wanted_name' });
    const second = await requestRegistration(t.app, { username: 'wanted_name' });
    expect((await confirmRegistration(t.app, await confirmationToken(t.app, first.body.email))).statusCode).toBe(201);
    const secondToken = await confirmationToken(t.app, second.body.email);
    const clash = await confirmRegistration(t.app, secondToken);
    expect(expectErrorEnvelope(clash, 409, 'username_taken').error.fields).toHaveProperty('username');
    const renamed = await confirmRegistration(t.app, secondToken, { username: 'other_name' });
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().user).toMatchObject({ username: 'other_name', email: second.body.email });
  });

  it('refuses a registration posted from a foreign origin', async () => {
    const { response } = await requestRegistration(t.app, {}, { origin: 'https://evil.example' });
    expectErrorEnvelope(response, 403, 'origin_not_allowed');
  });
});

describe('registration and recovery rate limits', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp({
      limits: {
        registerPerIp: { max: 5, windowMs: 60 * 60_000 },
        recoveryPerIp: { max: 5, windowMs: 60 * 60_000 },
        recoveryPerEmail: { max: 3, windowMs: 60 * 60_000 },
      },
    });
  });
  afterAll(async () => t.close());

  it('allows 5 registrations an hour per address, then 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const body = { ...registration(), captcha: await solvedCaptcha(t.app) };
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/users',
        headers: BROWSER,
        payload: body,
        remoteAddress: '203.0.113.50',
      });
      statuses.push(response.statusCode);
      if (attempt === 5) expectErrorEnvelope(response, 429, 'rate_limit_exceeded');
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('sends a few registration e-mails an hour to one address at most, still answering 202', async () => {
    const email = 'bombed@example.com';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { response } = await requestRegistration(t.app, { email });
      expect(response.statusCode).toBe(202);
    }
    expect(await outboxTo(t, email)).toHaveLength(3);
  });

  it('allows 3 recovery e-mails an hour per address asked for, then 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/users/password/recovery',
        headers: BROWSER,
        payload: { email: 'target@example.com', captcha: await solvedCaptcha(t.app) },
        remoteAddress: `203.0.113.${60 + attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('allows 5 recovery requests an hour per client address, then 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/users/password/recovery',
        headers: BROWSER,
        payload: { email: `someone${attempt}@example.com`, captcha: await solvedCaptcha(t.app) },
        remoteAddress: '203.0.113.90',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('password recovery, reset and change', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp();
  });
  const tokenMailedTo = async (email: string) => resetTokenFrom((await mailboxTo(t, email))[0]!);
  afterAll(async () => t.close());

  async function requestRecovery(email: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: { ...BROWSER, ...headers },
      payload: { email, captcha: await solvedCaptcha(t.app) },
    });
  }

  it('answers 202 with the same body whether or not the address has an account; only an owner gets mail', async () => {
    const { body } = await register(t.app);
    const known = await requestRecovery(body.email);
    const unknown = await requestRecovery('no-account@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await outboxTo(t, 'no-account@example.com')).toHaveLength(0);
    const [mail] = await outboxTo(t, body.email);
    expect(mail!.subject).toBe('Reset your Playhouse password');
    expect(mail!.text).toContain('expires in 30 minutes');
    // The outbox keeps the message without its link; the mailbox has the link.
    expect(mail!.text).not.toContain('token=');
    expect(mail!.text).toContain('[link withheld: sent to the recipient only]');
    // The mailbox: the registration's confirmation, then (newest first) the reset with its link.
    const mailed = await mailboxTo(t, body.email);
    expect(mailed).toHaveLength(2);
    expect(mailed[0]).toContain('/auth/reset-password?token=');
  });

  it('e-mails a link in the language asked in, whose token validates, resets once and signs in', async () => {
    const { response: registered, body } = await register(t.app);
    const otherDevice = await login(t.app, body.email, body.password);
    expect((await requestRecovery(body.email, { 'x-locale': 'de' })).statusCode).toBe(202);
    const [mail] = await outboxTo(t, body.email);
    expect(mail!.subject).toBe('Setzen Sie Ihr Playhouse-Passwort zurück');
    const [mailed] = await mailboxTo(t, body.email);
    expect(mailed).toContain('http://localhost:3000/de/auth/reset-password?token=');
    const token = resetTokenFrom(mailed!);

    const valid = await t.app.inject({ method: 'GET', url: `/spa/users/tokens/validation/password/${token}` });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });

    const newPassword = 'a brand new passphrase';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: BROWSER,
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.email).toBe(body.email);
    const me = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(reset) });
    expect(me.statusCode).toBe(200);

    for (const old of [registered, otherDevice]) {
      const stale = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(old) });
      expectErrorEnvelope(stale, 401, 'unauthorized');
    }
    expectErrorEnvelope(await login(t.app, body.email, body.password), 401, 'invalid_credentials');
    expect((await login(t.app, body.email, newPassword)).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: BROWSER,
      payload: { token, password: 'yet another passphrase' },
    });
    expectErrorEnvelope(again, 400, 'invalid_token');
    const revalidate = await t.app.inject({ method: 'GET', url: `/spa/users/tokens/validation/password/${token}` });
    expectErrorEnvelope(revalidate, 400, 'invalid_token');

    const userId: number = registered.json().user.id;
    const events = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, userId));
    expect(events.map((entry) => entry.event)).toContain('password_reset');
    // The notice goes out in the account's own language, like every mail about the account.
    const notice = await outboxTo(t, body.email);
    expect(notice[0]!.subject).toBe('Your Playhouse password was changed');
  });

  it('refuses an expired link', async () => {
    const { body } = await register(t.app);
    await requestRecovery(body.email);
    const token = await tokenMailedTo(body.email);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, body.email));
    await t.db
      .update(schema.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResetTokens.userId, user!.id));
    const validation = await t.app.inject({ method: 'GET', url: `/spa/users/tokens/validation/password/${token}` });
    expectErrorEnvelope(validation, 400, 'invalid_token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: BROWSER,
      payload: { token, password: 'a brand new passphrase' },
    });
    expectErrorEnvelope(reset, 400, 'invalid_token');
  });

  it('refuses a token that was never issued', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/spa/users/tokens/validation/password/${'x'.repeat(43)}`,
    });
    expectErrorEnvelope(response, 400, 'invalid_token');
  });

  it('a newer link and a password change retire older links', async () => {
    const { body } = await register(t.app);
    await requestRecovery(body.email);
    const first = await tokenMailedTo(body.email);
    await requestRecovery(body.email);
    const second = await tokenMailedTo(body.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: BROWSER,
      payload: { token: second, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: `/spa/users/tokens/validation/password/${first}` });
    expectErrorEnvelope(stale, 400, 'invalid_token');
  });

  it('POST /spa/users/password changes the password, ends every session and gives the caller a new one', async () => {
    const { response: registered, body } = await register(t.app);
    const otherDevice = await login(t.app, body.username, body.password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password',
      headers: { ...BROWSER, ...cookieHeader(registered) },
      payload: { currentPassword: body.password, newPassword: 'changed passphrase 2' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ changed: true });
    expect(sessionCookie(change)!.value).not.toBe(sessionCookie(registered)!.value);

    for (const old of [registered, otherDevice]) {
      const stale = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(old) });
      expectErrorEnvelope(stale, 401, 'unauthorized');
    }
    const fresh = await t.app.inject({ method: 'GET', url: '/spa/users/me', headers: cookieHeader(change) });
    expect(fresh.statusCode).toBe(200);
    expect((await login(t.app, body.email, 'changed passphrase 2')).statusCode).toBe(200);

    const userId: number = registered.json().user.id;
    const sessions = await t.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
    expect(sessions).toHaveLength(2);
    const events = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, userId));
    expect(events.map((entry) => entry.event)).toContain('password_change');
    expect((await outboxTo(t, body.email))[0]!.subject).toBe('Your Playhouse password was changed');
  });

  it('POST /spa/users/password refuses a wrong current password and needs a session', async () => {
    const { response, body } = await register(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password',
      headers: { ...BROWSER, ...cookieHeader(response) },
      payload: { currentPassword: 'not my password', newPassword: 'changed passphrase 3' },
    });
    expect(expectErrorEnvelope(wrong, 400, 'invalid_credentials').error.fields).toHaveProperty('currentPassword');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password',
      headers: BROWSER,
      payload: { currentPassword: body.password, newPassword: 'changed passphrase 3' },
    });
    expectErrorEnvelope(anonymous, 401, 'unauthorized');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password',
      headers: { origin: 'https://evil.example', ...cookieHeader(response) },
      payload: { currentPassword: body.password, newPassword: 'changed passphrase 3' },
    });
    expectErrorEnvelope(foreign, 403, 'origin_not_allowed');
  });

  it('refuses recovery and reset posted from a foreign origin', async () => {
    const recovery = await requestRecovery('someone@example.com', { origin: 'https://evil.example' });
    expectErrorEnvelope(recovery, 403, 'origin_not_allowed');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/reset',
      headers: { origin: 'https://evil.example' },
      payload: { token: 'x'.repeat(43), password: 'a brand new passphrase' },
    });
    expectErrorEnvelope(reset, 403, 'origin_not_allowed');
  });
});

describe('account e-mails without UI texts in the database', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await buildAccountsApp({ withoutUiTexts: true });
  });
  afterAll(async () => t.close());

  it('word the reset e-mail from the catalogues shipped with the code, link included', async () => {
    const { body } = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/users/password/recovery',
      headers: { ...BROWSER, 'x-locale': 'es' },
      payload: { email: body.email, captcha: await solvedCaptcha(t.app) },
    });
    expect(response.statusCode).toBe(202);
    const [mail] = await outboxTo(t, body.email);
    expect(mail!.subject).toBe('Restablece tu contraseña de Playhouse');
    expect(mail!.text).not.toContain('emails.');
    resetTokenFrom((await mailboxTo(t, body.email))[0]!);
  });
});

describe('timezone, odd type and fingerprints', () => {
  let t: AccountsTestApp;
  let session: { cookie: string };
  let userId: number;

  beforeAll(async () => {
    t = await buildAccountsApp();
    const { response } = await register(t.app);
    session = cookieHeader(response);
    userId = response.json().user.id;
  });
  afterAll(async () => t.close());

  it('PUT /spa/users/timezone stores a zone Intl knows, in its canonical spelling', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/timezone',
      headers: { ...BROWSER, ...session },
      payload: { timezone: 'europe/berlin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ timezone: 'Europe/Berlin' });
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(row!.timezone).toBe('Europe/Berlin');
    expect(row!.timezoneCheckedAt).not.toBeNull();
  });

  it("PUT /spa/users/timezone from the device follows the device until the player picks a zone, then keeps the player's", async () => {
    const { response } = await register(t.app);
    const player = cookieHeader(response);
    const put = (timezone: string, source?: 'device' | 'player') =>
      t.app.inject({
        method: 'PUT',
        url: '/spa/users/timezone',
        headers: { ...BROWSER, ...player },
        payload: source ? { timezone, source } : { timezone },
      });
    expect((await put('Asia/Tokyo', 'device')).json()).toEqual({ timezone: 'Asia/Tokyo' });
    expect((await put('Europe/Lisbon')).json()).toEqual({ timezone: 'Europe/Lisbon' });
    const daily = await put('Asia/Tokyo', 'device');
    expect(daily.statusCode).toBe(200);
    expect(daily.json()).toEqual({ timezone: 'Europe/Lisbon' });
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, response.json().user.id));
    expect(row).toMatchObject({ timezone: 'Europe/Lisbon', timezoneSource: 'player' });
    expectErrorEnvelope(await put('UTC', 'robot' as 'device'), 400, 'validation_failed');
  });

  it('PUT /spa/users/timezone refuses an unknown zone and an anonymous caller', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/timezone',
      headers: { ...BROWSER, ...session },
      payload: { timezone: 'Mars/Olympus_Mons' },
    });
    expect(expectErrorEnvelope(unknown, 400, 'validation_failed').error.fields).toHaveProperty('timezone');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/timezone',
      headers: BROWSER,
      payload: { timezone: 'UTC' },
    });
    expectErrorEnvelope(anonymous, 401, 'unauthorized');
  });

  it('GET /spa/users/odd-type is decimal for visitors and the player’s own choice once changed', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/spa/users/odd-type', headers: { 'x-locale': 'de' } });
    expect(visitor.json()).toEqual({ oddType: 'decimal' });

    const change = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/odd-type',
      headers: { ...BROWSER, ...session },
      payload: { oddType: 'hongKong' },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ oddType: 'hongKong' });
    const read = await t.app.inject({ method: 'GET', url: '/spa/users/odd-type', headers: session });
    expect(read.json()).toEqual({ oddType: 'hongKong' });
    expect(read.headers['cache-control']).toContain('private');
  });

  it('PUT /spa/users/odd-type refuses an unknown format', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/odd-type',
      headers: { ...BROWSER, ...session },
      payload: { oddType: 'roman' },
    });
    expect(expectErrorEnvelope(response, 400, 'validation_failed').error.fields).toHaveProperty('oddType');
  });

  it('GET/PUT /spa/users/profile/tab-display-settings: the player hides optional account tabs, never the required ones', async () => {
    const read = async () => {
      const response = await t.app.inject({ url: '/spa/users/profile/tab-display-settings', headers: session });
      expect(response.statusCode).toBe(200);
      const { tabs } = response.json() as { tabs: { tab: string; visible: boolean; required: boolean }[] };
      return tabs;
    };
    const initial = await read();
    expect(initial.map((entry) => entry.tab)).toEqual([...PROFILE_TABS]);
    expect(initial.every((entry) => entry.visible)).toBe(true);
    expect(initial.filter((entry) => entry.required).map((entry) => entry.tab)).toEqual([...REQUIRED_PROFILE_TABS]);

    const put = (hidden: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/spa/users/profile/tab-display-settings',
        headers: { ...BROWSER, ...session },
        payload: { hidden },
      });
    const saved = await put(['recentlyPlayed', 'bonuses']);
    expect(saved.statusCode).toBe(200);
    const hidden = (await read()).filter((entry) => !entry.visible).map((entry) => entry.tab);
    expect(hidden).toEqual(['bonuses', 'recentlyPlayed']);

    for (const bad of [['responsibleGaming'], ['bonuses', 'bonuses'], ['nope']]) {
      const fields = expectErrorEnvelope(await put(bad), 400, 'validation_failed').error.fields ?? {};
      expect(Object.keys(fields).every((field) => field.startsWith('hidden'))).toBe(true);
      expect(Object.keys(fields)).not.toEqual([]);
    }
    // A refused change changes nothing.
    expect((await read()).filter((entry) => !entry.visible).map((entry) => entry.tab)).toEqual(hidden);

    expect((await put([])).statusCode).toBe(200);
    expect((await read()).every((entry) => entry.visible)).toBe(true);
    expectErrorEnvelope(await t.app.inject({ url: '/spa/users/profile/tab-display-settings' }), 401, 'unauthorized');
  });

  function multipart(fields: Record<string, string>) {
    const boundary = '----playhouse-test-boundary';
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return {
      payload: `${parts.join('')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('POST /spa/users/fingerprints takes the multipart field and remembers first and last sighting', async () => {
    const fingerprint = '0123456789abcdef0123456789ABCDEF';
    for (let time = 0; time < 2; time += 1) {
      const form = multipart({ fingerprint });
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/users/fingerprints',
        headers: { ...BROWSER, ...session, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(204);
    }
    const rows = await t.db
      .select()
      .from(schema.userFingerprints)
      .where(and(eq(schema.userFingerprints.userId, userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fingerprint: fingerprint.toLowerCase(), timesSeen: 2 });
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.firstSeenAt.getTime());
  });

  it('POST /spa/users/fingerprints refuses a value that is not 32 hex digits, and visitors', async () => {
    const bad = multipart({ fingerprint: 'not-a-fingerprint' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/spa/users/fingerprints',
      headers: { ...BROWSER, ...session, ...bad.headers },
      payload: bad.payload,
    });
    expect(expectErrorEnvelope(refused, 400, 'validation_failed').error.fields).toHaveProperty('fingerprint');
    const good = multipart({ fingerprint: 'ab'.repeat(16) });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/spa/users/fingerprints',
      headers: { ...BROWSER, ...good.headers },
      payload: good.payload,
    });
    expectErrorEnvelope(anonymous, 401, 'unauthorized');
  });
});
