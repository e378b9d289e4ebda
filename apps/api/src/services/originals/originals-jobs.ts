import type { Job } from '../../jobs/scheduler';
import type { OriginalsSettlement } from './originals-settlement';

export const ORIGINALS_SETTLEMENT_JOB = 'originals-settlement';
/** Advisory lock key of the Originals settlement (cashbox 727_200_nnn, sports 727_300_nnn, bonuses 727_400_nnn). */
const ORIGINALS_SETTLEMENT_LOCK_KEY = 727_500_101;

/**
 * Delivers what the Originals host still owes the wallet: unpaid wins, and rollbacks of bets lost in flight. It runs
 * at start-up too, since a deploy is exactly what cuts a round off between its bet and its win.
 */
export function originalsSettlementJob(settlement: Pick<OriginalsSettlement, 'settleDue'>, intervalMs: number): Job {
  return {
    name: ORIGINALS_SETTLEMENT_JOB,
    lockKey: ORIGINALS_SETTLEMENT_LOCK_KEY,
    intervalMs,
    runOnStart: true,
    async run() {
      await settlement.settleDue();
    },
  };
}
