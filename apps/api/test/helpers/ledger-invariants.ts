import { sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The ledger's invariants; each returns the offending rows, so an empty list means the ledger is sound. */
export async function ledgerViolations(db: Db) {
  return {
    unbalancedTransfers: await rows(
      db,
      sql`select transfer_id, sum(amount)::text as total from ledger_entries group by transfer_id having sum(amount) <> 0`,
    ),
    negativePlayerBalances: await rows(
      db,
      sql`select id, balance::text as balance from ledger_accounts where user_id is not null and balance < 0`,
    ),
    balancesNotMatchingEntries: await rows(
      db,
      sql`select a.id, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
    ),
    lastBalanceAfterMismatch: await rows(
      db,
      sql`select a.id from ledger_accounts a join lateral (
            select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1
          ) last on true where last.balance_after <> a.balance`,
    ),
    transfersWithoutEntries: await rows(
      db,
      sql`select t.id from ledger_transfers t where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
    ),
  };
}

export const NO_VIOLATIONS = {
  unbalancedTransfers: [],
  negativePlayerBalances: [],
  balancesNotMatchingEntries: [],
  lastBalanceAfterMismatch: [],
  transfersWithoutEntries: [],
};

export async function insertPlayer(db: Db, name: string, currency = 'EUR'): Promise<number> {
  const [row] = await rows(
    db,
    sql`insert into users (email, username, password_hash, currency) values (${`${name}@example.test`}, ${name}, 'x', ${currency}) returning id`,
  );
  return Number(row!.id);
}
