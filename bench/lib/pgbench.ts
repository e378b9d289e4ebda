import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** pgbench's "simple update" transaction (-N) on the database at `databaseUrl`: transactions per second. */
export function pgbench(databaseUrl: string, clients: number, seconds: number): number {
  const url = new URL(databaseUrl);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const database = url.pathname.slice(1);
  execFileSync('pgbench', [...args, '-i', '-s', '1', '-q', database], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    [...args, '-N', '-n', '-c', String(clients), '-j', '2', '-T', String(seconds), database],
    {
      encoding: 'utf8',
    },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`unexpected pgbench output:\n${output}`);
  return Number(match[1]);
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
