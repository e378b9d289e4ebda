import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { z } from 'zod';
import { findings } from '../../lib/sql-findings';
import { rowsOf } from '../../lib/sql-rows';

/* The ledger's own consistency checks, which the reconciliation runs beside those of the other domains. */

/** Accounts whose balance is not the sum of their entries (a balance changed without a transfer). */
export function balancesNotMatchingEntries(db: DbOrTx) {
  return findings(
    db,
    sql`select a.id as account_id, a.user_id, a.kind, a.currency, a.balance::text as balance,
          coalesce(e.total, 0)::text as entries
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e
          on e.account_id = a.id
        where a.balance <> coalesce(e.total, 0)`,
  );
}

/** Accounts whose balance is not what their latest entry says it became. */
export function balancesNotMatchingLastEntry(db: DbOrTx) {
  return findings(
    db,
    sql`select a.id as account_id, a.balance::text as balance, last.balance_after::text as balance_after
        from ledger_accounts a
        join lateral (
          select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1
        ) last on true
        where last.balance_after <> a.balance`,
  );
}

/** Transfers whose entries do not sum to zero: money created or destroyed. */
export function unbalancedTransfers(db: DbOrTx) {
  return findings(
    db,
    sql`select transfer_id, sum(amount)::text as total from ledger_entries group by transfer_id having sum(amount) <> 0`,
  );
}

/** Transfers that moved nothing: a key claimed whose entries are missing. */
export function transfersWithoutEntries(db: DbOrTx) {
  return findings(
    db,
    sql`select t.id as transfer_id, t.kind, t.idempotency_key from ledger_transfers t
        where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
  );
}

/** Player accounts below zero (the CHECK constraint forbids it; this catches a constraint dropped by hand). */
export function negativePlayerBalances(db: DbOrTx) {
  return findings(
    db,
    sql`select id as account_id, user_id, kind, balance::text as balance from ledger_accounts
        where user_id is not null and balance < 0`,
  );
}

/** Accounts the ledger holds, for the report. */
export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`select count(*)::int as n from ledger_accounts`),
    z.object({ n: z.coerce.number() }),
  );
  return row?.n ?? 0;
}
