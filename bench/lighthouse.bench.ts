import { benchApiUrl, benchSiteUrl, startBenchApi } from './lib/api-server';
import {
  CATEGORIES,
  GOALS,
  lighthouseRuns,
  runLighthouse,
  TBT_GOAL_MS,
  type CategoryId,
  type LighthouseResult,
} from './lib/lighthouse';
import { formatNumber, machine, runDate, table, writeResults, writeSection } from './lib/report';
import type { RunningServer } from './lib/servers';
import { buildBenchWeb, startBenchWeb } from './lib/web-server';

const LANGUAGES = ['en', 'de'] as const;
const PAGE_KINDS = ['home', 'category', 'game', 'match'] as const;

interface PageKind {
  kind: (typeof PAGE_KINDS)[number];
  /** The page's path without the locale, e.g. `/category/slots`. */
  path: string;
}

async function apiJson(path: string): Promise<unknown> {
  const answer = await fetch(`${benchApiUrl}${path}`, { headers: { accept: 'application/json', 'x-locale': 'en' } });
  if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.json();
}

/**
 * The four kinds of page, with a category, a game and a match the seeded api has now (not names written here that a
 * new seed could drop): the first category with games; the first game with a demo among them, in demo mode (a
 * visitor who opens any other game page is sent to registration by the server, SPEC.md §6, so its page is the
 * registration page); the first upcoming match.
 */
async function pagesToAudit(): Promise<PageKind[]> {
  const { categories } = (await apiJson('/spa/categories')) as { categories: { slug: string }[] };
  let category: string | undefined;
  let game: string | undefined;
  for (const { slug } of categories) {
    const { games } = (await apiJson(`/spa/games?${new URLSearchParams({ category: slug })}`)) as {
      games: { slug: string; demoModeEnabled: boolean }[];
    };
    const demo = games.find((entry) => entry.demoModeEnabled);
    if (demo) {
      category = slug;
      game = demo.slug;
      break;
    }
  }
  if (!category || !game) throw new Error('the api has no category with a game that has a demo');
  const { matches } = (await apiJson('/spa/sports/book/matches?status=upcoming')) as {
    matches: { matchId: number }[];
  };
  const match = matches[0];
  if (!match) throw new Error('the api has no upcoming match');
  return [
    { kind: 'home', path: '' },
    { kind: 'category', path: `/category/${encodeURIComponent(category)}` },
    { kind: 'game', path: `/game/${encodeURIComponent(game)}?mode=demo` },
    { kind: 'match', path: `/game/prematch-mts/${match.matchId}` },
  ];
}

/** A page's path and query as the report names it. */
function shownPath(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

const CATEGORY_LABELS: Record<CategoryId, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};
const kib = (bytes: number | null) => (bytes === null ? 'n/a' : `${formatNumber(bytes / 1024, 1)} KiB`);
const ms = (value: number | null) => (value === null ? 'n/a' : `${formatNumber(value)} ms`);
const score = (value: number | null) => (value === null ? 'n/a' : String(value));

function goalsMet(result: LighthouseResult): boolean {
  const scoresMet = CATEGORIES.every((id) => (result.scores[id] ?? -1) >= GOALS[id]);
  return scoresMet && result.totalBlockingTimeMs !== null && result.totalBlockingTimeMs <= TBT_GOAL_MS;
}

/** What cost points on a page short of its goals: each category below its goal with its costliest audits. */
function costsOf(result: LighthouseResult): string {
  const path = shownPath(result.url);
  const lines = Object.entries(result.costs).map(([id, audits]) => {
    const named = audits.map((audit) => `${audit.title}${audit.display ? ` (${audit.display})` : ''} \`${audit.id}\``);
    return `  - ${CATEGORY_LABELS[id as CategoryId]}: ${named.join('; ') || 'no single audit named'}`;
  });
  return [`- \`${path}\``, ...lines].join('\n');
}

/**
 * `LIGHTHOUSE_PAGES`: a probe of some of the pages, named by kind and language (`game`, `de`, `en:home`, comma
 * separated); its figures are printed and kept in bench/results, and docs/benchmarks.md, which holds the whole run,
 * is left as it is. Unset: every page.
 */
function chosenPages(): ((lng: string, kind: string) => boolean) | null {
  const names = (process.env.LIGHTHOUSE_PAGES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return null;
  const matches = (name: string, lng: string, kind: string) =>
    name === lng || name === kind || name === `${lng}:${kind}`;
  // A name that matches no page (a typo) would make a probe of nothing that looks like a run.
  const unknown = names.filter((name) => !LANGUAGES.some((lng) => PAGE_KINDS.some((kind) => matches(name, lng, kind))));
  if (unknown.length > 0) {
    throw new Error(
      `LIGHTHOUSE_PAGES: no page is named ${unknown.join(', ')} (languages ${LANGUAGES.join(', ')}; kinds ${PAGE_KINDS.join(', ')})`,
    );
  }
  return (lng, kind) => names.some((name) => matches(name, lng, kind));
}

/**
 * Lighthouse (its default mobile profile) on the home page, a category page, a game page and a match page, in
 * English and German, against the built web and the api on a fresh seeded database.
 */
export async function lighthouseBenchmark(): Promise<void> {
  const host = machine();
  const chosen = chosenPages();
  console.log('lighthouse benchmark: building the web (when stale)');
  await buildBenchWeb();

  const servers: RunningServer[] = [];
  const results: (LighthouseResult & { kind: string; lng: string })[] = [];
  try {
    servers.push(await startBenchApi());
    servers.push(await startBenchWeb());
    const pages = await pagesToAudit();
    for (const lng of LANGUAGES) {
      for (const page of pages) {
        if (chosen && !chosen(lng, page.kind)) continue;
        const url = `${benchSiteUrl}/${lng}${page.path}`;
        // A first visit warms the server's kept renders and compressed scripts, as a live site's would be.
        await fetch(url).then((answer) => answer.arrayBuffer());
        console.log(`lighthouse benchmark: ${url}`);
        results.push({ ...(await runLighthouse(url)), kind: page.kind, lng });
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }

  const date = runDate();
  const runs = results[0]?.runs ?? lighthouseRuns();
  const indexValues = results.map((result) => result.benchmarkIndex).filter((value) => value !== null);
  const indexes =
    indexValues.length === 0
      ? 'n/a'
      : `${formatNumber(Math.min(...indexValues))}-${formatNumber(Math.max(...indexValues))}`;
  // A probe keeps its figures beside the whole run's, not over them.
  const file = writeResults(chosen ? 'lighthouse-probe' : 'lighthouse', { date, machine: host, results });
  const short = results.filter((result) => !goalsMet(result));
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  if (chosen) {
    for (const result of results) {
      const runsTbt = result.totalBlockingTimeRunsMs.map((value) => (value === null ? 'n/a' : formatNumber(value)));
      console.log(
        `${shownPath(result.url)}: performance ${score(result.scores.performance)}, LCP ${ms(result.largestContentfulPaintMs)}, ` +
          `TBT ${ms(result.totalBlockingTimeMs)} (runs ${runsTbt.join(' / ')}), JS ${kib(result.scriptTransferBytes)}, goals ${met(goalsMet(result))}`,
      );
      result.paintRuns.forEach((paint, index) => {
        const phases = paint.phasesMs
          ? `TTFB ${ms(paint.phasesMs.ttfb)}, load delay ${ms(paint.phasesMs.loadDelay)}, load ${ms(paint.phasesMs.loadTime)}, render delay ${ms(paint.phasesMs.renderDelay)}`
          : 'no phases';
        console.log(
          `  run ${index + 1}: performance ${score(result.performanceRuns[index] ?? null)}, LCP ${ms(paint.lcpMs)} (${phases}), ` +
            `TBT ${ms(result.totalBlockingTimeRunsMs[index] ?? null)}; observed FCP ${ms(paint.observedFcpMs)}, LCP ${ms(paint.observedLcpMs)}; ${paint.element ?? 'no element'}`,
        );
      });
    }
    console.log(`lighthouse benchmark (LIGHTHOUSE_PAGES probe): results in ${file}; docs/benchmarks.md left as it is`);
    return;
  }
  await writeSection(
    'lighthouse',
    `## Lighthouse: home, category, game and match pages (mobile)

- Date: ${date}
- Machine: ${host}
- Lighthouse ${results[0]?.lighthouseVersion ?? ''} in its default mobile profile (Moto G Power, simulated slow 4G, 4× CPU slowdown) with the system Chromium, ${runs === 1 ? 'one run' : `${runs} runs`} per page (\`LIGHTHOUSE_RUNS\`), each in a fresh Chromium; the figures are each page's median run (Lighthouse's \`computeMedianRun\`: the run closest to the median first contentful paint and time to interactive), with every run's TBT beside them. Lighthouse's benchmark index of this host: ${indexes}, above its high-end desktop bracket (1,500-2,000), so the default 4× slowdown, calibrated for such a host, is not too harsh here (Lighthouse's docs/throttling.md). Against the built web (\`npm start -w @playhouse/web\`) and the api on a fresh seeded PGlite; each page visited once before (the server's kept renders and compressed scripts warm). The category, game and match are the api's first at run time.
- Goals (issue 23): performance ≥ ${GOALS.performance}, accessibility, best practices and SEO ${GOALS.accessibility}, TBT ≤ ${TBT_GOAL_MS} ms. Transferred = every byte the page loaded (total-byte-weight), JS = its scripts.

${table(
  [
    'page',
    'kind',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'LCP',
    'TBT',
    'TBT of each run',
    'CLS',
    'transferred',
    'JS',
    'goals',
  ],
  results.map((result) => [
    `\`${shownPath(result.url)}\``,
    result.kind,
    score(result.scores.performance),
    score(result.scores.accessibility),
    score(result.scores['best-practices']),
    score(result.scores.seo),
    ms(result.largestContentfulPaintMs),
    ms(result.totalBlockingTimeMs),
    result.totalBlockingTimeRunsMs.map((value) => (value === null ? 'n/a' : formatNumber(value))).join(' / '),
    result.cumulativeLayoutShift === null ? 'n/a' : formatNumber(result.cumulativeLayoutShift, 3),
    kib(result.transferBytes),
    kib(result.scriptTransferBytes),
    met(goalsMet(result)),
  ]),
)}

${
  short.length === 0
    ? 'Every page met every goal.'
    : `Where the points went on the pages short of a goal (the costliest audits of each category below its goal, from the report):\n\n${short.map(costsOf).join('\n')}`
}`,
  );
  console.log(`lighthouse benchmark: results in ${file} and docs/benchmarks.md`);
}
