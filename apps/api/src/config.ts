import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_PRESENCE_TTL_MS, CURRENCY_CODES, parseDecimal, type Currency } from '@playhouse/shared';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Unset and empty are the same thing for an environment variable. */
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const originSchema = z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin);

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's trustProxy: true/false, a hop count, or addresses/CIDRs/proxy-addr names
 * ("loopback", "uniquelocal") separated by commas.
 */
const trustProxySchema = z
  .string()
  .trim()
  .min(1)
  .transform((value): TrustProxy => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return (_address, hop) => hop < hops;
    }
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  API_HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: optionalString,
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  ALLOWED_ORIGINS: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.stringbool().default(true),
  // The web server and a reverse proxy on the same host forward the visitor's address; nobody else is believed.
  TRUST_PROXY: trustProxySchema.default(['loopback']),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Client addresses exempt from the per-address limits: the site's own web servers, whose server-side renders all
  // arrive from one address. Per-account limits still apply to them.
  RATE_LIMIT_EXEMPT: optionalString,
  // Shared by every api instance so a captcha challenge issued by one verifies on another.
  CAPTCHA_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(1).max(32).default(16),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  // Without SMTP_URL, messages are written as .eml files here (readable on the server only, never through the site).
  MAIL_DIR: optionalString,
  // The sandbox payment provider signs its webhooks with this; unset, each process makes its own (in-process delivery).
  PSP_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // Where the sandbox delivers its webhooks; unset, to this process's own endpoint without a network hop.
  PSP_WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PSP_WEBHOOK_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  // Background jobs (webhook delivery) run on instances that have this on; each job runs on one at a time.
  JOBS_ENABLED: z.stringbool().default(true),
  // The in-house odds feed; unset, it runs with the embedded demo database (no DATABASE_URL, SEED_DEMO on).
  FEED_SIMULATOR: optionalString.pipe(z.enum(['on', 'off']).optional()),
  FEED_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(1_000).default(30_000),
  // A feed process may push deliveries to /spa/staff/sports/feed with this as X-Feed-Token.
  FEED_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  // How long an instance reuses a visitor's page of games or search answer (the same for every visitor); 0 turns it off.
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  // Chat messages one visitor or player may send per window, counted across instances.
  CHAT_SEND_MAX: z.coerce.number().int().positive().default(20),
  CHAT_SEND_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // With SEED_DEMO on, a demo support account (support@playhouse.example, username support) gets this password.
  DEMO_STAFF_PASSWORD: optionalString.pipe(z.string().min(10, 'must be at least 10 characters').optional()),
  // A staff session ends after this long without a request.
  STAFF_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(24 * 60 * 60_000)
    .default(15 * 60_000),
});

/** One limit: at most `max` events per `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface AuthConfig {
  /** argon2id costs; OWASP's in every environment-derived config, cheaper only where a test builds its own. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  sessionTtlMs: number;
  /** How often a long-lived connection (the balance stream) checks that its session still lives. */
  sessionRecheckMs: number;
  resetTokenTtlMs: number;
  /** A staff session ends after this long without a request. */
  staffIdleMs: number;
  /** How long the password step of a staff sign-in waits for the second factor. */
  staffSignInTtlMs: number;
  /** Wrong codes one staff sign-in takes before it must start again with the password. */
  staffSignInMaxAttempts: number;
  limits: {
    loginPerIp: WindowLimit;
    loginFailuresPerAccount: WindowLimit;
    registerPerIp: WindowLimit;
    recoveryPerIp: WindowLimit;
    recoveryPerEmail: WindowLimit;
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  sessionTtlMs: 30 * 24 * HOUR_MS,
  sessionRecheckMs: 25_000,
  resetTokenTtlMs: 30 * MINUTE_MS,
  staffIdleMs: 15 * MINUTE_MS,
  staffSignInTtlMs: 5 * MINUTE_MS,
  staffSignInMaxAttempts: 5,
  limits: {
    loginPerIp: { max: 10, windowMs: MINUTE_MS },
    loginFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE_MS },
    registerPerIp: { max: 5, windowMs: HOUR_MS },
    recoveryPerIp: { max: 5, windowMs: HOUR_MS },
    recoveryPerEmail: { max: 3, windowMs: HOUR_MS },
  },
};

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  siteUrl: string;
  allowedOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: TrustProxy;
  rateLimit: { max: number; timeWindowMs: number; exempt: string[] };
  auth: AuthConfig;
  /** secret undefined: one is generated per process (fine for one instance; N instances need a shared one). */
  captcha: { secret: string | undefined; difficulty: number; ttlMs: number };
  /**
   * smtpUrl undefined: each message is written to spoolDir (the server's own mailbox folder) instead; the outbox
   * table keeps every message with its secret links left out. spoolDir undefined as well: nothing carries secrets.
   */
  mail: { smtpUrl: string | undefined; from: string; spoolDir: string | undefined };
  payments: { webhookSecret: string | undefined; webhookUrl: string | undefined; pollMs: number };
  jobs: { enabled: boolean };
  sports: SportsConfig;
  casino: CasinoConfig;
  chat: ChatConfig & { demoStaffPassword: string | undefined };
}

export interface SportsConfig {
  /** Run the in-house feed simulator (on by default with the embedded demo database). */
  simulator: boolean;
  simulatorIntervalMs: number;
  /** A shared secret a feed may send as X-Feed-Token instead of a staff session; undefined: staff only. */
  feedToken: string | undefined;
}

export interface ChatConfig {
  /** Messages one holder (visitor or player) may send per window, on every instance together. */
  sendLimit: WindowLimit;
  presenceTtlMs: number;
}

export const DEFAULT_CHAT_CONFIG: ChatConfig = {
  sendLimit: { max: 20, windowMs: 60_000 },
  presenceTtlMs: CHAT_PRESENCE_TTL_MS,
};

export interface CasinoConfig {
  /** Seamless-wallet secrets by provider slug, from PROVIDER_SECRET_<SLUG>; 'originals' is generated when unset. */
  providerSecrets: Record<string, string>;
  /** How far a call's signed timestamp may be from the wallet's clock, either way. */
  signatureWindowMs: number;
  /** The most the wins of one casino round may add up to, per currency, in minor units (CASINO_MAX_WIN_<CUR>). */
  maxWinPerRound: Record<Currency, bigint>;
  launchTtlMs: number;
  /** A provider's game session ends with the player's site session, and after this at the latest. */
  gameSessionTtlMs: number;
  originalsSessionTtlMs: number;
  /** The Originals settlement job: how often it runs, and how long a bet of unknown fate waits before its rollback. */
  originalsSettlement: { intervalMs: number; unconfirmedBetMs: number };
  /** Play money of a demo session, in minor units. */
  demoBalance: bigint;
  /** Visitors' catalogue answers are kept this long per instance; 0: never. */
  catalogueCacheMs: number;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the api's settings from the environment once, at start-up; a bad value stops the process with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  const providerSecrets = providerSecretsFromEnv(env);
  const maxWin = maxWinFromEnv(env);
  const issues = [...providerSecrets.issues, ...maxWin.issues];
  if (issues.length > 0) throw new ConfigError(issues);
  const siteOrigin = new URL(vars.SITE_URL).origin;
  const allowedOrigins = vars.ALLOWED_ORIGINS ? parseOrigins(vars.ALLOWED_ORIGINS) : [siteOrigin];
  return {
    port: vars.API_PORT,
    host: vars.API_HOST,
    databaseUrl: vars.DATABASE_URL,
    dataDir: resolveDataDir(vars.DATA_DIR),
    siteUrl: siteOrigin,
    allowedOrigins,
    logLevel: vars.LOG_LEVEL,
    seedDemo: vars.SEED_DEMO,
    trustProxy: vars.TRUST_PROXY,
    rateLimit: {
      max: vars.RATE_LIMIT_MAX,
      timeWindowMs: vars.RATE_LIMIT_WINDOW_MS,
      exempt: (vars.RATE_LIMIT_EXEMPT ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    },
    auth: { ...DEFAULT_AUTH_CONFIG, staffIdleMs: vars.STAFF_IDLE_TIMEOUT_MS },
    captcha: { secret: vars.CAPTCHA_SECRET, difficulty: vars.CAPTCHA_DIFFICULTY, ttlMs: 5 * MINUTE_MS },
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `Playhouse <no-reply@${new URL(siteOrigin).hostname}>`,
      spoolDir: vars.SMTP_URL ? undefined : mailSpoolDir(vars.MAIL_DIR, resolveDataDir(vars.DATA_DIR)),
    },
    payments: {
      webhookSecret: vars.PSP_WEBHOOK_SECRET,
      webhookUrl: vars.PSP_WEBHOOK_URL,
      pollMs: vars.PSP_WEBHOOK_POLL_MS,
    },
    jobs: { enabled: vars.JOBS_ENABLED },
    sports: {
      simulator: vars.FEED_SIMULATOR ? vars.FEED_SIMULATOR === 'on' : !vars.DATABASE_URL && vars.SEED_DEMO,
      simulatorIntervalMs: vars.FEED_SIMULATOR_INTERVAL_MS,
      feedToken: vars.FEED_TOKEN,
    },
    casino: {
      providerSecrets: providerSecrets.secrets,
      signatureWindowMs: 5 * MINUTE_MS,
      maxWinPerRound: maxWin.limits,
      launchTtlMs: 5 * MINUTE_MS,
      gameSessionTtlMs: 12 * HOUR_MS,
      originalsSessionTtlMs: 12 * HOUR_MS,
      originalsSettlement: { intervalMs: 15_000, unconfirmedBetMs: MINUTE_MS },
      demoBalance: 100_000n,
      catalogueCacheMs: vars.CATALOGUE_CACHE_MS,
    },
    chat: {
      ...DEFAULT_CHAT_CONFIG,
      sendLimit: { max: vars.CHAT_SEND_MAX, windowMs: vars.CHAT_SEND_WINDOW_MS },
      demoStaffPassword: vars.SEED_DEMO ? vars.DEMO_STAFF_PASSWORD : undefined,
    },
  };
}

/** MAIL_DIR, else a folder beside the data folder (`.data-mail/`); none beside a database that lives in memory. */
function mailSpoolDir(value: string | undefined, dataDir: string): string | undefined {
  if (value) return path.resolve(REPO_ROOT, value);
  return dataDir.startsWith('memory://') ? undefined : `${dataDir}-mail`;
}

/** CASINO_MAX_WIN_<CUR> (a decimal amount, e.g. CASINO_MAX_WIN_EUR=50000.00) over these defaults, in minor units. */
function maxWinFromEnv(env: NodeJS.ProcessEnv): { limits: Record<Currency, bigint>; issues: string[] } {
  const issues: string[] = [];
  const limits: Record<Currency, bigint> = {
    EUR: 10_000_000n,
    USD: 10_000_000n,
    GBP: 10_000_000n,
    BRL: 50_000_000n,
    RUB: 1_000_000_000n,
  };
  for (const currency of CURRENCY_CODES) {
    const name = `CASINO_MAX_WIN_${currency}`;
    const text = env[name];
    if (!text) continue;
    const amount = parseDecimal(text, currency);
    if (amount === null || amount <= 0n) issues.push(`${name}: must be a positive amount, e.g. 50000.00`);
    else limits[currency] = amount;
  }
  return { limits, issues };
}

/** PROVIDER_SECRET_<SLUG> (slug upper-cased, '-' as '_') → { slug: secret }. */
export function providerSecretsFromEnv(env: NodeJS.ProcessEnv): { secrets: Record<string, string>; issues: string[] } {
  const secrets: Record<string, string> = {};
  const issues: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const match = /^PROVIDER_SECRET_([A-Z0-9_]+)$/.exec(name);
    if (!match || value === undefined || value === '') continue;
    if (value.length < 32) {
      issues.push(`${name}: must be at least 32 characters`);
      continue;
    }
    secrets[match[1]!.toLowerCase().replace(/_/g, '-')] = value;
  }
  return { secrets, issues };
}

/** A folder relative to the repository root, or PGlite's `memory://` for a throwaway database. */
function resolveDataDir(value: string | undefined): string {
  if (!value) return path.join(REPO_ROOT, '.data');
  return value.startsWith('memory://') ? value : path.resolve(REPO_ROOT, value);
}

function parseOrigins(list: string): string[] {
  const issues: string[] = [];
  const origins = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const result = originSchema.safeParse(item);
      if (!result.success) issues.push(`ALLOWED_ORIGINS: "${item}" is not an http(s) origin`);
      return result.data ?? '';
    });
  if (issues.length > 0) throw new ConfigError(issues);
  return origins;
}
