import { scheduledJob, type Job } from '../../jobs/scheduler';
import type { SandboxPsp } from './sandbox/sandbox-psp';

export const PSP_WEBHOOK_JOB = 'psp-webhook-delivery';
/** Advisory lock keys of the jobs (the migration lock is 727_100_001). */
const PSP_WEBHOOK_LOCK_KEY = 727_200_001;
const BATCH = 50;

/** The sandbox provider's webhook queue: delivers what is due, batch after batch, until nothing due is left. */
export function pspWebhookJob(psp: Pick<SandboxPsp, 'deliverDue'>, intervalMs: number): Job {
  return scheduledJob({ name: PSP_WEBHOOK_JOB, lockKey: PSP_WEBHOOK_LOCK_KEY, intervalMs }, async () => {
    for (;;) {
      const { delivered, failed } = await psp.deliverDue(BATCH);
      if (delivered + failed < BATCH) return;
    }
  });
}
