import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
});

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
  rateLimit: { max: number; timeWindowMs: number };
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
    rateLimit: { max: vars.RATE_LIMIT_MAX, timeWindowMs: vars.RATE_LIMIT_WINDOW_MS },
  };
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
