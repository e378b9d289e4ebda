// `npm run bench [-- api|ssr|lighthouse ...]`: runs the benchmarks (all by default) and rewrites their sections of
// docs/benchmarks.md. Not part of `npm test`: a benchmark needs a quiet machine and several minutes.
import { apiBenchmark } from './api.bench';
import { casinoBenchmark } from './casino.bench';
import { cashOutBenchmark } from './cash-out.bench';
import { lighthouseBenchmark } from './lighthouse.bench';
import { liveBenchmark } from './live.bench';
import { killAll } from './lib/servers';
import { sportsBenchmark, sportsBetsBenchmark } from './sports.bench';
import { ssrBenchmark } from './ssr.bench';
import { walletBenchmark } from './wallet.bench';

const benchmarks: Record<string, () => Promise<void>> = {
  api: apiBenchmark,
  ssr: ssrBenchmark,
  lighthouse: lighthouseBenchmark,
  sports: sportsBenchmark,
  'sports-bets': sportsBetsBenchmark,
  wallet: walletBenchmark,
  casino: casinoBenchmark,
  'cash-out': cashOutBenchmark,
  live: liveBenchmark,
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

// `sports-bets` is the second half of `sports` on its own: a whole run has it once, inside `sports`.
const all = Object.keys(benchmarks).filter((name) => name !== 'sports-bets');
for (const name of requested.length > 0 ? requested : all) {
  await benchmarks[name]!();
}
