#!/usr/bin/env node
// Runs one command against a throw-away PostgreSQL server: `node scripts/with-postgres.mjs npm run test:api`.
// The command gets TEST_DATABASE_URL (and DATABASE_URL) pointing at the server, which is removed afterwards.
import { findPostgresBinaries, startTemporaryPostgres } from './lib/postgres.mjs';
import { forwardSignal, run } from './lib/process.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
const binDir = findPostgresBinaries();
if (!binDir) {
  console.error('No PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or in /usr/lib/postgresql/*/bin.');
  process.exit(1);
}

const server = await startTemporaryPostgres({ binDir });
console.log(`${server.version} listening on 127.0.0.1:${server.port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => forwardSignal());
let code = 1;
try {
  ({ code } = await run(command, args, {
    env: { ...process.env, TEST_DATABASE_URL: server.url, DATABASE_URL: server.url },
  }));
} finally {
  await server.stop();
}
process.exit(code);
