import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { schema, type Db, type DbHandle } from '@playhouse/db';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { loadMessages } from '@playhouse/db/messages';
import { solveChallenge as solveAltcha } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaChallenge, CaptchaSolution } from '@playhouse/shared';
import { buildApp } from '../../src/app';
import { loadConfig, type AuthConfig, type Config } from '../../src/config';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { createTestDb } from '../helpers/test-db';
import { ROUTE_TEST_ENV } from '../helpers/build-test-app';

export const SITE_ORIGIN = 'http://localhost:3000';
/** What a browser on the site sends with every state-changing request. */
export const BROWSER = { origin: SITE_ORIGIN } as const;

/** Cheap argon2id for tests only: the production config always carries OWASP's parameters. */
const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const GENEROUS = { max: 10_000, windowMs: 60_000 };

export interface AccountsTestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  handle: DbHandle;
  config: Config;
  /** The mail folder (MAIL_DIR): where the whole messages go, token links included, as to a recipient's mailbox. */
  mailDir: string;
  close: () => Promise<void>;
}

export interface AccountsTestAppOptions {
  env?: Record<string, string>;
  limits?: Partial<AuthConfig['limits']>;
  auth?: Partial<Omit<AuthConfig, 'limits' | 'argon2'>>;
  /** Leave the translations table empty, as a database seeded without the UI texts would be. */
  withoutUiTexts?: boolean;
  /** More of the demo content the test needs (payment methods, games), written before the app starts. */
  seed?: (db: Db) => Promise<void>;
}

/**
 * The real app on a fresh database holding the locales and the UI messages (forms and e-mails are worded from
 * them), with cheap argon2 and generous limits unless a test asks for tight ones.
 */
export async function buildAccountsApp(options: AccountsTestAppOptions = {}): Promise<AccountsTestApp> {
  const handle = await createTestDb();
  await handle.db.insert(schema.locales).values(demoLocales());
  if (!options.withoutUiTexts) await loadMessages(handle.db);
  await options.seed?.(handle.db);
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'playhouse-test-mail-'));
  const base = loadConfig({
    MAIL_DIR: mailDir,
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...ROUTE_TEST_ENV,
    CAPTCHA_SECRET: 'test-captcha-secret-of-at-least-32-characters',
    CAPTCHA_DIFFICULTY: '20',
    ...options.env,
  });
  const config: Config = {
    ...base,
    auth: {
      ...base.auth,
      ...options.auth,
      argon2: TEST_ARGON2,
      limits: {
        loginPerIp: GENEROUS,
        loginFailuresPerAccount: GENEROUS,
        loginCaptchaPerAccount: GENEROUS,
        loginCaptchaPerAddress: GENEROUS,
        registerPerIp: GENEROUS,
        recoveryPerIp: GENEROUS,
        recoveryPerEmail: GENEROUS,
        ...options.limits,
      },
    },
  };
  const app = await buildApp({ config, dbHandle: handle, logger: false });
  await app.ready();
  mailDirs.set(app, mailDir);
  return {
    app,
    db: handle.db,
    handle,
    config,
    mailDir,
    close: async () => {
      await app.close();
      await handle.close();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

/** Each test app's mail folder, for helpers that only get the app. */
const mailDirs = new WeakMap<AccountsTestApp['app'], string>();

/**
 * The texts of the messages to `to` in the app's mail folder, newest first (quoted-printable decoded): where links
 * with a live token go, never the outbox table staff read.
 */
export async function mailboxTo(t: AccountsTestApp | AccountsTestApp['app'], to: string): Promise<string[]> {
  const app = 'app' in t ? t.app : t;
  const mailDir = mailDirs.get(app);
  if (!mailDir) throw new Error('this app was not built by buildAccountsApp: it has no mail folder');
  await app.services.email.drain();
  const files = (await readdir(mailDir)).sort().reverse();
  const mails = await Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
  return mails
    .filter((mail) => mail.split('\n\n')[0]!.includes(`To: ${to}`))
    .map((mail) =>
      mail
        .slice(mail.indexOf('\n\n') + 2)
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** Does the browser's share of the work, as the ALTCHA widget does, and packs the payload the widget would send. */
export async function solveChallenge(challenge: CaptchaChallenge): Promise<CaptchaSolution> {
  const solution = await solveAltcha({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A payload that claims a solution without the work. */
export function unsolvedPayload(challenge: CaptchaChallenge): CaptchaSolution {
  const solution = { counter: 1, derivedKey: '00'.repeat(32) };
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A challenge from the api (at least `level` hard: a sign-in past failed tries asks one), solved. */
export async function solvedCaptcha(
  app: AccountsTestApp['app'],
  remoteAddress = '127.0.0.1',
  level?: number,
): Promise<CaptchaSolution> {
  const url = level === undefined ? '/spa/captcha/challenge' : `/spa/captcha/challenge?level=${level}`;
  const response = await app.inject({ method: 'GET', url, remoteAddress });
  expect(response.statusCode).toBe(200);
  return solveChallenge(response.json<CaptchaChallenge>());
}

let sequence = 0;

/** A number in letters (1 → "Ab"): names are compared by their letters only, so each test player's must differ. */
function lettersOf(n: number): string {
  let out = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 26)) out = String.fromCharCode(97 + (rest % 26)) + out;
  return `A${out}`;
}

/** A valid registration body; each call gets its own e-mail, username, name and phone. */
export function registration(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `player${sequence}@example.com`,
    username: `player_${sequence}`,
    fullName: `Test Player ${lettersOf(sequence)}`,
    password: 'correct horse battery staple',
    phone: `+49 151 ${String(23_456_789 + sequence)}`,
    country: 'DE',
    currency: 'EUR',
    dateOfBirth: '1990-05-17',
    termsAccepted: true,
    ...overrides,
  };
}

/** POST /spa/users as the registration form sends it; answers 202 whatever the address (the e-mail goes on). */
export async function requestRegistration(
  app: AccountsTestApp['app'],
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const body = { ...registration(overrides), captcha: await solvedCaptcha(app) };
  const response = await app.inject({
    method: 'POST',
    url: '/spa/users',
    headers: { ...BROWSER, ...headers },
    payload: body,
  });
  return { response, body };
}

/** The newest e-mail to an address, from the outbox (no SMTP in tests). */
export async function lastEmailTo(db: Db, to: string) {
  const rows = await db
    .select()
    .from(schema.emailOutbox)
    .where(sql`lower(${schema.emailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(schema.emailOutbox.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The token of the confirmation link in the newest e-mail to an address, as its recipient reads it (the mail folder:
 * the outbox keeps the link withheld).
 */
export async function confirmationToken(app: AccountsTestApp['app'], to: string): Promise<string> {
  const [mail] = await mailboxTo(app, to);
  const token = /\/auth\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(mail ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link in the last e-mail to ${to}`);
  return token;
}

export function confirmRegistration(
  app: AccountsTestApp['app'],
  token: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/spa/users/registration/confirmation',
    headers: { ...BROWSER, ...headers },
    payload: { token, ...extra },
  });
}

/**
 * Registers and confirms from the e-mailed link, as a new player does: `response` is the confirmation's answer (201
 * with the session cookie and the user), `requested` the registration's own (202).
 */
export async function register(
  app: AccountsTestApp['app'],
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const { response: requested, body } = await requestRegistration(app, overrides, headers);
  expect(requested.statusCode, requested.body).toBe(202);
  const response = await confirmRegistration(app, await confirmationToken(app, body.email), {}, headers);
  return { response, requested, body };
}

export function sessionCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: LightMyRequestResponse): { cookie: string } {
  const cookie = sessionCookie(response);
  expect(cookie?.value).toBeTruthy();
  return { cookie: `${SESSION_COOKIE}=${cookie!.value}` };
}

export async function login(app: AccountsTestApp['app'], loginName: string, password: string, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/spa/auth/login',
    headers: { ...BROWSER, ...headers },
    payload: { login: loginName, password },
  });
}

/** The error envelope without its request id, for comparing two answers word for word. */
export function withoutRequestId(response: LightMyRequestResponse) {
  const { requestId: _requestId, ...rest } = response.json<{ requestId: string }>();
  return rest;
}
