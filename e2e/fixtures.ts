import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import axeCore from 'axe-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

export interface AxeOptions {
  /** CSS selectors to leave out of the scan, e.g. a third-party iframe the page does not control. */
  exclude?: string[];
  /** axe rule ids to switch off for this one check; say why at the call site. */
  disableRules?: string[];
}

export interface AxeCheck {
  /**
   * Waits until the page is finished (hydrated, nothing loading), scans it with every axe rule (WCAG 2.0-2.2 A, AA
   * and AAA, best practices and the experimental ones) and fails the test with a readable list of violations.
   */
  (options?: AxeOptions): Promise<void>;
  /** Scans another page (a popup, a second tab) the same way. */
  page: (target: Page, options?: AxeOptions) => Promise<void>;
  /** The URLs this test has scanned so far. */
  scanned: ReadonlySet<string>;
}

/**
 * Every rule axe-core has, the experimental ones included: naming tags (wcag2a, wcag2aa) left out WCAG 2.1 rules such
 * as label-content-name-mismatch (wcag21a, and experimental, so off unless named), which is how odds cells whose
 * names did not contain their text passed every scan.
 */
const ALL_RULES = axeCore.getRules().map((rule) => rule.ruleId);

/**
 * The page as a visitor meets it once it is finished: hydrated (the layout marks <html data-hydrated>), loaded, and
 * with no part still marked busy (the top offer's skeleton, a list that is loading). Scanning earlier scanned the
 * server's placeholders instead of what the browser draws in them.
 */
export async function waitForFinishedPage(page: Page): Promise<void> {
  // Polled from the test's side, so it also works while a test holds the page's clock still.
  await page.waitForLoadState('load');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

export function formatViolations(url: string, violations: Violation[]): string {
  const lines = [`${violations.length} accessibility violation(s) on ${url}:`];
  for (const violation of violations) {
    lines.push(`- [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
    for (const node of violation.nodes.slice(0, 5)) {
      lines.push(`    at ${node.target.join(' ')}`);
      if (node.failureSummary) lines.push(...node.failureSummary.split('\n').map((line) => `      ${line.trim()}`));
    }
    if (violation.nodes.length > 5) lines.push(`    ...and ${violation.nodes.length - 5} more element(s)`);
  }
  return lines.join('\n');
}

/**
 * Waits until the page has stopped changing for 300 ms (at most 5 s): a client-side navigation that has just changed
 * the address may still be replacing the page, and a scan then would judge half of each. Counted in the page, timed
 * from the test's side, so a test that holds the page's clock still does not hold this up.
 */
async function waitForQuietPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counted = window as unknown as { __mutations?: number };
    if (counted.__mutations !== undefined) return;
    counted.__mutations = 0;
    new MutationObserver(() => {
      counted.__mutations! += 1;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const mutations = () => page.evaluate(() => (window as unknown as { __mutations: number }).__mutations);
  const deadline = Date.now() + 5_000;
  let last = await mutations();
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < 300) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await mutations();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
}

/** Requests in flight per page, event streams left out (they stay open for as long as the page lives). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): Set<Request> {
  let open = inFlight.get(page);
  if (open) return open;
  const requests = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  inFlight.set(page, requests);
  open = requests;
  return open;
}

/**
 * Waits until no request has been in flight for 300 ms (at most 10 s): a client-side navigation that has just changed
 * the address may still be fetching the page it goes to (a redirect, the next route's data).
 */
async function waitForIdleNetwork(page: Page): Promise<void> {
  const requests = trackRequests(page);
  const deadline = Date.now() + 10_000;
  let idleSince = Date.now();
  while (Date.now() < deadline) {
    if (requests.size > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= 300) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function scan(page: Page, options: AxeOptions = {}): Promise<void> {
  await waitForIdleNetwork(page);
  await waitForFinishedPage(page);
  await waitForQuietPage(page);
  // axe's target-size rule measures what is visible of each target now: a link scrolled under the sticky site header
  // counts as obscured. Every scan looks at the page from its top, as a visitor arriving does, so the result does not
  // depend on where the last click scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  let builder = new AxeBuilder({ page }).withRules(ALL_RULES);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  if (violations.length > 0) throw new Error(formatViolations(page.url(), violations));
}

/** Where the web keeps the id of the announcement its visitor closed (apps/web announcement-memory.ts). */
export const CLOSED_ANNOUNCEMENT_KEY = 'infoPopupClosed';

/** The id of the announcement the site shows now, or null when none is active. */
export async function currentAnnouncementId(baseURL: string): Promise<number | null> {
  const response = await fetch(`${baseURL}/spa/info-popup`);
  if (!response.ok) throw new Error(`GET /spa/info-popup answered ${response.status}`);
  return ((await response.json()) as { id: number | null }).id;
}

interface Fixtures {
  /**
   * On by default: the browser starts as a returning visitor who has closed the current announcement, so it does not
   * float over what a test clicks. The announcement's own tests turn it off with `test.use({ announcementSeen: false })`.
   */
  announcementSeen: boolean;
  seenAnnouncement: void;
  axe: AxeCheck;
  /** Content-policy violations Chromium reported on this test's pages (any frame); each test ends with none. */
  cspViolations: string[];
  /**
   * On by default: after each test, the page it ended on is scanned too, unless the test already scanned that URL.
   * Turn off with `test.use({ axeAfterEach: false })` only for a test that ends on a page that is not ours.
   */
  axeAfterEach: boolean;
  autoAxe: void;
}

export const test = base.extend<Fixtures>({
  announcementSeen: [true, { option: true }],
  seenAnnouncement: [
    async ({ context, announcementSeen, baseURL }, use) => {
      const id = announcementSeen && baseURL ? await currentAnnouncementId(baseURL) : null;
      if (id !== null) {
        await context.addInitScript(
          ([key, value]) => {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          },
          [CLOSED_ANNOUNCEMENT_KEY, String(id)] as const,
        );
      }
      await use();
    },
    { auto: true },
  ],
  axe: async ({ page }, use) => {
    trackRequests(page);
    const scanned = new Set<string>();
    const check: AxeCheck = Object.assign(
      async (options?: AxeOptions) => {
        await scan(page, options);
        scanned.add(page.url());
      },
      {
        page: async (target: Page, options?: AxeOptions) => {
          await scan(target, options);
          scanned.add(target.url());
        },
        scanned,
      },
    );
    await use(check);
  },
  axeAfterEach: [true, { option: true }],
  cspViolations: [
    async ({ page }, use, testInfo) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
      });
      await use(violations);
      // A failed test is already reported; a violation on a passing one fails it.
      if (testInfo.status === testInfo.expectedStatus) expect(violations, 'content-policy violations').toEqual([]);
    },
    { auto: true },
  ],
  autoAxe: [
    async ({ page, axe, axeAfterEach }, use, testInfo) => {
      await use();
      const url = page.url();
      const ours = url.startsWith('http://') || url.startsWith('https://');
      // A failed test is already reported; scanning its half-done page would only add noise.
      if (!axeAfterEach || !ours || axe.scanned.has(url) || testInfo.status !== testInfo.expectedStatus) return;
      await scan(page);
    },
    { auto: true },
  ],
});

export { expect };
