import type { Db } from '@playhouse/db';
import { RECONCILIATION_CHECKS, type ReconciliationCheck, type ReconciliationReport } from '@playhouse/shared';
import type { Clock } from '../../lib/clock';
import { reconciliationDiscrepancies, reconciliationLastRun } from '../../lib/metrics';
import type { CheckResult } from '../../lib/sql-findings';
import {
  balancesNotMatchingEntries,
  balancesNotMatchingLastEntry,
  countAccounts,
  negativePlayerBalances,
  transfersWithoutEntries,
  unbalancedTransfers,
} from '../wallet/ledger-check-queries';
import { openProviderBets, unsettledOriginalsRounds } from './reconciliation-queries';

export interface ReconciliationLog {
  error(details: Record<string, unknown>, message: string): void;
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

/**
 * Proves the books from the database alone: every account's balance is the sum of its entries (and its latest entry's
 * balance), every transfer sums to zero, and no Originals round or provider bet waits for its outcome beyond the grace
 * period. Each finding is logged as an error and exported as the playhouse_reconciliation_discrepancies gauge.
 */
export function createReconciliationService({
  db,
  clock,
  log,
  graceMs,
}: {
  db: Db;
  clock: Clock;
  log: ReconciliationLog;
  graceMs: number;
}) {
  return {
    async run(): Promise<ReconciliationReport> {
      const now = clock.now();
      const before = new Date(now.getTime() - graceMs);
      // Read in one repeatable-read snapshot, so money moving meanwhile cannot look like a discrepancy.
      const { accounts, results } = await db.transaction(
        async (tx) => {
          const checks: Record<ReconciliationCheck, () => Promise<CheckResult>> = {
            balance_vs_entries: () => balancesNotMatchingEntries(tx),
            balance_vs_last_entry: () => balancesNotMatchingLastEntry(tx),
            unbalanced_transfers: () => unbalancedTransfers(tx),
            transfers_without_entries: () => transfersWithoutEntries(tx),
            negative_player_balances: () => negativePlayerBalances(tx),
            unsettled_originals_rounds: () => unsettledOriginalsRounds(tx, before),
            open_provider_bets: () => openProviderBets(tx, before),
          };
          const results = new Map<ReconciliationCheck, CheckResult>();
          for (const name of RECONCILIATION_CHECKS) results.set(name, await checks[name]());
          return { accounts: await countAccounts(tx), results };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const findings = RECONCILIATION_CHECKS.map((check) => ({ check, ...results.get(check)! }));
      for (const finding of findings) {
        reconciliationDiscrepancies.set({ check: finding.check }, finding.count);
        if (finding.count > 0) {
          log.error(
            { check: finding.check, count: finding.count, sample: finding.sample.slice(0, 5) },
            'reconciliation found a discrepancy',
          );
        }
      }
      reconciliationLastRun.set(clock.now().getTime() / 1000);
      return {
        checkedAt: now.toISOString(),
        graceSeconds: Math.floor(graceMs / 1000),
        accounts,
        discrepancies: findings.reduce((sum, finding) => sum + finding.count, 0),
        findings,
      };
    },
  };
}
