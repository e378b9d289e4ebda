import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope } from './helpers/build-test-app';

const API_DIR = path.resolve(import.meta.dirname, '..');

/** Runs the api's real entry point with only the given environment and waits for it to exit. */
function startApi(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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
