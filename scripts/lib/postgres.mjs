import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { run } from './process.mjs';

const SERVER_BINARIES = ['initdb', 'pg_ctl', 'postgres'];
/** The scratch server's port when it is free; any free port otherwise. */
const PREFERRED_PORT = 5433;

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The folder holding initdb, pg_ctl and postgres: PATH first, then Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBinaries() {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  let versioned = [];
  try {
    versioned = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((entry) => /^\d+$/.test(entry))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => `/usr/lib/postgresql/${version}/bin`);
  } catch {
    // No Debian PostgreSQL packages: PATH is the only place left to look.
  }
  return (
    [...fromPath, ...versioned].find((dir) => SERVER_BINARIES.every((name) => isExecutable(path.join(dir, name)))) ??
    null
  );
}

/**
 * initdb and postgres refuse to run as root, so as root every server command runs as the `postgres` account
 * (which Debian's packages create); any other user runs them as itself.
 */
function serverAccount() {
  if (process.getuid?.() !== 0) return { wrap: (command, args) => [command, args] };
  let uid;
  let gid;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('running as root and there is no `postgres` account to run the server as');
  }
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(isExecutable);
  const quote = (value) => `'${String(value).replace(/'/g, `'\\''`)}'`;
  return {
    uid,
    gid,
    wrap: (command, args) =>
      runuser
        ? [runuser, ['-u', 'postgres', '--', command, ...args]]
        : ['su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map(quote).join(' ')]],
  };
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function anyFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL server in a fresh temporary folder, tuned for tests (no fsync), listening on
 * 127.0.0.1 only, at niceness `nice` (the tests it serves may run niced). `stop()` shuts it down and removes the
 * folder; it also runs when the process exits early.
 */
export async function startTemporaryPostgres({ binDir, port, nice = 0 } = {}) {
  const dir = binDir ?? findPostgresBinaries();
  if (!dir) throw new Error('no PostgreSQL server binaries (initdb, pg_ctl, postgres) found');
  const account = serverAccount();
  const exe = (name) => path.join(dir, name);
  const fixedPort = port ?? (Number(process.env.PG_TEST_PORT) || null);
  let serverPort = fixedPort ?? ((await portIsFree(PREFERRED_PORT)) ? PREFERRED_PORT : await anyFreePort());

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'playhouse-pg-'));
  if (account.uid !== undefined) fs.chownSync(root, account.uid, account.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const pgCtl = (args) => run(...account.wrap(exe('pg_ctl'), ['-D', dataDir, ...args]), { quiet: true });

  let stopped = false;
  const removeFolder = () => fs.rmSync(root, { recursive: true, force: true });
  const stopOnExit = () => {
    if (stopped) return;
    try {
      const [command, args] = account.wrap(exe('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      execFileSync(command, args, { stdio: 'ignore' });
    } catch {
      // Not running (it never started, or it is gone already): only the folder is left to remove.
    }
    removeFolder();
  };
  process.once('exit', stopOnExit);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stopOnExit);
    const fast = await pgCtl(['-m', 'fast', '-w', '-t', '30', 'stop']);
    if (fast.code !== 0) await pgCtl(['-m', 'immediate', '-w', 'stop']);
    removeFolder();
  };

  const readLog = () => {
    try {
      return fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return ''; // The server never got far enough to write a log.
    }
  };
  const fail = async (what, output) => {
    const log = readLog();
    await stop();
    throw new Error(`${what} failed:\n${output}${log ? `\nserver log:\n${log}` : ''}`);
  };

  const initdb = await run(
    ...account.wrap(exe('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ]),
    { quiet: true },
  );
  if (initdb.code !== 0) await fail('initdb', initdb.output);

  const options = () =>
    [
      `-p ${serverPort}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=200',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
  // A port found free can be taken before the server binds it (two runs starting at once both find 5433 free): a
  // port that was not asked for is then swapped for another free one, a few times.
  for (let attempt = 1; ; attempt += 1) {
    fs.rmSync(logFile, { force: true });
    const start = await run(
      ...account.wrap(exe('pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options(), '-w', '-t', '60', 'start']),
      { quiet: true, nice },
    );
    if (start.code === 0) break;
    const taken = /Address already in use/.test(readLog());
    if (fixedPort !== null || !taken || attempt >= 5) await fail('pg_ctl start', start.output);
    serverPort = await anyFreePort();
  }

  const version = (await run(exe('postgres'), ['--version'], { quiet: true })).output.trim();
  return { url: `postgres://postgres@127.0.0.1:${serverPort}/postgres`, port: serverPort, version, stop };
}
