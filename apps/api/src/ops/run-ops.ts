import { parseArgs } from 'node:util';
import { createDb, type DbHandle } from '@playhouse/db';
import { ConfigError, loadConfig, type Config } from '../config';
import { AppError } from '../lib/errors';
import { UsageError, maxCount, requiredCount, usageLine, type OpsCommand, type OpsTarget } from './command';
import { COMMANDS } from './commands/index';
import { ApiCallError, fetchTransport, signInAsStaff, type Transport } from './staff-api';

export interface OpsEnvironment {
  env: NodeJS.ProcessEnv;
  /** How to reach the api; by default fetch against API_URL. */
  transport?: Transport;
  /** Opens the database for direct mode; by default from DATABASE_URL / DATA_DIR. */
  openDatabase?: (config: Config) => Promise<DbHandle>;
  out: (text: string) => void;
  err: (text: string) => void;
}

const GLOBAL_OPTIONS = {
  direct: { type: 'boolean', description: 'use the database directly, even if an api answers' },
  api: { type: 'boolean', description: 'go through the api; fail when none answers' },
  'ops-login': { type: 'string', description: 'staff e-mail or username (default OPS_LOGIN)' },
  'ops-password': { type: 'string', description: 'staff password (default OPS_PASSWORD)' },
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
    'Where commands do their work:',
    `  When the api answers at API_URL (now ${apiUrl}), through it, signed in as a staff user: set OPS_LOGIN and`,
    '  OPS_PASSWORD or pass --ops-login and --ops-password. When no api answers, on the database itself',
    '  (DATABASE_URL, else the embedded database in DATA_DIR). --direct or --api forces one way.',
    '  The embedded database admits one process at a time: create the first staff user while the api is stopped,',
    '  for example `npm run ops -- create-staff ops@example.com "a long passphrase" --admin`.',
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

function parse(command: OpsCommand, args: string[]) {
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

  let cleanup: () => Promise<unknown> = async () => undefined;
  try {
    const { values, positionals } = parse(command, rest);
    const options = values as Record<string, string | boolean | undefined>;
    if (options.direct && options.api) throw new UsageError('Choose one of --direct and --api.');
    const config = loadConfig(io.env);
    const login = (options['ops-login'] as string | undefined) ?? io.env.OPS_LOGIN;
    const password = (options['ops-password'] as string | undefined) ?? io.env.OPS_PASSWORD;

    let mode: OpsTarget['mode'] = 'direct';
    if (!options.direct) {
      const answers = await apiAnswers(apiUrl, io.transport);
      if (options.api && !answers) throw new UsageError(`No api answers at ${apiUrl}.`);
      if (answers && login && password) mode = 'api';
      else if (answers && !config.databaseUrl) {
        throw new UsageError(
          `The api at ${apiUrl} is running on the embedded database, which admits one process at a time: give ` +
            'staff credentials (OPS_LOGIN and OPS_PASSWORD, or --ops-login and --ops-password), or stop the api.',
        );
      } else if (options.api) throw new UsageError('Staff credentials are needed to go through the api.');
    }

    let target: OpsTarget;
    if (mode === 'api') {
      const api = await signInAsStaff(io.transport ?? fetchTransport(apiUrl), { login: login!, password: password! });
      cleanup = () => api.signOut();
      target = { mode: 'api', api };
      io.err(`(through the api at ${apiUrl} as ${login})`);
    } else {
      const handle = await (
        io.openDatabase ?? ((c: Config) => createDb({ databaseUrl: c.databaseUrl, dataDir: c.dataDir }))
      )(config);
      cleanup = () => handle.close();
      target = { mode: 'direct', db: handle.db, config };
      io.err(
        `(directly on ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`})`,
      );
    }

    io.out(await command.run({ positionals, options }, target));
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
    await cleanup().catch(() => undefined);
  }
}
