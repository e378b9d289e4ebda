import { defineConfig } from 'vitest/config';

// Two cores on the machines that run this: two workers, and per-test timeouts that leave room for PGlite's
// WebAssembly start-up and the migrations every api test file runs on its fresh database.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
        },
      },
      {
        resolve: { tsconfigPaths: true },
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'unit-web',
          environment: 'jsdom',
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
          // Generous: a timeout here only ever fires on a starved machine, where a slow pass is still a pass.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
