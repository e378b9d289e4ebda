import fp from 'fastify-plugin';
import { createJobLock } from '../../jobs/advisory-lock';
import { createScheduler, type Job } from '../../jobs/scheduler';

/** The one scheduler of the api: every domain hands its background jobs to it. */
export interface Jobs {
  /** Schedules a job; a domain's plugin calls this while it registers. */
  add(job: Job): void;
  /** Runs the job now (or right after its current run) instead of at its next tick, also where jobs are off. */
  trigger(name: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Builds the scheduler, lets the domain plugins (registered after this one) add their jobs, starts it once the app is
 * ready on instances where jobs are enabled (JOBS_ENABLED), and stops it before the listeners and the database close.
 */
export const jobsPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    const scheduler = createScheduler({
      lock: createJobLock(app.dbHandle),
      log: app.log,
      onFailure: (error, job) => app.errorReporter.capture(error, { tags: { job } }),
    });
    app.decorate('jobs', { add: scheduler.add, trigger: scheduler.trigger } satisfies Jobs);
    app.addHook('onReady', async () => {
      if (enabled) scheduler.start();
    });
    app.addHook('preClose', async () => scheduler.stop());
  },
  { name: 'jobs', dependencies: ['db', 'error-handler'] },
);
