import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the command line keeps a staff session between commands (a TOTP code is good once: back-to-back commands
 * resume the session instead of signing in again). The session itself ends after the api's staff idle timeout.
 */
export interface SessionCache {
  read(key: string): Promise<string | null>;
  write(key: string, cookie: string | null): Promise<void>;
}

/** One file per api and login under ~/.cache/playhouse-ops, readable by its owner only. */
export function fileSessionCache(folder = path.join(os.homedir(), '.cache', 'playhouse-ops')): SessionCache {
  const file = (key: string) => path.join(folder, createHash('sha256').update(key).digest('hex').slice(0, 32));
  return {
    async read(key) {
      try {
        return (await readFile(file(key), 'utf8')).trim() || null;
      } catch {
        return null;
      }
    },
    async write(key, cookie) {
      if (cookie === null) {
        await rm(file(key), { force: true });
        return;
      }
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(file(key), cookie, { mode: 0o600 });
    },
  };
}

/** A cache that keeps nothing (OPS_SESSION_CACHE=off): every command signs in with a fresh code. */
export const noSessionCache: SessionCache = {
  read: async () => null,
  write: async () => undefined,
};
