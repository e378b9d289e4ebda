import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

function connectionArgs(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  return { args, database: url.pathname.slice(1) };
}

function tpsOf(output: string): number {
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`unexpected pgbench output:\n${output}`);
  return Number(match[1]);
}

/** pgbench's "simple update" transaction (-N) on the database at `databaseUrl`: transactions per second. */
export function pgbench(databaseUrl: string, clients: number, seconds: number): number {
  const { args, database } = connectionArgs(databaseUrl);
  execFileSync('pgbench', [...args, '-i', '-s', '1', '-q', database], { stdio: 'ignore' });
  return tpsOf(
    execFileSync('pgbench', [...args, '-N', '-n', '-c', String(clients), '-j', '2', '-T', String(seconds), database], {
      encoding: 'utf8',
    }),
  );
}

/**
 * pgbench running a script of ours (`script`, pgbench's script language) with `-D` variables, the same clients,
 * threads and protocol as the -N baseline: transactions per second.
 */
export function pgbenchScript(
  databaseUrl: string,
  script: string,
  variables: Record<string, string | number>,
  clients: number,
  seconds: number,
): number {
  const { args, database } = connectionArgs(databaseUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playhouse-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script);
  try {
    const defines = Object.entries(variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
    return tpsOf(
      execFileSync(
        'pgbench',
        [...args, '-n', '-f', file, ...defines, '-c', String(clients), '-j', '2', '-T', String(seconds), database],
        { encoding: 'utf8' },
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `use` on a new database on the server at `serverUrl`, dropped afterwards. */
export async function withScratchDatabase<T>(serverUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `playhouse_wallet_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}
