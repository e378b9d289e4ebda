import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The api's Prometheus figures (prom-client). One registry per process: an api process is one app, and the figures
 * are the process's, as Prometheus expects from each scraped instance. The api serves them on its own metrics port
 * (METRICS_PORT, plugins/app/metrics.ts), never on the public /spa listener.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'playhouse_http_requests_total',
  help: 'Requests answered by the api, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'playhouse_http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const ledgerTransfers = new Counter({
  name: 'playhouse_ledger_transfers_total',
  help: 'Ledger transfers written by this process, by kind (a replayed idempotency key is not counted again)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const ledgerTransferBatches = new Histogram({
  name: 'playhouse_ledger_transfer_batch_size',
  help: 'Calls of ledger_transfer_batch sent by this process (two or more transfers on the pool asked for in one turn), by transfers per call',
  buckets: [2, 4, 8, 16, 32, 64],
  registers: [metricsRegistry],
});

export const ledgerTransferBatchFallbacks = new Counter({
  name: 'playhouse_ledger_transfer_batch_fallbacks_total',
  help: 'Calls of ledger_transfer_batch that failed, whose transfers were then run one by one through ledger_transfer',
  registers: [metricsRegistry],
});

export const sportsPlaceBatches = new Histogram({
  name: 'playhouse_sports_place_batch_size',
  help: 'Calls of sports_place_bets sent by this process (two or more placements in one statement decided in one turn), by placements per call',
  buckets: [2, 4, 8, 16, 32, 64],
  registers: [metricsRegistry],
});

export const sportsPlaceBatchFallbacks = new Counter({
  name: 'playhouse_sports_place_batch_fallbacks_total',
  help: 'Calls of sports_place_bets that failed, whose placements were then run one by one through sports_place_bet',
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'playhouse_job_runs_total',
  help: 'Background job runs, by job and outcome (ok, failed, or skipped because another instance held its lock)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'playhouse_job_duration_seconds',
  help: 'How long background job runs took, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [metricsRegistry],
});

export const reconciliationDiscrepancies = new Gauge({
  name: 'playhouse_reconciliation_discrepancies',
  help: 'What the latest reconciliation found, by check (0 everywhere means the books agree)',
  labelNames: ['check'] as const,
  registers: [metricsRegistry],
});

export const reconciliationLastRun = new Gauge({
  name: 'playhouse_reconciliation_last_run_timestamp_seconds',
  help: 'When the latest reconciliation finished (Unix time)',
  registers: [metricsRegistry],
});
