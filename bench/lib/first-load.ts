import { chromium, devices } from 'playwright-core';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from './chromium';

export interface FirstLoad {
  url: string;
  /** JavaScript files the page loads until the network is idle. */
  scriptCount: number;
  /** Their bytes on the wire (compressed, headers included), the figure Lighthouse calls transfer size. */
  scriptTransferBytes: number;
  /** Their size once decompressed. */
  scriptDecodedBytes: number;
  documentTransferBytes: number;
  firstContentfulPaintMs: number | null;
  largestContentfulPaintMs: number | null;
  cumulativeLayoutShift: number;
  /** Resources the browser marked render-blocking (Resource Timing's renderBlockingStatus). */
  renderBlocking: string[];
}

// Lighthouse's mobile profile: a Moto G Power-sized screen, 4× CPU slowdown and "slow 4G".
const MOBILE = {
  ...devices['Moto G4'],
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface PageMetrics {
  fcp: number | null;
  lcp: number | null;
  cls: number;
  blocking: string[];
}

declare global {
  interface Window {
    __benchLcp?: number;
    __benchCls?: number;
  }
}

export async function measureFirstLoad(url: string): Promise<FirstLoad> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: QUIET_CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const responses = new Map<string, { type: string; url: string; transfer: number; decoded: number }>();
    cdp.on('Network.responseReceived', (event) => {
      responses.set(event.requestId, { type: event.type, url: event.response.url, transfer: 0, decoded: 0 });
    });
    cdp.on('Network.dataReceived', (event) => {
      const entry = responses.get(event.requestId);
      if (entry) entry.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = responses.get(event.requestId);
      if (entry) entry.transfer = event.encodedDataLength;
    });

    await page.addInitScript(() => {
      window.__benchCls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) window.__benchCls = (window.__benchCls ?? 0) + entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) window.__benchLcp = last.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });

    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status() ?? 'nothing'}`);
    // Sliders and lazy images settle after load; layout shifts they cause must be counted.
    await page.waitForTimeout(3000);
    const metrics: PageMetrics = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      lcp: window.__benchLcp ?? null,
      cls: window.__benchCls ?? 0,
      blocking: (
        performance.getEntriesByType('resource') as (PerformanceResourceTiming & { renderBlockingStatus?: string })[]
      )
        .filter((entry) => entry.renderBlockingStatus === 'blocking')
        .map((entry) => new URL(entry.name).pathname),
    }));

    const all = [...responses.values()];
    const scripts = all.filter((entry) => entry.type === 'Script');
    const document = all.find((entry) => entry.type === 'Document');
    return {
      url,
      scriptCount: scripts.length,
      scriptTransferBytes: scripts.reduce((sum, entry) => sum + entry.transfer, 0),
      scriptDecodedBytes: scripts.reduce((sum, entry) => sum + entry.decoded, 0),
      documentTransferBytes: document?.transfer ?? 0,
      firstContentfulPaintMs: metrics.fcp,
      largestContentfulPaintMs: metrics.lcp,
      cumulativeLayoutShift: metrics.cls,
      renderBlocking: metrics.blocking,
    };
  } finally {
    await browser.close();
  }
}
