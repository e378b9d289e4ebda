import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope } from './helpers/build-test-app';

const API_DIR = path.resolve(import.meta.dirname, '..');
// Its own build (scripts/build.mjs, as `npm start` runs it) beside dist/server.js, so a running api keeps its file.
const BUILD_DIR = path.join(API_DIR, 'dist', `test-${process.pid}`);
const SERVER = path.join(BUILD_DIR, 'server.js');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outfile', SERVER], { cwd: API_DIR, stdio: 'pipe' });
});
afterAll(() => rmSync(BUILD_DIR, { recursive: true, force: true }));

/** Runs the api's compiled entry point, as `npm start` does, with only the given environment; waits for its exit. */
function startApi(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/**
 * Starts the compiled api on a free port with a fresh in-memory database and returns its address once it listens
 * (the log line "Server listening at ..."), with a stop function.
 */
function serveApi(env: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', API_PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the compiled api did not listen within 60 s'));
    }, 60_000);
    let output = '';
    const watch = (chunk: string) => {
      output += chunk;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ url: listening[1]!, stop });
      }
    };
    child.stdout.setEncoding('utf8').on('data', watch);
    child.stderr.setEncoding('utf8').on('data', watch);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the compiled api exited (${code}) before it listened:\n${output}`));
    });
  });
}

describe('the compiled api (scripts/build.mjs, what npm start runs)', () => {
  it('migrates and seeds its database, then answers from it: migrations and message files are found from dist/', async () => {
    const api = await serveApi({ API_HOST: '127.0.0.1' });
    try {
      const texts = await fetch(`${api.url}/spa/translation/de`);
      expect(texts.status).toBe(200);
      const body = (await texts.json()) as { home?: { heading?: string } };
      expect(body.home?.heading).toBe('Willkommen bei {siteName}');
      const categories = await fetch(`${api.url}/spa/categories`, { headers: { 'X-Locale': 'de' } });
      expect(categories.status).toBe(200);
      expect(JSON.stringify(await categories.json())).toContain('Top-Spiele');
    } finally {
      api.stop();
    }
  });
});

describe('the production switch', () => {
  it('npm start refuses production on the demo defaults and says which values are wrong', async () => {
    const { code, stderr } = await startApi({ PLAYHOUSE_MODE: 'production', API_PORT: '0', DATA_DIR: 'memory://' });
    expect(code).toBe(1);
    expect(stderr).toContain('PLAYHOUSE_MODE=production refuses to start');
    for (const name of ['SEED_DEMO', 'PSP_SANDBOX', 'WEB_SECRET', 'CAPTCHA_SECRET', 'PROVIDER_SECRET_ORIGINALS']) {
      expect(stderr).toContain(`${name}:`);
    }
  });

  it('with PSP_SANDBOX=off the sandbox takes no deposit and its hosted page is gone', async () => {
    const t = await buildTestApp({ env: { PSP_SANDBOX: 'off' } });
    try {
      expect(t.app.services.payments.hasProvider('sandbox')).toBe(false);
      expectErrorEnvelope(await t.app.inject({ url: '/spa/psp/sandbox/checkout/cs_anything' }), 404, 'not_found');
    } finally {
      await t.close();
    }
  });
});
