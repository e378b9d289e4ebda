import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

export interface AxeOptions {
  /** CSS selectors to leave out of the scan, e.g. a third-party iframe the page does not control. */
  exclude?: string[];
  /** axe rule ids to switch off for this one check; say why at the call site. */
  disableRules?: string[];
}

export interface AxeCheck {
  /** Scans the page as it is now against WCAG 2 A and AA and fails the test with a readable list of violations. */
  (options?: AxeOptions): Promise<void>;
  /** Scans another page (a popup, a second tab) the same way. */
  page: (target: Page, options?: AxeOptions) => Promise<void>;
  /** The URLs this test has scanned so far. */
  scanned: ReadonlySet<string>;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa'];

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

async function scan(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  if (violations.length > 0) throw new Error(formatViolations(page.url(), violations));
}

interface Fixtures {
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
  axe: async ({ page }, use) => {
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
