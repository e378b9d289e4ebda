import { z } from 'zod';

/** The checks a reconciliation runs; each finding names one. */
export const RECONCILIATION_CHECKS = [
  'balance_vs_entries',
  'balance_vs_last_entry',
  'unbalanced_transfers',
  'transfers_without_entries',
  'negative_player_balances',
  'unsettled_originals_rounds',
  'open_provider_bets',
] as const;
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number];

export const reconciliationFindingSchema = z.object({
  check: z.enum(RECONCILIATION_CHECKS),
  /** Every offending row counts; `sample` carries the first of them. */
  count: z.number().int().min(0),
  sample: z.array(z.record(z.string(), z.string().nullable())),
});
export type ReconciliationFinding = z.infer<typeof reconciliationFindingSchema>;

export const reconciliationReportSchema = z.object({
  checkedAt: z.string(),
  /** Rounds and bets younger than this may still be waiting for their outcome and are not counted. */
  graceSeconds: z.number().int().min(0),
  accounts: z.number().int().min(0),
  discrepancies: z.number().int().min(0),
  /** Every check, in RECONCILIATION_CHECKS order, with what it found (count 0: nothing). */
  findings: z.array(reconciliationFindingSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationResponseSchema = z.object({ report: reconciliationReportSchema });
