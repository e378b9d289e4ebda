import { createPrivateKey } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import {
  CHAT_PRESENCE_TTL_MS,
  CURRENCY_CODES,
  DOCUMENT_MAX_BYTES,
  JURISDICTION_CODES,
  parseDecimal,
  parseJurisdictionCountries,
  type Currency,
  type JurisdictionCode,
} from '@playhouse/shared';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Unset and empty are the same thing for an environment variable. */
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const originSchema = z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin);

/**
 * TRUST_PROXY: the addresses of the one trusted edge hop (the reverse proxy in front of web and api), as addresses,
 * CIDRs or proxy-addr names ("loopback", "uniquelocal") separated by commas. Only a request whose TCP peer is one of
 * them has its client address read from X-Forwarded-For (the entry that proxy appended). "true" and hop counts are
 * refused: they would believe an address any browser can write.
 */
const trustedProxiesSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const list = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (list.length === 1 && list[0] === 'false') return [];
    if (list.some((part) => part === 'true' || /^\d+$/.test(part))) {
      context.addIssue({
        code: 'custom',
        message: 'name the edge proxy\'s addresses; "true" or a hop count would trust an address any caller can write',
      });
      return z.NEVER;
    }
    try {
      proxyAddr.compile(list);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be addresses, CIDRs or loopback/linklocal/uniquelocal' });
      return z.NEVER;
    }
    return list;
  });

const envSchema = z.object({
  // demo: the zero-setup site with demo content and the sandbox payment provider. production: a real operator's site;
  // it refuses to start while anything demo-only or any default secret is still in place (productionIssues).
  PLAYHOUSE_MODE: z.enum(['demo', 'production']).default('demo'),
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  API_HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  // Connections each api instance keeps to PostgreSQL (plus one for LISTEN): instances × this must fit the server's
  // max_connections, or a PgBouncer in transaction mode in front of it.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1_000).default(20),
  DATA_DIR: optionalString,
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  ALLOWED_ORIGINS: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.stringbool().default(true),
  // The edge proxy's addresses; unset: no proxy, every caller's address is its TCP peer.
  TRUST_PROXY: optionalString.pipe(trustedProxiesSchema.optional()),
  // Shared with the web server, which sends it on its own calls and with the visitor address it forwards.
  WEB_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Shared by every api instance so a captcha challenge issued by one verifies on another.
  CAPTCHA_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Key derivations an untroubled visitor's browser makes on average (PBKDF2, 500 iterations each); doubled per recent
  // failure from the same address.
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
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
  // The in-house sandbox payment provider (test cards, no real money); must be off in production.
  PSP_SANDBOX: z.enum(['on', 'off']).default('on'),
  // Where the sandbox delivers its webhooks; unset, to this process's own endpoint without a network hop.
  PSP_WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PSP_WEBHOOK_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  // Background jobs (webhook delivery) run on instances that have this on; each job runs on one at a time.
  JOBS_ENABLED: z.stringbool().default(true),
  // The in-house odds feed; unset, it runs with the embedded demo database (no DATABASE_URL, SEED_DEMO on).
  FEED_SIMULATOR: optionalString.pipe(z.enum(['on', 'off']).optional()),
  FEED_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(1_000).default(30_000),
  // Matches in play move this often (their states, prices and ends), and this many times real time (1: real time).
  FEED_SIMULATOR_LIVE_INTERVAL_MS: z.coerce.number().int().min(250).max(60_000).default(2_000),
  FEED_SIMULATOR_SPEED: z.coerce.number().min(1).max(120).default(1),
  // A feed process may push deliveries to /spa/staff/sports/feed with this as X-Feed-Token.
  FEED_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  // The key rotated provider secrets are stored under (encrypted); without it the back office cannot rotate them.
  PROVIDER_SECRETS_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Seamless-wallet calls per provider and minute on one instance (signed ones), and calls failing their signature
  // per provider, client address and minute, past which both answer 429.
  WALLET_CALLS_PER_MIN: z.coerce.number().int().min(1).default(60_000),
  WALLET_FAILS_PER_MIN: z.coerce.number().int().min(1).default(60),
  // Public content (texts, navigation, sliders, visitors' pages of games, search answers) kept in each instance's
  // memory until the database announces a change; off: every answer is read from the database.
  CONTENT_CACHE: z.enum(['on', 'off']).default('on'),
  // Players' sessions and facts (likes, deposit state) kept in each instance's memory once read, until the database
  // announces a change of them; off: every signed-in request reads its session and the games page the player's facts.
  PLAYER_CACHE: z.enum(['on', 'off']).default('on'),
  // Search answers each instance keeps, the most recently asked (0: none, every search scans the in-memory titles).
  SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).default(2_000),
  // Chat messages one visitor or player may send per window, counted across instances.
  CHAT_SEND_MAX: z.coerce.number().int().positive().default(20),
  CHAT_SEND_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Open event streams (balance, chat, match) one signed-in user / one client address may hold on each instance.
  STREAMS_PER_USER: z.coerce.number().int().positive().default(16),
  STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(32),
  // With SEED_DEMO on, a demo support account (support@playhouse.example, username support) gets this password.
  DEMO_STAFF_PASSWORD: optionalString.pipe(z.string().min(10, 'must be at least 10 characters').optional()),
  // A staff session ends after this long without a request.
  STAFF_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(24 * 60 * 60_000)
    .default(15 * 60_000),
  // The jurisdiction profile of the installation, and countries whose players follow another one ("GB=uk,MT=mga").
  JURISDICTION: z.enum(JURISDICTION_CODES).default('default'),
  JURISDICTION_COUNTRIES: optionalString,
  // Tests only: lets a test move one player's protection clock (cooling periods); refused for a public SITE_URL.
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
  TEST_SEEDS: z.enum(['on', 'off']).default('off'),
  // Identity documents: a folder (default DATA_DIR/documents), or an S3-compatible bucket when the bucket is set.
  DOCUMENT_DIR: optionalString,
  EXCLUSION_REGISTER_CSV: optionalString,
  // The operator's Ed25519 key that signs receipts: PKCS#8, as PEM or as the base64 of its DER. Unset: the api makes
  // one at first start and keeps it in the database (the demo); production requires it.
  RECEIPT_SIGNING_KEY: optionalString,
  DOCUMENT_S3_BUCKET: optionalString,
  DOCUMENT_S3_REGION: optionalString,
  DOCUMENT_S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DOCUMENT_S3_ACCESS_KEY_ID: optionalString,
  DOCUMENT_S3_SECRET_ACCESS_KEY: optionalString,
  DOCUMENT_S3_PREFIX: optionalString,
  HARM_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(15 * 60_000),
  // Error reports in Sentry's protocol (unset: none are sent).
  SENTRY_DSN: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SENTRY_ENVIRONMENT: optionalString,
  SENTRY_RELEASE: optionalString,
  // Prometheus figures on their own listener (unset: none); keep it off the public network.
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Reconciliation: how often the job proves the books, and how long a round may wait for its outcome first.
  RECONCILE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(15 * 60_000),
  RECONCILE_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
});

/** One limit: at most `max` events per `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface AuthConfig {
  /** argon2id costs; OWASP's in every environment-derived config, cheaper only where a test builds its own. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** Idle lifetime of a session: its expiry slides this far ahead with each use. */
  sessionTtlMs: number;
  /** Absolute lifetime from sign-in, however busy the session. */
  sessionMaxAgeMs: number;
  /** How often a long-lived connection (the balance stream) checks that its session still lives. */
  sessionRecheckMs: number;

  resetTokenTtlMs: number;
  /** A staff session ends after this long without a request. */
  staffIdleMs: number;
  /** However busy, a staff session ends this long after its sign-in (a working day). */
  staffMaxAgeMs: number;
  /** Approving, paying, re-settling and role changes need a TOTP code verified at most this long ago. */
  freshSecondFactorMs: number;
  /** How long the password step of a staff sign-in waits for the second factor. */
  staffSignInTtlMs: number;
  /** Wrong codes one staff sign-in takes before it must start again with the password. */
  staffSignInMaxAttempts: number;
  limits: {
    loginPerIp: WindowLimit;
    /** Password confirmations and TOTP codes per account and window (a signed-in or half-signed-in holder). */
    loginFailuresPerAccount: WindowLimit;
    /** Sign-in tries per account (since its last sign-in) before each further one asks a captcha, harder each time. */
    loginCaptchaPerAccount: WindowLimit;
    /** Failed sign-ins per address before its every sign-in asks a captcha, harder with each further failure. */
    loginCaptchaPerAddress: WindowLimit;
    registerPerIp: WindowLimit;
    recoveryPerIp: WindowLimit;
    recoveryPerEmail: WindowLimit;
  };
}

const MINUTE_MS = 60_000;
/**
 * A table round whose player made no move for this long is finished by the settlement job with the game's defaults
 * (docs/decisions.md, "Table rounds in the api"): long enough for a dropped connection or a reload, short enough that a
 * stake is not held for long.
 */
export const ABANDONED_ROUND_MS = 15 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** How many players' sessions and facts an instance keeps, and how long at most without hearing of a change. */
const PLAYER_CACHE = { max: 50_000, ttlMs: MINUTE_MS };

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  sessionTtlMs: 7 * 24 * HOUR_MS,
  sessionMaxAgeMs: 30 * 24 * HOUR_MS,
  sessionRecheckMs: 25_000,
  resetTokenTtlMs: 30 * MINUTE_MS,
  staffIdleMs: 15 * MINUTE_MS,
  staffMaxAgeMs: 12 * HOUR_MS,
  freshSecondFactorMs: 5 * MINUTE_MS,
  staffSignInTtlMs: 5 * MINUTE_MS,
  staffSignInMaxAttempts: 5,
  limits: {
    loginPerIp: { max: 10, windowMs: MINUTE_MS },
    loginFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE_MS },
    loginCaptchaPerAccount: { max: 3, windowMs: 15 * MINUTE_MS },
    loginCaptchaPerAddress: { max: 5, windowMs: 15 * MINUTE_MS },
    registerPerIp: { max: 5, windowMs: HOUR_MS },
    recoveryPerIp: { max: 5, windowMs: HOUR_MS },
    recoveryPerEmail: { max: 3, windowMs: HOUR_MS },
  },
};

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** node-postgres pool size per instance (DATABASE_POOL_SIZE); PGlite has one connection. */
  databasePoolSize: number;
  dataDir: string;
  siteUrl: string;
  allowedOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /** The edge proxy's addresses (TRUST_PROXY); empty: none. */
  trustedProxies: string[];
  /** Proves a call comes from the site's web server (WEB_SECRET); undefined: no caller is treated as the web server. */
  webSecret: string | undefined;
  rateLimit: { max: number; timeWindowMs: number };
  /** Open event streams per user and per client address, per instance. */
  streams: { perUser: number; perAddress: number };
  auth: AuthConfig;
  /** secret undefined: one is generated per process (fine for one instance; N instances need a shared one). */
  captcha: { secret: string | undefined; difficulty: number; ttlMs: number };
  /**
   * smtpUrl undefined: each message is written to spoolDir (the server's own mailbox folder) instead; the outbox
   * table keeps every message with its secret links left out. spoolDir undefined as well: nothing carries secrets.
   */
  mail: { smtpUrl: string | undefined; from: string; spoolDir: string | undefined };
  /** demo or production (PLAYHOUSE_MODE). */
  mode: 'demo' | 'production';
  payments: { sandbox: boolean; webhookSecret: string | undefined; webhookUrl: string | undefined; pollMs: number };
  jobs: { enabled: boolean };
  /** port undefined: no metrics listener. */
  metrics: { port: number | undefined; host: string };
  /** dsn undefined: no error reports are sent. */
  errorReports: { dsn: string | undefined; environment: string; release: string | undefined };
  reconciliation: ReconciliationConfig;
  /** Keep public content in memory until a change is announced (CONTENT_CACHE). */
  contentCache: boolean;
  /**
   * Keep players' sessions and facts (likes, deposit state) in memory once read, until the database announces a change
   * of them (PLAYER_CACHE; null: read them on every request).
   */
  playerCache: { max: number; ttlMs: number } | null;
  sports: SportsConfig;
  casino: CasinoConfig;
  chat: ChatConfig & { demoStaffPassword: string | undefined };
  protection: ProtectionConfig;
  /** The receipts' signing key (RECEIPT_SIGNING_KEY, PKCS#8 PEM); undefined: one generated and kept in the database. */
  receipts: { signingKey: string | undefined };
}

export interface ReconciliationConfig {
  intervalMs: number;
  /** An Originals round or a provider bet older than this without its outcome is a discrepancy. */
  graceMs: number;
}

export interface ProtectionConfig {
  jurisdiction: { active: JurisdictionCode; countries: Record<string, JurisdictionCode> };
  /** TEST_CLOCK: tests may move one player's protection clock; never on a public site. */
  testClock: boolean;
  documents: {
    dir: string;
    s3:
      | {
          bucket: string;
          region: string;
          /** An S3-compatible endpoint (MinIO, Ceph, R2, ...); unset: AWS. */
          endpoint: string | undefined;
          accessKeyId: string | undefined;
          secretAccessKey: string | undefined;
          prefix: string;
        }
      | undefined;
    maxBytes: number;
  };
  harmCheckIntervalMs: number;
  /**
   * The national self-exclusion register as a CSV file (EXCLUSION_REGISTER_CSV: email, phone, full_name,
   * date_of_birth); undefined: no register is asked. A real register plugs in behind the same interface.
   */
  selfExclusionRegisterFile: string | undefined;
}

export interface SportsConfig {
  /** Run the in-house feed simulator (on by default with the embedded demo database). */
  simulator: boolean;
  simulatorIntervalMs: number;
  /** How often the simulator moves the matches in play. */
  simulatorLiveIntervalMs: number;
  /** Match time per real time in the simulator (1: real time). */
  simulatorSpeed: number;
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
  /** Search answers kept per instance (SEARCH_CACHE_SIZE); 0 keeps none. */
  searchAnswersKept: number;
  /** Seamless-wallet secrets by provider slug, from PROVIDER_SECRET_<SLUG>; 'originals' is generated when unset. */
  providerSecrets: Record<string, string>;
  /** The key rotated secrets are encrypted under (PROVIDER_SECRETS_KEY); rotation is refused without one. */
  secretsKey?: string;
  /** How long a rotated-out secret is still accepted, so a provider can switch without a failed call. */
  secretGraceMs: number;
  /** How far a call's signed timestamp may be from the wallet's clock, either way. */
  signatureWindowMs: number;
  /** Signed wallet calls per provider and minute on one instance; past it 429. */
  providerCallsPerMinute: number;
  /** Calls failing their signature per provider, address and minute on one instance; past it 429 at once. */
  providerBadCallsPerMinute: number;
  /** The most the wins of one casino round may add up to, per currency, in minor units (CASINO_MAX_WIN_<CUR>). */
  maxWinPerRound: Record<Currency, bigint>;
  launchTtlMs: number;
  /** A provider's game session ends with the player's site session, and after this at the latest. */
  gameSessionTtlMs: number;
  originalsSessionTtlMs: number;
  /**
   * The Originals settlement job: how often it runs, how long a bet of unknown fate waits before its rollback, and how
   * long a table round may wait for the player's next move before the job finishes it with the game's defaults.
   */
  originalsSettlement: { intervalMs: number; unconfirmedBetMs: number; abandonedRoundMs: number };
  /** Play money of a demo session, in minor units. */
  demoBalance: bigint;
  /**
   * TEST_SEEDS: the Originals' server seeds follow from the client seed (`predictableServerSeed`), so an end-to-end
   * test can pick the deal it needs; refused unless SITE_URL is a loopback address.
   */
  predictableSeeds: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly issues: string[],
    heading = 'Invalid configuration',
  ) {
    super(`${heading}:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Secrets published with this code (README, e2e, bench, examples): fine for a demo, never for a real site. A
 * production secret must also be long and varied enough not to be a placeholder.
 */
const PUBLISHED_SECRETS = new Set([
  'e2e-sports-feed-token-0123456789',
  'e2e-support-passphrase-0123',
  'bench-web-secret-0123456789abcdefghijklmnop',
]);

function weakSecret(value: string): string | null {
  if (PUBLISHED_SECRETS.has(value)) return 'is a value published with the code';
  if (value.length < 32) return 'must be at least 32 characters';
  if (new Set(value).size < 12) return 'looks like a placeholder (too few distinct characters)';
  if (/change.?me|example|placeholder|secret|password|^x+$/i.test(value)) return 'looks like a placeholder';
  return null;
}

/** Everything that makes a configuration a demo, each with the variable to change and how. */
function productionIssues(vars: z.infer<typeof envSchema>, providerSecrets: Record<string, string>): string[] {
  const issues: string[] = [];
  const secret = (name: string, value: string | undefined, why: string) => {
    if (!value) issues.push(`${name}: must be set in production (${why})`);
    else {
      const weak = weakSecret(value);
      if (weak) issues.push(`${name}: ${weak}`);
    }
  };
  if (vars.SEED_DEMO) issues.push('SEED_DEMO: must be false in production (demo players, games and texts)');
  if (vars.PSP_SANDBOX === 'on') {
    issues.push('PSP_SANDBOX: must be off in production (the sandbox payment provider takes no real money)');
  }
  if (vars.FEED_SIMULATOR === 'on') issues.push('FEED_SIMULATOR: must be off in production (simulated odds)');
  if (vars.DEMO_STAFF_PASSWORD)
    issues.push('DEMO_STAFF_PASSWORD: must be unset in production (a demo support account)');
  if (new URL(vars.SITE_URL).protocol !== 'https:') {
    issues.push('SITE_URL: must be an https:// address in production (secure cookies, HSTS)');
  }
  if (!vars.SMTP_URL) issues.push('SMTP_URL: must be set in production (players must receive their e-mails)');
  secret('WEB_SECRET', vars.WEB_SECRET, 'the web server proves its own calls with it');
  secret('CAPTCHA_SECRET', vars.CAPTCHA_SECRET, 'every instance must verify the same captcha challenges');
  secret('PROVIDER_SECRET_ORIGINALS', providerSecrets.originals, 'the in-house games sign their wallet calls');
  for (const [slug, value] of Object.entries(providerSecrets)) {
    if (slug === 'originals') continue;
    const weak = weakSecret(value);
    if (weak) issues.push(`PROVIDER_SECRET_${slug.toUpperCase().replace(/-/g, '_')}: ${weak}`);
  }
  if (vars.FEED_TOKEN !== undefined) secret('FEED_TOKEN', vars.FEED_TOKEN, 'the feed endpoint is enabled');
  if (vars.PROVIDER_SECRETS_KEY !== undefined) {
    secret('PROVIDER_SECRETS_KEY', vars.PROVIDER_SECRETS_KEY, 'rotated provider secrets are stored under it');
  }
  if (!vars.RECEIPT_SIGNING_KEY) {
    issues.push('RECEIPT_SIGNING_KEY: must be set in production (a key kept only in the database is not a secret)');
  }
  return issues;
}

/** RECEIPT_SIGNING_KEY as PEM (PKCS#8), whether written as PEM or as the base64 of its DER; it must be Ed25519. */
function receiptKeyFromEnv(value: string | undefined): { pem: string | undefined; issues: string[] } {
  if (!value) return { pem: undefined, issues: [] };
  try {
    const text = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : undefined;
    const key = text
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyType !== 'ed25519')
      return { pem: undefined, issues: ['RECEIPT_SIGNING_KEY: must be an Ed25519 key'] };
    return { pem: key.export({ format: 'pem', type: 'pkcs8' }).toString(), issues: [] };
  } catch {
    return {
      pem: undefined,
      issues: ['RECEIPT_SIGNING_KEY: not a PKCS#8 private key (PEM, or the base64 of its DER)'],
    };
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
  const receiptKey = receiptKeyFromEnv(vars.RECEIPT_SIGNING_KEY);
  const issues = [...providerSecrets.issues, ...maxWin.issues, ...receiptKey.issues];
  if (issues.length > 0) throw new ConfigError(issues);
  if (vars.PLAYHOUSE_MODE === 'production') {
    const unsafe = productionIssues(vars, providerSecrets.secrets);
    if (unsafe.length > 0) throw new ConfigError(unsafe, 'PLAYHOUSE_MODE=production refuses to start');
  }
  const siteOrigin = new URL(vars.SITE_URL).origin;
  const jurisdictionCountries = parseJurisdictionCountries(vars.JURISDICTION_COUNTRIES);
  if (jurisdictionCountries.issues.length > 0) throw new ConfigError(jurisdictionCountries.issues);
  // A clock that tests can move must never be reachable on a site the public uses: only a loopback origin allows it.
  const loopbackSite = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(siteOrigin).hostname);
  if (vars.TEST_CLOCK === 'on' && !loopbackSite) {
    throw new ConfigError(['TEST_CLOCK: only allowed when SITE_URL is a loopback address (a test run)']);
  }
  // Server seeds a test can predict are the opposite of provably fair: a test run's only.
  if (vars.TEST_SEEDS === 'on' && !loopbackSite) {
    throw new ConfigError(['TEST_SEEDS: only allowed when SITE_URL is a loopback address (a test run)']);
  }
  const dataDir = resolveDataDir(vars.DATA_DIR);
  const allowedOrigins = vars.ALLOWED_ORIGINS ? parseOrigins(vars.ALLOWED_ORIGINS) : [siteOrigin];
  return {
    port: vars.API_PORT,
    host: vars.API_HOST,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    dataDir,
    siteUrl: siteOrigin,
    allowedOrigins,
    logLevel: vars.LOG_LEVEL,
    seedDemo: vars.SEED_DEMO,
    trustedProxies: vars.TRUST_PROXY ?? [],
    webSecret: vars.WEB_SECRET,
    rateLimit: { max: vars.RATE_LIMIT_MAX, timeWindowMs: vars.RATE_LIMIT_WINDOW_MS },
    streams: { perUser: vars.STREAMS_PER_USER, perAddress: vars.STREAMS_PER_ADDRESS },
    auth: { ...DEFAULT_AUTH_CONFIG, staffIdleMs: vars.STAFF_IDLE_TIMEOUT_MS },
    captcha: { secret: vars.CAPTCHA_SECRET, difficulty: vars.CAPTCHA_DIFFICULTY, ttlMs: 5 * MINUTE_MS },
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `Playhouse <no-reply@${new URL(siteOrigin).hostname}>`,
      spoolDir: vars.SMTP_URL ? undefined : mailSpoolDir(vars.MAIL_DIR, dataDir),
    },
    mode: vars.PLAYHOUSE_MODE,
    payments: {
      sandbox: vars.PSP_SANDBOX === 'on',
      webhookSecret: vars.PSP_WEBHOOK_SECRET,
      webhookUrl: vars.PSP_WEBHOOK_URL,
      pollMs: vars.PSP_WEBHOOK_POLL_MS,
    },
    jobs: { enabled: vars.JOBS_ENABLED },
    metrics: { port: vars.METRICS_PORT, host: vars.METRICS_HOST },
    errorReports: {
      dsn: vars.SENTRY_DSN,
      environment: vars.SENTRY_ENVIRONMENT ?? vars.PLAYHOUSE_MODE,
      release: vars.SENTRY_RELEASE,
    },
    reconciliation: { intervalMs: vars.RECONCILE_INTERVAL_MS, graceMs: vars.RECONCILE_GRACE_MS },
    contentCache: vars.CONTENT_CACHE === 'on',
    playerCache: vars.PLAYER_CACHE === 'on' ? PLAYER_CACHE : null,
    sports: {
      simulator: vars.FEED_SIMULATOR ? vars.FEED_SIMULATOR === 'on' : !vars.DATABASE_URL && vars.SEED_DEMO,
      simulatorIntervalMs: vars.FEED_SIMULATOR_INTERVAL_MS,
      simulatorLiveIntervalMs: vars.FEED_SIMULATOR_LIVE_INTERVAL_MS,
      simulatorSpeed: vars.FEED_SIMULATOR_SPEED,
      feedToken: vars.FEED_TOKEN,
    },
    casino: {
      searchAnswersKept: vars.SEARCH_CACHE_SIZE,
      providerSecrets: providerSecrets.secrets,
      ...(vars.PROVIDER_SECRETS_KEY ? { secretsKey: vars.PROVIDER_SECRETS_KEY } : {}),
      secretGraceMs: 24 * HOUR_MS,
      signatureWindowMs: 5 * MINUTE_MS,
      providerCallsPerMinute: vars.WALLET_CALLS_PER_MIN,
      providerBadCallsPerMinute: vars.WALLET_FAILS_PER_MIN,
      maxWinPerRound: maxWin.limits,
      launchTtlMs: 5 * MINUTE_MS,
      gameSessionTtlMs: 12 * HOUR_MS,
      originalsSessionTtlMs: 12 * HOUR_MS,
      originalsSettlement: { intervalMs: 15_000, unconfirmedBetMs: MINUTE_MS, abandonedRoundMs: ABANDONED_ROUND_MS },
      demoBalance: 100_000n,
      predictableSeeds: vars.TEST_SEEDS === 'on',
    },
    chat: {
      ...DEFAULT_CHAT_CONFIG,
      sendLimit: { max: vars.CHAT_SEND_MAX, windowMs: vars.CHAT_SEND_WINDOW_MS },
      demoStaffPassword: vars.SEED_DEMO ? vars.DEMO_STAFF_PASSWORD : undefined,
    },
    protection: {
      jurisdiction: { active: vars.JURISDICTION, countries: jurisdictionCountries.countries },
      testClock: vars.TEST_CLOCK === 'on',
      documents: {
        dir: vars.DOCUMENT_DIR
          ? path.resolve(REPO_ROOT, vars.DOCUMENT_DIR)
          : dataDir.startsWith('memory://')
            ? path.join(os.tmpdir(), 'playhouse-documents')
            : path.join(dataDir, 'documents'),
        s3: vars.DOCUMENT_S3_BUCKET
          ? {
              bucket: vars.DOCUMENT_S3_BUCKET,
              region: vars.DOCUMENT_S3_REGION ?? 'us-east-1',
              endpoint: vars.DOCUMENT_S3_ENDPOINT,
              accessKeyId: vars.DOCUMENT_S3_ACCESS_KEY_ID,
              secretAccessKey: vars.DOCUMENT_S3_SECRET_ACCESS_KEY,
              prefix: vars.DOCUMENT_S3_PREFIX ?? 'documents/',
            }
          : undefined,
        maxBytes: DOCUMENT_MAX_BYTES,
      },
      harmCheckIntervalMs: vars.HARM_CHECK_INTERVAL_MS,
      selfExclusionRegisterFile: vars.EXCLUSION_REGISTER_CSV
        ? path.resolve(REPO_ROOT, vars.EXCLUSION_REGISTER_CSV)
        : undefined,
    },
    receipts: { signingKey: receiptKey.pem },
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
