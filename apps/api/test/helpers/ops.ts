import type { DbHandle } from '@playhouse/db';
import type { StaffRole } from '@playhouse/shared';
import type { buildApp } from '../../src/app';
import { runOps } from '../../src/ops/run-ops';
import type { SessionCache } from '../../src/ops/session-cache';
import type { Transport } from '../../src/ops/staff-api';
import { staffCaller, type StaffCaller } from './staff';

type App = Awaited<ReturnType<typeof buildApp>>;

/** What an ops run printed and returned. */
export interface OpsRun {
  code: number;
  out: string;
  err: string;
}

/** Where a test's command runs: through the (test) api, or through the api built in the command's own process. */
export type OpsMode = 'api' | 'in-process';

export function injectTransport(app: App): Transport {
  return async ({ method, path, headers, body }) => {
    const response = await app.inject({ method, url: path, headers, ...(body !== undefined ? { payload: body } : {}) });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      body: response.body,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    };
  };
}

function memorySessionCache(): SessionCache {
  const sessions = new Map<string, string>();
  return {
    read: async (key) => sessions.get(key) ?? null,
    write: async (key, cookie) => {
      if (cookie === null) sessions.delete(key);
      else sessions.set(key, cookie);
    },
  };
}

/**
 * A staff member with `roles` and a password, and a function that runs `npm run ops -- ...` as them (OPS_LOGIN,
 * OPS_PASSWORD, OPS_TOTP_SECRET), keeping their session between commands as the command line does.
 */
export async function opsAs(
  t: { app: App; db: DbHandle['db']; handle: DbHandle },
  roles: StaffRole[],
  mode: OpsMode,
): Promise<{ staff: StaffCaller; ops: (argv: string[], env?: Record<string, string>) => Promise<OpsRun> }> {
  const password = 'ops test passphrase 1';
  const staff = await staffCaller(t, roles, { password });
  const sessionCache = memorySessionCache();
  const ops = async (argv: string[], env: Record<string, string> = {}): Promise<OpsRun> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(mode === 'in-process' ? [...argv, '--direct'] : argv, {
      env: {
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        OPS_LOGIN: staff.email,
        OPS_PASSWORD: password,
        OPS_TOTP_SECRET: staff.totpSecret,
        ...env,
      },
      transport: injectTransport(t.app),
      openDatabase: async () => ({ ...t.handle, close: async () => undefined }),
      sessionCache,
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  return { staff, ops };
}
