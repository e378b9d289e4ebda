import { expect, test } from './fixtures';

/**
 * Issue 23's budget: the JavaScript /en loads first, as transferred, at most 170 KiB. Bytes, never times: the sum of
 * every script the page loads until the network is idle, each counted as it crossed the wire (its compressed body, as
 * the web server sends it to a browser that takes brotli, plus its response headers: Lighthouse's "transfer size").
 */
const BUDGET_BYTES = 170 * 1024;

test('/en loads at most 170 KiB of JavaScript, compressed, on its first load', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined; bytes: number }[] = [];
  const counted: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    counted.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => {
        scripts.push({
          url: new URL(request.url()).pathname,
          encoding: response?.headers()['content-encoding'],
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      }),
    );
  });
  const response = await page.goto('/en', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  await Promise.all(counted);

  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const listing = scripts.map((script) => `${script.url} ${script.encoding ?? 'identity'} ${script.bytes}`).join('\n');
  // The figure in the report, passed or not: how close to the budget a change has brought it.
  test.info().annotations.push({
    type: 'first-load JavaScript',
    description: `${(total / 1024).toFixed(1)} KiB in ${scripts.length} scripts`,
  });
  expect(scripts.length, 'the page loads its scripts').toBeGreaterThan(0);
  // The small ones may go uncompressed (Next leaves tiny files alone); the rest come in brotli.
  expect(
    scripts.filter((script) => script.bytes > 2048 && script.encoding !== 'br'),
    `scripts not in brotli:\n${listing}`,
  ).toEqual([]);
  expect(total, `first-load JavaScript of /en, ${(total / 1024).toFixed(1)} KiB:\n${listing}`).toBeLessThanOrEqual(
    BUDGET_BYTES,
  );
});
