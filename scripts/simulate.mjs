#!/usr/bin/env node
// The deterministic money simulation over many seeds: `npm run simulate -- 1000 [--from 1] [--postgres] [--digests]`.
// Runs apps/api/test/services/bonus-simulation.test.ts (players, bonuses, sports settlement, an adversarial game
// provider, the staff four-eyes desk, the insiders of issue 19, the table games and, since issue 21, a match in play
// with bets waiting their delay while markets are suspended and prices move, cash outs whole, in part and racing
// each other, an automatic cash out, the final whistle racing cash outs and a trader's re-settlement, per seed; then
// the ledger, stake, wagering, four-eyes, insider (payouts within deposits plus fair winnings), in-play (each accepted
// bet staked once, each refusal moving nothing, each cash out credited once and within the bet's value, a cashed-out
// bet never paid again) and reconciliation checks) in chunks of 100 seeds, each chunk a fresh database, and ends with
// "N seeds, M violations".
// `--digests` prints each seed's replay digest: a seed run again (`npm run simulate -- 1 --from <seed> --digests`)
// prints the same one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHUNK = 100;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const digests = args.includes('--digests');
const fromIndex = args.indexOf('--from');
const first = fromIndex >= 0 ? Number(args[fromIndex + 1]) : 1;
// The seed count is the first number that is not the value of --from (without --from every number is a count).
const count = Number(
  args.find((arg, index) => /^\d+$/.test(arg) && (fromIndex < 0 || index !== fromIndex + 1)) ?? 1000,
);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first) || first < 1) {
  console.error('usage: npm run simulate -- [seeds, default 1000] [--from <first seed>] [--postgres] [--digests]');
  process.exit(2);
}

// No --project: the file runs in whichever project includes it (api-isolated since the api tests share a module graph;
// naming 'api' here found no file and every chunk failed before its summary).
const vitest = [path.join(root, 'node_modules/.bin/vitest'), 'run', 'apps/api/test/services/bonus-simulation.test.ts'];
const command = postgres ? [process.execPath, path.join(root, 'scripts/with-postgres.mjs'), ...vitest] : vitest;

/** Runs one chunk of seeds; answers its violations, or null when it ended without its summary line. */
function runChunk(from, seeds) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: {
        ...process.env,
        SIM_SEEDS: String(seeds),
        SIM_FIRST_SEED: String(from),
        ...(digests ? { SIM_DIGESTS: '1' } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += String(chunk);
    });
    child.on('close', () => {
      // eslint-disable-next-line no-control-regex -- the colours vitest writes around the test's own line
      const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
      const summary = /^(\d+) seeds, (\d+) violations$/m.exec(plain);
      resolve(summary ? Number(summary[2]) : null);
    });
  });
}

const started = Date.now();
let violations = 0;
let broken = false;
for (let from = first; from < first + count; from += CHUNK) {
  const seeds = Math.min(CHUNK, first + count - from);
  const found = await runChunk(from, seeds);
  if (found === null) {
    broken = true;
    console.error(`seeds ${from}-${from + seeds - 1}: the run failed before its summary`);
  } else {
    violations += found;
  }
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\nseeds ${first}-${first + count - 1} on ${postgres ? 'PostgreSQL' : 'PGlite'} in ${minutes} min: ` +
    `${count} seeds, ${violations} violations${broken ? ' (and a chunk that did not finish)' : ''}`,
);
process.exit(violations === 0 && !broken ? 0 : 1);
