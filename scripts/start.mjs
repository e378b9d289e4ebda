#!/usr/bin/env node
// `npm start`: the api and the server-rendered web together, building the web first when its build is missing,
// older than its sources or made for other URLs. Ctrl-C stops both; so does either one exiting.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import concurrently from 'concurrently';
import { repoRoot, run } from './lib/process.mjs';
import { buildEnv, buildInputs, staleReason, writeStamp } from './lib/web-build.mjs';

const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '3000';
const env = {
  ...process.env,
  API_PORT: apiPort,
  WEB_PORT: webPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
  SITE_URL: process.env.SITE_URL ?? `http://localhost:${webPort}`,
  DATA_DIR: process.env.DATA_DIR ?? path.join(repoRoot, '.data'),
  // Shared by web and api: the api knows the web server's own calls (its renders, its /spa rewrite) by it, never by
  // their address. One per start unless the operator sets it.
  WEB_SECRET: process.env.WEB_SECRET || randomBytes(32).toString('base64url'),
  NEXT_TELEMETRY_DISABLED: '1',
};

const inputs = buildInputs(env);
const reason = staleReason(inputs);
if (reason) {
  console.log(`Building the web first (${reason}).`);
  const { code } = await run('npm', ['run', 'build', '-w', '@playhouse/web'], { env: buildEnv(inputs, env) });
  if (code !== 0) {
    console.error('The web build failed; not starting.');
    process.exit(code);
  }
  writeStamp(inputs);
}

const database = env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded PGlite in ${env.DATA_DIR}`;
console.log(`Playhouse: site ${env.SITE_URL}, api http://localhost:${apiPort}/spa (docs at /spa/docs), ${database}`);

const { result } = concurrently(
  [
    { name: 'api', command: 'npm run start -w @playhouse/api', env, prefixColor: 'cyan' },
    { name: 'web', command: 'npm run start -w @playhouse/web', env, prefixColor: 'magenta' },
  ],
  { cwd: repoRoot, killOthersOn: ['failure', 'success'], killSignal: 'SIGTERM' },
);

try {
  await result;
  process.exit(0);
} catch (closeEvents) {
  // A Ctrl-C ends both with SIGINT; that is a normal stop, not a failure.
  const failed = closeEvents.filter((event) => event.exitCode !== 0 && !['SIGINT', 'SIGTERM'].includes(event.exitCode));
  process.exit(failed.length > 0 ? 1 : 0);
}
