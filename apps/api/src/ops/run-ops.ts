import { parseArgs } from 'node:util';
import { createDb, type DbHandle } from '@playhouse/db';
import { buildApp } from '../app';
import { ConfigError, loadConfig, type Config } from '../config';
import { AppError } from '../lib/errors';
import {
  UsageError,
  maxCount,
  requiredCount,
  usageLine,
  type AnyCommand,
  type OpsCommand,
  type OpsTarget,
} from './command';
import { COMMANDS } from './commands/index';
import { fileSessionCache, noSessionCache, type SessionCache } from './session-cache';
import { ApiCallError, fetchTransport, signInAsStaff, type Transport } from './staff-api';

export interface OpsEnvironment {
  env: NodeJS.ProcessEnv;
  /** How to reach a running api; by default fetch against API_URL. */
  transport?: Transport;
  /** Opens the database when no api runs; by default from DATABASE_URL / DATA_DIR. */
  openDatabase?: (config: Config) => Promise<DbHandle>;
  /** Where staff sessions wait between commands; by default a file per api and login (OPS_SESSION_CACHE=off: none). */
  sessionCache?: SessionCache;
  out: (text: string) => void;
  err: (text: string) => void;
}

const GLOBAL_OPTIONS = {
  direct: { type: 'boolean', description: 'work on the database in this process, even if an api answers' },
  api: { type: 'boolean', description: 'go through the running api; fail when none answers' },
  'ops-login': { type: 'string', description: 'staff e-mail or username (default OPS_LOGIN)' },
  'ops-password': { type: 'string', description: 'staff password (default OPS_PASSWORD)' },
  'ops-totp': { type: 'string', description: 'the current code of the authenticator app (else from OPS_TOTP_SECRET)' },
} as const;

const PROBE_TIMEOUT_MS = 2000;

function help(apiUrl: string): string {
  const commands = COMMANDS.map((command) => {
    const options = Object.entries(command.options ?? {}).map(
      ([name, spec]) => `      --${name.padEnd(10)} ${spec.description}`,
    );
    return [`  ${usageLine(command).replace('npm run ops -- ', '')}`, `      ${command.summary}`, ...options].join(
      '\n',
    );
  });
  return [
    'Playhouse operator commands',
    '',
    'Usage: npm run ops -- <command> [arguments] [options]',
    '',
    'Commands:',
    '  help',
    '      This list',
    ...commands,
    '',
    'Who acts:',
    '  Every command (but bootstrap-admin) acts as a staff member, through the api, with the permissions of their',
    '  roles; money actions are requests that a second staff member approves. Sign in with OPS_LOGIN, OPS_PASSWORD',
    "  and OPS_TOTP_SECRET (the base32 secret of the staff member's authenticator; --ops-totp <code> instead for a",
    '  person), or --ops-login/--ops-password. The session is kept for the next command (~/.cache/playhouse-ops;',
    '  OPS_SESSION_CACHE=off keeps none) until the staff idle timeout. Approving, paying, re-settling and role',
    '  changes ask a fresh code (at most 5 minutes old): the command line sends one from OPS_TOTP_SECRET. Requests',
    "  name the site's origin (SITE_URL, or OPS_ORIGIN when the api's site is another).",
    '',
    'Where commands do their work:',
    `  When an api answers at API_URL (now ${apiUrl}), through it; when none answers, through the same api built in`,
    '  this process on the database (DATABASE_URL, else the embedded database in DATA_DIR). --direct or --api forces',
    '  one way. The embedded database admits one process at a time: with the api running on it, use the api.',
    '  A new site gets its first admin with `npm run ops -- bootstrap-admin <email> <password>` on the database.',
  ].join('\n');
}

async function apiAnswers(apiUrl: string, transport: Transport | undefined): Promise<boolean> {
  try {
    if (transport) {
      await transport({ method: 'GET', path: '/spa/health', headers: {} });
    } else {
      await fetch(new URL('/spa/health', apiUrl), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    }
    return true;
  } catch {
    return false;
  }
}

/** A negative amount ("-10.00" debits) is an argument, not an option: it passes the option parser in disguise. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const DISGUISE = '\u0000';

function parse(command: AnyCommand, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: args.map((arg) => (NEGATIVE_NUMBER.test(arg) ? `${DISGUISE}${arg}` : arg)),
      options: { ...command.options, ...GLOBAL_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  parsed.positionals = parsed.positionals.map((arg) => (arg.startsWith(DISGUISE) ? arg.slice(1) : arg));
  const count = parsed.positionals.length;
  if (count < requiredCount(command)) throw new UsageError(`${command.name} needs ${command.args}.`);
  if (count > maxCount(command)) throw new UsageError(`Too many arguments for ${command.name}.`);
  return parsed;
}

/** The api itself, built in this process on the database: no port, no background jobs, no demo seed. */
async function inProcessTransport(config: Config, handle: DbHandle) {
  const app = await buildApp({
    config: { ...config, seedDemo: false, jobs: { enabled: false }, sports: { ...config.sports, simulator: false } },
    dbHandle: handle,
    logger: false,
  });
  await app.ready();
  const transport: Transport = async ({ method, path, headers, body }) => {
    const response = await app.inject({ method, url: path, headers, ...(body !== undefined ? { payload: body } : {}) });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      body: response.body,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    };
  };
  return { transport, close: () => app.close() };
}

/** Runs one command line (without the leading "npm run ops --"); returns the process exit code. */
export async function runOps(argv: string[], io: OpsEnvironment): Promise<number> {
  const apiUrl = io.env.API_URL || `http://127.0.0.1:${io.env.API_PORT || '4000'}`;
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(help(apiUrl));
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${help(apiUrl)}`);
    return 2;
  }

  const cleanups: (() => Promise<unknown>)[] = [];
  const openDatabase = (config: Config) =>
    (io.openDatabase ?? ((c: Config) => createDb({ databaseUrl: c.databaseUrl, dataDir: c.dataDir })))(config);
  try {
    const { values, positionals } = parse(command, rest);
    const options = values as Record<string, string | boolean | undefined>;
    if (options.direct && options.api) throw new UsageError('Choose one of --direct and --api.');
    const config = loadConfig(io.env);

    if ('database' in command) {
      const handle = await openDatabase(config);
      cleanups.push(() => handle.close());
      io.err(`(on ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`})`);
      io.out(await command.run({ positionals, options }, { db: handle.db, config }));
      return 0;
    }

    const login = (options['ops-login'] as string | undefined) ?? io.env.OPS_LOGIN;
    const password = (options['ops-password'] as string | undefined) ?? io.env.OPS_PASSWORD;
    if (!login || !password) {
      throw new UsageError(
        'Commands act as a staff member: set OPS_LOGIN and OPS_PASSWORD (or --ops-login and --ops-password).',
      );
    }
    let mode: OpsTarget['mode'] = 'in-process';
    if (!options.direct) {
      const answers = await apiAnswers(apiUrl, io.transport);
      if (options.api && !answers) throw new UsageError(`No api answers at ${apiUrl}.`);
      if (answers) mode = 'api';
    }

    let transport: Transport;
    if (mode === 'api') {
      transport = io.transport ?? fetchTransport(apiUrl);
      io.err(`(through the api at ${apiUrl} as ${login})`);
    } else {
      const handle = await openDatabase(config);
      cleanups.unshift(() => handle.close());
      const local = await inProcessTransport(config, handle);
      cleanups.unshift(() => local.close());
      transport = local.transport;
      io.err(
        `(on ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`}, ` +
          `as ${login})`,
      );
    }

    const cache = io.sessionCache ?? (io.env.OPS_SESSION_CACHE === 'off' ? noSessionCache : fileSessionCache());
    const cacheKey = `${mode === 'api' ? apiUrl : (config.databaseUrl ?? config.dataDir)}|${login.toLowerCase()}`;
    const api = await signInAsStaff(
      transport,
      {
        login,
        password,
        totpSecret: io.env.OPS_TOTP_SECRET,
        totpCode: options['ops-totp'] as string | undefined,
        setUpTotp: (command as OpsCommand).setsUpTotp === true,
        origin: io.env.OPS_ORIGIN || new URL(config.siteUrl).origin,
      },
      await cache.read(cacheKey),
    );
    const opsCommand = command as OpsCommand;
    await cache.write(cacheKey, api.sessionCookie());
    const output = await opsCommand.run({ positionals, options }, { mode, api });
    if (opsCommand.endsSession) await cache.write(cacheKey, null);
    io.out(output);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\nUsage: ${usageLine(command)}`);
      return 2;
    }
    if (error instanceof ConfigError) io.err(error.message);
    else if (error instanceof ApiCallError || error instanceof AppError) io.err(`${error.code}: ${error.message}`);
    else io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}
