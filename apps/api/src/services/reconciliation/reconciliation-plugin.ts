import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { reconciliationJob } from './reconciliation-jobs';
import { createReconciliationService, type ReconciliationService } from './reconciliation-service';

declare module '../../plugins/app/services' {
  interface Services {
    reconciliation: ReconciliationService;
  }
}

/** Reconciliation of the ledger and of the rounds that wait for their outcome: a job and a staff route. */
export const reconciliationPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const reconciliation = createReconciliationService({
      db: app.db,
      clock: systemClock,
      log: app.log,
      graceMs: config.reconciliation.graceMs,
    });
    app.services.reconciliation = reconciliation;
    app.jobs.add(reconciliationJob(reconciliation, config.reconciliation.intervalMs));
  },
  { name: 'reconciliation', dependencies: ['db', 'services', 'jobs'] },
);
