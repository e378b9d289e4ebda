import { jobDuration, jobRuns } from '../lib/metrics';
import type { JobLock } from './advisory-lock';

export interface Job {
  name: string;
  /** The advisory lock key that makes one instance run the job at a time. */
  lockKey: number;
  intervalMs: number;
  run: () => Promise<void>;
  /** Run once as soon as the scheduler starts instead of waiting a whole interval first. */
  runOnStart?: boolean;
}

/** A job from its schedule and its work; what the work resolves to is not the scheduler's business. */
export function scheduledJob(schedule: Omit<Job, 'run'>, work: () => Promise<unknown>): Job {
  return {
    ...schedule,
    async run() {
      await work();
    },
  };
}

export interface SchedulerLog {
  error(details: Record<string, unknown>, message: string): void;
}

interface JobState {
  job: Job;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  /** A trigger arrived during a run: run once more right after it. */
  again: boolean;
}

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * The in-process scheduler: each job runs every intervalMs, or at once when triggered, never twice at the same time
 * in this process, and only under its advisory lock across processes. A failing run is logged; the next tick retries.
 * The api builds one (plugins/app/jobs.ts); the domains hand it their jobs.
 */
export function createScheduler({
  lock,
  log,
  jobs = [],
  onFailure = () => undefined,
}: {
  lock: JobLock;
  log: SchedulerLog;
  jobs?: Job[];
  /** Told of every failed run, after it is logged (the error tracker). */
  onFailure?: (error: unknown, job: string) => void;
}) {
  const states = new Map<string, JobState>();
  let started = false;

  function add(job: Job) {
    if (states.has(job.name)) throw new Error(`A job named ${job.name} is already scheduled`);
    const state: JobState = { job, timer: null, running: null, again: false };
    states.set(job.name, state);
    if (started) start(state);
  }

  function start(state: JobState) {
    if (state.job.runOnStart) void runNow(state);
    else schedule(state);
  }

  function schedule(state: JobState) {
    if (!started) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => void runNow(state), state.job.intervalMs);
    state.timer.unref();
  }

  function runNow(state: JobState): Promise<void> {
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      do {
        state.again = false;
        const job = state.job.name;
        const stopTimer = jobDuration.startTimer({ job });
        try {
          const ran = await lock.tryRun(state.job.lockKey, state.job.run);
          jobRuns.inc({ job, outcome: ran ? 'ok' : 'skipped' });
          if (ran) stopTimer();
        } catch (error) {
          jobRuns.inc({ job, outcome: 'failed' });
          stopTimer();
          log.error({ err: error, job }, 'job run failed');
          onFailure(error, job);
        }
      } while (state.again && started);
    })().finally(() => {
      state.running = null;
      schedule(state);
    });
    return state.running;
  }

  for (const job of jobs) add(job);

  return {
    add,

    start() {
      if (started) return;
      started = true;
      for (const state of states.values()) start(state);
    },

    /** Runs the job now (or right after its current run) instead of at its next tick. */
    trigger(name: string): Promise<void> {
      const state = states.get(name);
      if (!state) throw new Error(`No job named ${name}`);
      return runNow(state);
    },

    async stop() {
      started = false;
      for (const state of states.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
      }
      await Promise.all([...states.values()].flatMap((state) => (state.running ? [state.running] : [])));
    },
  };
}
