import type { DbHandle } from '@playhouse/db';
import { createJobLock } from '../../jobs/advisory-lock';
import { createScheduler, type Scheduler, type SchedulerLog } from '../../jobs/scheduler';
import { systemClock, type Clock } from '../../lib/clock';
import { createBonusService, type BonusService } from './bonus-service';

export const BONUS_EXPIRY_JOB = 'bonus-expiry';
/** Advisory lock key of the bonus expiry sweep (the cashbox jobs use 727_200_nnn, the sports jobs 727_300_nnn). */
const BONUS_EXPIRY_LOCK_KEY = 727_400_101;
/** Bonuses expire to the minute: a bonus past its time keeps counting bets for at most this long. */
export const BONUS_EXPIRY_INTERVAL_MS = 60_000;

export type BonusServices = BonusService & { jobs: Scheduler; startJobs(): void };

/** The bonus engine and its expiry sweep; the api and the ops command line build the same. */
export function createBonusServices({
  handle,
  logger,
  jobsEnabled,
  clock = systemClock,
}: {
  handle: DbHandle;
  logger: SchedulerLog;
  jobsEnabled: boolean;
  clock?: Clock;
}): BonusServices {
  const service = createBonusService({ db: handle.db, clock });
  const jobs = createScheduler({
    lock: createJobLock(handle),
    log: logger,
    jobs: [
      {
        name: BONUS_EXPIRY_JOB,
        lockKey: BONUS_EXPIRY_LOCK_KEY,
        intervalMs: BONUS_EXPIRY_INTERVAL_MS,
        async run() {
          await service.expireDue();
        },
      },
    ],
  });
  return {
    ...service,
    jobs,
    startJobs() {
      if (jobsEnabled) jobs.start();
    },
  };
}
