import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, QUIET_CHROMIUM_FLAGS } from '../scripts/lib/chromium.mjs';
import { SMTP_PORT } from './mail-settings';

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
  // The web server's proof to the api (its renders and the visitor address its /spa rewrite forwards), one per run.
  WEB_SECRET: process.env.WEB_SECRET || randomBytes(32).toString('base64url'),

  // sports.spec.ts pushes its own fixtures and odds through the feed endpoint: no simulated feed beside it.
  FEED_SIMULATOR: 'off',
  FEED_TOKEN: process.env.E2E_FEED_TOKEN ?? 'e2e-sports-feed-token-0123456789',
  // Registration mail (the confirmation links) goes to the run's own SMTP sink (mail-sink.ts), read by mail.ts.
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  // chat.spec.ts signs the demo support account in (support@playhouse.example): it exists only with this set.
  DEMO_STAFF_PASSWORD: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
  // protection.spec.ts: GB players follow the UK-like profile, MT players the MGA-like one (the rest the default),
  // and a player's protection clock can be moved forward (a 24-hour cooling period) through a test-only endpoint.
  JURISDICTION_COUNTRIES: 'GB=uk,MT=mga',
  TEST_CLOCK: 'on',
  // casino-tables.spec.ts deals a hand it chose: server seeds follow from the client seed the player sets.
  TEST_SEEDS: 'on',
};

// The test browsers stand in for the edge proxy a real site has: each test's context adds the X-Forwarded-For an edge
// would (account-support.ts visitorAddress), so the per-address limits apply per test. The web believes it from
// loopback; the api believes nobody's X-Forwarded-For, only the address the web forwards with WEB_SECRET.
const webEnv = { ...serverEnv, TRUST_PROXY: 'loopback' };

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
      // Publishing a new announcement, or editing the German home page, changes what other files see: those run last.
      testIgnore: /(announcement-publish|back-office-content)\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium: Playwright's own browser download is not reachable from these machines.
        launchOptions: {
          executablePath: chromiumPath(),
          args: [...QUIET_CHROMIUM_FLAGS],
        },
      },
    },
    {
      // Changes what every visitor's German home page shows (and puts it back): after the other files, like the
      // announcement.
      name: 'site-wide content changes',
      testMatch: /back-office-content\.spec\.ts$/,
      dependencies: ['chromium'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [...QUIET_CHROMIUM_FLAGS],
        },
      },
    },
    {
      name: 'announcement publishing',
      testMatch: /announcement-publish\.spec\.ts$/,
      dependencies: ['chromium'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [...QUIET_CHROMIUM_FLAGS],
        },
      },
    },
  ],
  webServer: [
    {
      name: 'mail',
      command: 'node --import tsx e2e/mail-sink.ts',
      cwd: repoRoot,
      port: SMTP_PORT,
      reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVERS),
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
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
      env: webEnv,
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
