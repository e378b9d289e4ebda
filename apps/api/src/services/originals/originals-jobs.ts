import { scheduledJob, type Job } from '../../jobs/scheduler';
import type { OriginalsSettlement } from './originals-settlement';

export const ORIGINALS_SETTLEMENT_JOB = 'originals-settlement';
/** Advisory lock key of the Originals settlement (cashbox 727_200_nnn, sports 727_300_nnn, bonuses 727_400_nnn). */
const ORIGINALS_SETTLEMENT_LOCK_KEY = 727_500_101;

/**
 * Delivers what the Originals host still owes the wallet: unpaid wins, and rollbacks of bets lost in flight. It runs
 * at start-up too, since a deploy is exactly what cuts a round off between its bet and its win.
 */
export function originalsSettlementJob(settlement: Pick<OriginalsSettlement, 'settleDue'>, intervalMs: number): Job {
  return scheduledJob(
    { name: ORIGINALS_SETTLEMENT_JOB, lockKey: ORIGINALS_SETTLEMENT_LOCK_KEY, intervalMs, runOnStart: true },
    () => settlement.settleDue(),
  );
}

export const SHARED_TABLE_CLOCK_JOB = 'shared-table-clock';
/** The shared tables' clock: one instance drives every table (originals 727_500_nnn). */
const SHARED_TABLE_CLOCK_LOCK_KEY = 727_500_102;
/** How often the clock looks at the tables: the countdowns players see run in their browsers between steps. */
export const SHARED_TABLE_CLOCK_MS = 1_000;

/**
 * Moves every shared table's rounds on (open, close, result) and pays the slips of a round as soon as its result is
 * public; after a crash or a deploy the next instance to hold the lock carries on from the rows.
 */
export function sharedTableClockJob(
  tables: { tick(): Promise<number> },
  settlement: Pick<OriginalsSettlement, 'settleSlips'>,
): Job {
  return scheduledJob(
    {
      name: SHARED_TABLE_CLOCK_JOB,
      lockKey: SHARED_TABLE_CLOCK_LOCK_KEY,
      intervalMs: SHARED_TABLE_CLOCK_MS,
      runOnStart: true,
    },
    async () => {
      if ((await tables.tick()) > 0) await settlement.settleSlips();
    },
  );
}
