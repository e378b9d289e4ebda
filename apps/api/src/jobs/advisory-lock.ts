import type { DbHandle } from '@playhouse/db';

/** Runs work only while holding a PostgreSQL advisory lock, so among N api instances one runs it at a time. */
export interface JobLock {
  /** Runs `work` if the lock was free and returns true; returns false at once (without running) otherwise. */
  tryRun(key: number, work: () => Promise<void>): Promise<boolean>;
}

/** The database handle's session-level advisory lock, held for the run only (see DbHandle.tryAdvisoryLock). */
export function createJobLock(handle: DbHandle): JobLock {
  return { tryRun: (key, work) => handle.tryAdvisoryLock(key, work) };
}
