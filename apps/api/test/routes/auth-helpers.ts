import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { schema, type Db, type DbHandle } from '@playhouse/db';
import { demoLocales } from '@playhouse/db/seed/content/locales';
import { loadMessages } from '@playhouse/db/messages';
import { captchaInput, leadingZeroBits, type CaptchaChallenge, type CaptchaSolution } from '@playhouse/shared';
import { buildApp } from '../../src/app';
import { loadConfig, type AuthConfig, type Config } from '../../src/config';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { createTestDb } from '../helpers/test-db';

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
}

/**
 * The real app on a fresh database holding the locales and the UI messages (forms and e-mails are worded from
 * them), with cheap argon2 and generous limits unless a test asks for tight ones.
 */
export async function buildAccountsApp(options: AccountsTestAppOptions = {}): Promise<AccountsTestApp> {
  const handle = await createTestDb();
  await handle.db.insert(schema.locales).values(demoLocales());
  if (!options.withoutUiTexts) await loadMessages(handle.db);
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'playhouse-test-mail-'));
  const base = loadConfig({
    MAIL_DIR: mailDir,
    DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    CAPTCHA_SECRET: 'test-captcha-secret-of-at-least-32-characters',
    CAPTCHA_DIFFICULTY: '6',
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
        registerPerIp: GENEROUS,
        recoveryPerIp: GENEROUS,
        recoveryPerEmail: GENEROUS,
        ...options.limits,
      },
    },
  };
  const app = await buildApp({ config, dbHandle: handle, logger: false });
  await app.ready();
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

/**
 * The texts of the messages to `to` in the app's mail folder, newest first (quoted-printable decoded): where links
 * with a live token go, never the outbox table staff read.
 */
export async function mailboxTo(t: AccountsTestApp, to: string): Promise<string[]> {
  await t.app.services.email.drain();
  const files = (await readdir(t.mailDir)).sort().reverse();
  const mails = await Promise.all(files.map((file) => readFile(path.join(t.mailDir, file), 'utf8')));
  return mails
    .filter((mail) => mail.split('\n\n')[0]!.includes(`To: ${to}`))
    .map((mail) =>
      mail
        .slice(mail.indexOf('\n\n') + 2)
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** Does the client's share of the proof-of-work: the first nonce whose hash has enough leading zero bits. */
export function solveChallenge(challenge: CaptchaChallenge): CaptchaSolution {
  for (let attempt = 0; ; attempt += 1) {
    const nonce = attempt.toString(36);
    const digest = createHash('sha256').update(captchaInput(challenge.token, nonce)).digest();
    if (leadingZeroBits(digest) >= challenge.difficulty) return { token: challenge.token, nonce };
  }
}

/** A nonce that does not do the work (random nonces pass by luck one time in 2^difficulty). */
export function failingNonce(challenge: CaptchaChallenge): string {
  for (let attempt = 0; ; attempt += 1) {
    const nonce = `wrong-${attempt}`;
    const digest = createHash('sha256').update(captchaInput(challenge.token, nonce)).digest();
    if (leadingZeroBits(digest) < challenge.difficulty) return nonce;
  }
}

export async function solvedCaptcha(app: AccountsTestApp['app']): Promise<CaptchaSolution> {
  const response = await app.inject({ method: 'GET', url: '/spa/captcha/challenge' });
  expect(response.statusCode).toBe(200);
  return solveChallenge(response.json<CaptchaChallenge>());
}

let sequence = 0;

/** A valid registration body; each call gets its own e-mail and username. */
export function registration(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `player${sequence}@example.com`,
    username: `player_${sequence}`,
    password: 'correct horse battery staple',
    phone: '+49 151 23456789',
    country: 'DE',
    currency: 'EUR',
    dateOfBirth: '1990-05-17',
    termsAccepted: true,
    ...overrides,
  };
}

export async function register(
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
