import { describe, expect, it } from 'vitest';
import { jobRuns } from '../lib/metrics';
import type { JobLock } from './advisory-lock';
import { createScheduler, type Job } from './scheduler';

/** A lock that is always free: the scheduler's own rules are under test here, not PostgreSQL's. */
const freeLock: JobLock = {
  async tryRun(_key, work) {
    await work();
    return true;
  },
};
const quietLog = { error: () => {} };

function countingJob(name: string, options: Partial<Job> = {}) {
  const job = {
    name,
    lockKey: 1,
    intervalMs: 60_000,
    runs: 0,
    async run() {
      job.runs += 1;
    },
    ...options,
  };
  return job;
}

async function runsOf(job: string, outcome: 'ok' | 'failed' | 'skipped') {
  const metric = await jobRuns.get();
  return metric.values.find((value) => value.labels.job === job && value.labels.outcome === outcome)?.value ?? 0;
}

describe('the scheduler', () => {
  it('counts runs by outcome for the metrics: ok, failed, and skipped when another instance holds the lock', async () => {
    const errors: unknown[] = [];
    let free = true;
    const lock: JobLock = {
      async tryRun(_key, work) {
        if (!free) return false;
        await work();
        return true;
      },
    };
    const scheduler = createScheduler({ lock, log: { error: (details) => errors.push(details) } });
    let fail = false;
    scheduler.add(
      countingJob('metered', {
        async run() {
          if (fail) throw new Error('boom');
        },
      }),
    );
    await scheduler.trigger('metered');
    fail = true;
    await scheduler.trigger('metered');
    free = false;
    await scheduler.trigger('metered');
    await scheduler.stop();
    expect([
      await runsOf('metered', 'ok'),
      await runsOf('metered', 'failed'),
      await runsOf('metered', 'skipped'),
    ]).toEqual([1, 1, 1]);
    expect(errors).toHaveLength(1);
  });

  it('tells the error tracker of each failed run, with the job', async () => {
    const failures: [unknown, string][] = [];
    const failure = new Error('settlement could not reach the feed');
    const scheduler = createScheduler({
      lock: freeLock,
      log: quietLog,
      onFailure: (error, job) => failures.push([error, job]),
    });
    scheduler.add(
      countingJob('settle', {
        async run() {
          throw failure;
        },
      }),
    );
    await scheduler.trigger('settle');
    await scheduler.stop();
    expect(failures).toEqual([[failure, 'settle']]);
  });

  it('runs a runOnStart job as soon as it starts, and the others only at their interval', async () => {
    const scheduler = createScheduler({ lock: freeLock, log: quietLog });
    const eager = countingJob('eager', { runOnStart: true });
    const patient = countingJob('patient');
    scheduler.add(eager);
    scheduler.add(patient);
    scheduler.start();
    await scheduler.stop();
    expect(eager.runs).toBe(1);
    expect(patient.runs).toBe(0);
  });

  it('runs nothing before it starts, but a trigger runs the job at once', async () => {
    const scheduler = createScheduler({ lock: freeLock, log: quietLog });
    const job = countingJob('job', { runOnStart: true });
    scheduler.add(job);
    expect(job.runs).toBe(0);
    await scheduler.trigger('job');
    expect(job.runs).toBe(1);
    await scheduler.stop();
  });

  it('starts a job added after the start', async () => {
    const scheduler = createScheduler({ lock: freeLock, log: quietLog });
    scheduler.start();
    const late = countingJob('late', { runOnStart: true });
    scheduler.add(late);
    await scheduler.stop();
    expect(late.runs).toBe(1);
  });

  it('refuses a second job with the same name, and a trigger of an unknown one', () => {
    const scheduler = createScheduler({ lock: freeLock, log: quietLog, jobs: [countingJob('once')] });
    expect(() => scheduler.add(countingJob('once'))).toThrow(/already scheduled/);
    expect(() => scheduler.trigger('nobody')).toThrow(/No job named nobody/);
  });
});
