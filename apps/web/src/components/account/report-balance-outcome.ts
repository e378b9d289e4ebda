import { fetchInitialBalance } from '@/store/balance-thunks';

/**
 * Logs why the initial balance request failed (for an ended session, SPEC.md §8's "Fetch initial balance -
 * unauthorized!"). A request skipped because one was already fired is not a failure.
 */
export function reportBalanceOutcome(action: { type: string; meta?: unknown; error?: unknown }) {
  if (!fetchInitialBalance.rejected.match(action) || action.meta.condition) return;
  console.warn(action.error.message);
}
