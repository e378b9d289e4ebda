import { defineConfig } from 'vitest/config';

// Two cores on the machines that run this: two workers, and per-test timeouts that leave room for PGlite's
// WebAssembly start-up and the migrations every api test file runs on its fresh database.
/** Vitest's default is 5 s; one unit-web test took longer beside the e2e suite on a busy machine (CI of 2026-11-29). */
const UNIT_TIMEOUT = 30_000;
/** api test files that vi.mock a module (node:crypto's randomUUID, for ids that follow the seed). */
const API_ISOLATED = ['apps/api/test/services/bonus-simulation.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // `npm test` runs the unit tests beside the e2e suite at a lower priority: a starved test is slow, not wrong.
          testTimeout: UNIT_TIMEOUT,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/server/**/*.test.mjs',
            'scripts/**/*.test.mjs',
          ],
        },
      },
      {
        resolve: { tsconfigPaths: true },
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'unit-web',
          environment: 'jsdom',
          testTimeout: UNIT_TIMEOUT,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.web.ts'],
          // next-intl's ESM imports `next/navigation` without an extension, which only a bundler resolves.
          server: { deps: { inline: ['next-intl'] } },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: ['apps/api/test/**/*.postgres.test.ts', ...API_ISOLATED],
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          // A worker runs its test files one after another in one module graph: the app's modules and PGlite load once
          // per worker, not once per file (a third of each file's CPU). Each file still builds its own app on its own
          // database; nothing the api keeps at module level outlives the app or database it belongs to.
          isolate: false,
          // Generous: a timeout here only ever fires on a starved machine, where a slow pass is still a pass.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A poll ends as soon as it holds; the long limit only matters on a starved machine (CI of 2026-11-28).
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // The api tests that vi.mock a module the app imports: the mock must reach a fresh copy of the app's modules,
        // and must not reach other files', so these run isolated. `npm run test:api` and both legs of `npm test` run
        // this project with `api`.
        test: {
          name: 'api-isolated',
          environment: 'node',
          include: API_ISOLATED,
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // Tests that need a real PostgreSQL server (a connection to kill): only the PostgreSQL leg of `npm test` runs
        // them, with TEST_DATABASE_URL set.
        test: {
          name: 'api-postgres',
          environment: 'node',
          include: ['apps/api/test/**/*.postgres.test.ts'],
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A poll ends as soon as it holds; the long limit only matters on a starved machine (CI of 2026-11-28).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
