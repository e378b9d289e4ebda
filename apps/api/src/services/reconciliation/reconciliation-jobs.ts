import { scheduledJob, type Job } from '../../jobs/scheduler';
import type { ReconciliationService } from './reconciliation-service';

export const RECONCILIATION_JOB = 'reconciliation';
/** Advisory lock key of the reconciliation (cashbox 727_200_nnn, sports 727_300_nnn, bonuses 727_400_nnn,
 * originals 727_500_nnn, protection 727_600_nnn). */
const RECONCILIATION_LOCK_KEY = 727_700_101;

/** Proves the books on a schedule; what it finds is logged and exported (reconciliation-service.ts). */
export function reconciliationJob(reconciliation: Pick<ReconciliationService, 'run'>, intervalMs: number): Job {
  return scheduledJob({ name: RECONCILIATION_JOB, lockKey: RECONCILIATION_LOCK_KEY, intervalMs }, () =>
    reconciliation.run(),
  );
}
