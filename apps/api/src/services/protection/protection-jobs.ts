import { scheduledJob, type Job } from '../../jobs/scheduler';
import type { HarmService } from './harm-service';

export const HARM_CHECK_JOB = 'harm-markers';
/** Advisory lock key of the markers-of-harm sweep (cashbox 727_200_nnn, sports 727_300_nnn, bonuses 727_400_nnn,
 * originals 727_500_nnn). */
const HARM_CHECK_LOCK_KEY = 727_600_101;

/** Runs the markers-of-harm rules for every player active in the last day. */
export function harmCheckJob(harm: Pick<HarmService, 'evaluateRecent'>, intervalMs: number): Job {
  return scheduledJob({ name: HARM_CHECK_JOB, lockKey: HARM_CHECK_LOCK_KEY, intervalMs }, () => harm.evaluateRecent());
}
