#!/usr/bin/env node
// The deterministic money simulation over many seeds: `npm run simulate -- 1000 [--from 1] [--postgres]`.
// Runs apps/api/test/services/bonus-simulation.test.ts (players, bonuses, sports settlement and an adversarial game
// provider per seed, then the ledger, stake, wagering and reconciliation checks) and ends with "N seeds, M violations".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const fromIndex = args.indexOf('--from');
const first = fromIndex >= 0 ? Number(args[fromIndex + 1]) : 1;
const count = Number(args.find((arg, index) => /^\d+$/.test(arg) && index !== fromIndex + 1) ?? 1000);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first) || first < 1) {
  console.error('usage: npm run simulate -- [seeds, default 1000] [--from <first seed>] [--postgres]');
  process.exit(2);
}

const vitest = [
  path.join(root, 'node_modules/.bin/vitest'),
  'run',
  '--project',
  'api',
  'apps/api/test/services/bonus-simulation.test.ts',
];
const command = postgres ? [process.execPath, path.join(root, 'scripts/with-postgres.mjs'), ...vitest] : vitest;
const started = Date.now();
const child = spawn(command[0], command.slice(1), {
  cwd: root,
  env: { ...process.env, SIM_SEEDS: String(count), SIM_FIRST_SEED: String(first) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  output += String(chunk);
});
child.on('close', (code) => {
  // eslint-disable-next-line no-control-regex -- the colours vitest writes around the test's own line
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const summary = /^\d+ seeds, \d+ violations$/m.exec(plain)?.[0];
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `\nseeds ${first}-${first + count - 1} on ${postgres ? 'PostgreSQL' : 'PGlite'} in ${minutes} min: ` +
      (summary || 'no summary (the run failed before the end)'),
  );
  process.exit(code ?? 1);
});
