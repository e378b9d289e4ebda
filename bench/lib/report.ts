import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import type { LoadOptions } from './load';
import { repoRoot } from './servers';

export const benchmarksDoc = path.join(repoRoot, 'docs', 'benchmarks.md');
const resultsDir = path.join(repoRoot, 'bench', 'results');

export function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = Math.round(os.totalmem() / 2 ** 30);
  // The load average says how busy the machine already was: figures from a busy machine are worth less.
  const load = os.loadavg()[0]?.toFixed(1) ?? 'unknown';
  return `${cpus.length} × ${model}, ${memory} GiB, Linux ${os.release()}, Node ${process.version}; load average ${load} at the start`;
}

export const runDate = (): string => new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export const formatNumber = (value: number, digits = 0): string =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Two significant digits below 1 (0.012, 0.45), two decimals above (1.00, 3.25). */
export const formatRatio = (value: number): string => (value < 1 ? value.toPrecision(2) : value.toFixed(2));

export function loadDescription(options: LoadOptions): string {
  const rounds = options.rounds === 1 ? 'one round' : `${options.rounds} rounds`;
  return (
    `autocannon, ${options.connections} connections; ${rounds} of ${options.duration} s per server, baseline and ` +
    `target alternating, after ${options.warmup} s of warm-up each; medians of the rounds.`
  );
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Raw figures of one benchmark, for whoever wants more than the summary (not committed). */
export function writeResults(id: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${id}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

const DOC_HEADER = `# Benchmarks

Figures from \`npm run bench\` (see bench/README.md). Absolute numbers depend on the machine and on whatever else
runs on it; each benchmark therefore measures its baseline in the same run, alternating with the target, and the
ratios are the figures to compare across runs and machines. Each section is rewritten by the benchmark it names.
`;

/**
 * Replaces (or appends, when neither marker is there) the section between \`<!-- bench:<id> -->\` and
 * \`<!-- /bench:<id> -->\` in docs/benchmarks.md, leaving every other section as it is (a broken pair is refused), and
 * formats the file with the project's Prettier settings so that \`npm run lint\` stays clean.
 */
export async function writeSection(id: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n\n${markdown.trim()}\n\n${end}`;
  let doc = fs.existsSync(benchmarksDoc) ? fs.readFileSync(benchmarksDoc, 'utf8') : DOC_HEADER;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) doc = doc.slice(0, from) + block + doc.slice(to + end.length);
  else if (from === -1 && to === -1) doc = `${doc.trimEnd()}\n\n${block}\n`;
  else {
    // Half a pair (an edit or a merge lost one marker): appending would leave the old section in place beside the new.
    throw new Error(
      `docs/benchmarks.md: the markers ${start} and ${end} do not form a pair; mend them (the run's figures are in ` +
        `bench/results/${id}*.json)`,
    );
  }
  const options = (await prettier.resolveConfig(benchmarksDoc)) ?? {};
  fs.writeFileSync(benchmarksDoc, await prettier.format(doc, { ...options, parser: 'markdown' }));
}
