import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPort = Number(process.env.E2E_WEB_PORT ?? 3102);
const apiPort = Number(process.env.E2E_API_PORT ?? 4102);
const siteUrl = `http://localhost:${webPort}`;
const apiUrl = `http://127.0.0.1:${apiPort}`;
// One folder per api port, emptied at each start: every run begins on a freshly migrated and seeded database.
const dataDir = path.join(os.tmpdir(), `playhouse-e2e-${apiPort}`);
const isCi = Boolean(process.env.CI);

const serverEnv = {
  API_PORT: String(apiPort),
  API_HOST: '127.0.0.1',
  WEB_PORT: String(webPort),
  API_URL: apiUrl,
  SITE_URL: siteUrl,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  NEXT_TELEMETRY_DISABLED: '1',
  // Browser and server-side traffic all comes from this machine; the per-address limits have their own api tests.
  RATE_LIMIT_EXEMPT: '127.0.0.1,::1,::ffff:127.0.0.1',
  // sports.spec.ts pushes its own fixtures and odds through the feed endpoint: no simulated feed beside it.
  FEED_SIMULATOR: 'off',
  FEED_TOKEN: process.env.E2E_FEED_TOKEN ?? 'e2e-sports-feed-token-0123456789',
  // chat.spec.ts signs the demo support account in (support@playhouse.example): it exists only with this set.
  DEMO_STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: isCi ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL: siteUrl,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium: Playwright's own browser download is not reachable from these machines. The flags
          // keep it from calling home (the network is closed) and let it run as root in a container.
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      name: 'api',
      // The staff sign-in keys and browser states the specs kept (staff-support.ts) go with the database.
      command: `rm -rf '${dataDir}' '${dataDir}-staff' && npm run start -w @playhouse/api`,
      cwd: repoRoot,
      env: serverEnv,
      url: `${apiUrl}/spa/health`,
      timeout: 120_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVERS),
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'web',
      // Builds only when the build is missing or stale (`npm test` has built it already), then serves it.
      command: 'node scripts/build-web.mjs --if-stale && npm run start -w @playhouse/web',
      cwd: repoRoot,
      env: serverEnv,
      // Ready once it listens: whether pages render is global-setup's check, which fails fast and says why.
      port: webPort,
      timeout: 600_000,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVERS),
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
