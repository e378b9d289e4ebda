import fs from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './chromium';

/** The four category scores (0-100), the three web vitals Lighthouse measures and the page's transferred bytes. */
export interface LighthouseResult {
  url: string;
  lighthouseVersion: string;
  scores: Record<CategoryId, number | null>;
  largestContentfulPaintMs: number | null;
  totalBlockingTimeMs: number | null;
  cumulativeLayoutShift: number | null;
  /** Everything the page loaded, as transferred (Lighthouse's total-byte-weight). */
  transferBytes: number | null;
  /** Of that, the scripts. */
  scriptTransferBytes: number | null;
  /** The audits that cost the most in each category below its goal, costliest first (id and title). */
  costs: Partial<Record<CategoryId, { id: string; title: string; display: string | null }[]>>;
  /** How many runs the page had; the figures above are the median run's (see `runLighthouse`). */
  runs: number;
  /** The total blocking time of every run, in the order they ran. */
  totalBlockingTimeRunsMs: (number | null)[];
  /** The performance score of every run, in the order they ran. */
  performanceRuns: (number | null)[];
  /** Every run's largest contentful paint, its element and its phases, in the order they ran. */
  paintRuns: LargestPaintRun[];
  /** Lighthouse's estimate of the host's CPU power in the median run (its CPU throttling is relative to it). */
  benchmarkIndex: number | null;
}

/**
 * One run's largest contentful paint: the simulated figure with its four phases (Lighthouse's
 * `largest-contentful-paint-element` audit: time to first byte, load delay, load time, render delay; the last three
 * are absent when the element is no image), the element, and the paints the unthrottled load itself saw, from which
 * the simulation takes what the paint waited for.
 */
export interface LargestPaintRun {
  lcpMs: number | null;
  phasesMs: Record<'ttfb' | 'loadDelay' | 'loadTime' | 'renderDelay', number> | null;
  element: string | null;
  observedFcpMs: number | null;
  observedLcpMs: number | null;
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** Issue 23's goals: performance at least 95, the other three 100, total blocking time at most 200 ms. */
export const GOALS: Record<CategoryId, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
export const TBT_GOAL_MS = 200;

/** A fresh Chromium for each Lighthouse run: a second run in one browser lost its trace here (NO_NAVSTART). */
async function startChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...QUIET_CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
}

/**
 * The audits of a category that lost it points, costliest first: the weighed ones by weight × missing score (for
 * performance, its metrics), then, for performance, the unweighed opportunities and diagnostics that fail, by the
 * time they say they would save.
 */
function costliest(lhr: LighthouseReport, category: CategoryId, count = 3) {
  const ref = lhr.categories[category];
  if (!ref) return [];
  const failing = ref.auditRefs
    .map((auditRef) => ({ auditRef, audit: lhr.audits[auditRef.id] }))
    .filter(
      (entry): entry is { auditRef: typeof entry.auditRef; audit: NonNullable<typeof entry.audit> } =>
        entry.audit !== undefined &&
        entry.audit.score !== null &&
        entry.audit.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(entry.audit.scoreDisplayMode),
    )
    .map(({ auditRef, audit }) => ({
      id: auditRef.id,
      title: audit.title,
      display: audit.displayValue ?? null,
      cost: auditRef.weight * (1 - (audit.score ?? 1)),
      savings: Object.values(audit.metricSavings ?? {}).reduce<number>((sum, value) => sum + (value ?? 0), 0),
    }));
  const weighed = failing.filter((audit) => audit.cost > 0).sort((a, b) => b.cost - a.cost);
  const unweighed = failing.filter((audit) => audit.cost === 0).sort((a, b) => b.savings - a.savings);
  const picked = category === 'performance' ? [...weighed.slice(0, count), ...unweighed.slice(0, count)] : weighed;
  return picked.slice(0, 2 * count).map(({ id, title, display }) => ({ id, title, display }));
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Runs Lighthouse once in a Chromium of its own; a run that lost its trace (a runtime error) is tried again, twice. */
async function audit(url: string, attempts = 3): Promise<LighthouseReport> {
  const chrome = await startChromium();
  let lhr: LighthouseReport | undefined;
  try {
    lhr = (
      await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
    )?.lhr;
  } finally {
    chrome.kill();
  }
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (!lhr.runtimeError) return lhr;
  if (attempts > 1) return audit(url, attempts - 1);
  throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
}

/** A run's largest paint with its phases and element, as its report gives them. */
function largestPaintOf(lhr: LighthouseReport): LargestPaintRun {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  let element: string | null = null;
  let phasesMs: LargestPaintRun['phasesMs'] = null;
  if (details?.type === 'list') {
    for (const item of details.items) {
      if (item.type !== 'table') continue;
      const node = item.items[0]?.node;
      if (node && typeof node === 'object' && 'type' in node && node.type === 'node') {
        element = node.selector ?? node.snippet ?? null;
        continue;
      }
      const [ttfb, loadDelay, loadTime, renderDelay] = item.items.map((row) => row.timing);
      if (
        typeof ttfb === 'number' &&
        typeof loadDelay === 'number' &&
        typeof loadTime === 'number' &&
        typeof renderDelay === 'number'
      )
        phasesMs = { ttfb, loadDelay, loadTime, renderDelay };
    }
  }
  const metrics = lhr.audits.metrics?.details;
  const observedMetrics: Record<string, unknown> = (metrics?.type === 'debugdata' && metrics.items?.[0]) || {};
  const observed = (key: string): number | null => {
    const value = observedMetrics[key];
    return typeof value === 'number' ? value : null;
  };
  return {
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
    phasesMs,
    element,
    observedFcpMs: observed('observedFirstContentfulPaint'),
    observedLcpMs: observed('observedLargestContentfulPaint'),
  };
}

/** A run's category score as 0-100, or null when Lighthouse gave none. */
function scoreOf(lhr: LighthouseReport, id: CategoryId): number | null {
  const score = lhr.categories[id]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/**
 * Lighthouse's default run (the mobile profile: Moto G Power, simulated slow 4G and 4× CPU slowdown), `runs` times
 * (`LIGHTHOUSE_RUNS`, 3), each in a fresh Chromium. One run's total blocking time moves by 50-100 ms from run to run
 * here; Lighthouse's own advice (docs/variability.md) is several runs and its median run, the run closest to the
 * median first contentful paint and time to interactive (`computeMedianRun`, Lighthouse's code). The figures are that
 * run's, so the scores and metrics shown are one real run's, not a mix; every run's TBT and score are kept beside them.
 */
export async function runLighthouse(url: string, runs = lighthouseRuns()): Promise<LighthouseResult> {
  const reports: LighthouseReport[] = [];
  for (let i = 0; i < runs; i++) reports.push(await audit(url));
  keepReports(url, reports);
  const lhr = computeMedianRun(reports);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const scores: Record<CategoryId, number | null> = {
    performance: scoreOf(lhr, 'performance'),
    accessibility: scoreOf(lhr, 'accessibility'),
    'best-practices': scoreOf(lhr, 'best-practices'),
    seo: scoreOf(lhr, 'seo'),
  };
  const costs: LighthouseResult['costs'] = {};
  for (const id of CATEGORIES) {
    const score = scores[id];
    if (score === null || score < GOALS[id]) costs[id] = costliest(lhr, id);
  }
  const tbt = numeric('total-blocking-time');
  if (tbt !== null && tbt > TBT_GOAL_MS && !costs.performance) costs.performance = costliest(lhr, 'performance');
  return {
    url,
    lighthouseVersion: lhr.lighthouseVersion,
    scores,
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    totalBlockingTimeMs: tbt,
    cumulativeLayoutShift: numeric('cumulative-layout-shift'),
    transferBytes: numeric('total-byte-weight'),
    scriptTransferBytes: scriptBytes(lhr),
    costs,
    runs: reports.length,
    totalBlockingTimeRunsMs: reports.map((report) => report.audits['total-blocking-time']?.numericValue ?? null),
    performanceRuns: reports.map((report) => scoreOf(report, 'performance')),
    paintRuns: reports.map(largestPaintOf),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
  };
}

/**
 * With `LIGHTHOUSE_REPORTS` naming a folder, every run's whole report is written there (`<path>-<run>.json`, the
 * path's slashes and query as dashes), for a look at what a figure was made of (its trace-based audits, the network
 * requests, the largest paint's element and phases).
 */
function keepReports(url: string, reports: LighthouseReport[]): void {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  const { pathname, search } = new URL(url);
  const name = `${pathname}${search}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  reports.forEach((report, index) =>
    fs.writeFileSync(path.join(folder, `${name}-${index + 1}.json`), JSON.stringify(report)),
  );
}

/** The number of Lighthouse runs per page: `LIGHTHOUSE_RUNS`, a whole number from 1, else 3. */
export function lighthouseRuns(): number {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1, not ${process.env.LIGHTHOUSE_RUNS}`);
  return runs;
}

/** The scripts' transferred bytes, from the resource summary. */
function scriptBytes(lhr: LighthouseReport): number | null {
  const details = lhr.audits['resource-summary']?.details;
  if (!details || details.type !== 'table') return null;
  const row = details.items.find((item) => item.resourceType === 'script');
  return typeof row?.transferSize === 'number' ? row.transferSize : null;
}
