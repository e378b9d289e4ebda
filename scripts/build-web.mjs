#!/usr/bin/env node
// `next build` of apps/web for the API_URL / SITE_URL in the environment. With --if-stale it builds only when there
// is no build, the sources changed since, or the build was made for other URLs.
import { buildEnv, buildInputs, staleReason, writeStamp } from './lib/web-build.mjs';
import { forwardSignal, run } from './lib/process.mjs';

const inputs = buildInputs();
if (process.argv.includes('--if-stale')) {
  const reason = staleReason(inputs);
  if (!reason) {
    console.log('web build is up to date');
    process.exit(0);
  }
  console.log(`building the web: ${reason}`);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => forwardSignal());
const { code } = await run('npm', ['run', 'build', '-w', '@playhouse/web'], { env: buildEnv(inputs) });
if (code === 0) writeStamp(inputs);
process.exit(code);
