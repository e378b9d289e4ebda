import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import { z } from 'zod';
import { rowsOf } from '../../lib/sql-rows';

/** A finding: the first rows of what one check found (values as text), and how many there are in all. */
export interface CheckResult {
  count: number;
  sample: Record<string, string | null>[];
}

/** A finding's row: what the check selected (any columns), and how many rows it found in all. */
const foundRow = z.looseObject({ found_count: z.coerce.number() });

/** How many offending rows a finding carries (the count is always complete). */
const SAMPLE = 20;

async function check(db: DbOrTx, query: ReturnType<typeof sql>): Promise<CheckResult> {
  const rows = rowsOf(
    await db.execute(
      sql`with found as (${query})
          select (select count(*) from found)::int as found_count, found.* from found limit ${SAMPLE}`,
    ),
    foundRow,
  );
  return {
    count: rows[0]?.found_count ?? 0,
    // bigint columns arrive as numbers from PGlite and as strings from node-postgres: text from both.
    sample: rows.map(({ found_count: _count, ...row }) =>
      Object.fromEntries(Object.entries(row).map(([name, value]) => [name, value === null ? null : String(value)])),
    ),
  };
}

/** Accounts whose balance is not the sum of their entries (a balance changed without a transfer). */
export function balancesNotMatchingEntries(db: DbOrTx) {
  return check(
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
  return check(
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
  return check(
    db,
    sql`select transfer_id, sum(amount)::text as total from ledger_entries group by transfer_id having sum(amount) <> 0`,
  );
}

/** Transfers that moved nothing: a key claimed whose entries are missing. */
export function transfersWithoutEntries(db: DbOrTx) {
  return check(
    db,
    sql`select t.id as transfer_id, t.kind, t.idempotency_key from ledger_transfers t
        where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
  );
}

/** Player accounts below zero (the CHECK constraint forbids it; this catches a constraint dropped by hand). */
export function negativePlayerBalances(db: DbOrTx) {
  return check(
    db,
    sql`select id as account_id, user_id, kind, balance::text as balance from ledger_accounts
        where user_id is not null and balance < 0`,
  );
}

/** Real-money Originals rounds older than the cutoff whose outcome never reached the wallet (or whose bet's fate). */
export function unsettledOriginalsRounds(db: DbOrTx, before: Date) {
  return check(
    db,
    sql`select id as round_id, status, wallet_round_id, currency, bet::text as bet, payout::text as payout, attempts,
          created_at::text as created_at
        from originals_rounds
        where mode = 'real' and status in ('placed', 'open', 'accepted') and created_at < ${before.toISOString()}
        order by id`,
  );
}

/**
 * Provider bets older than the cutoff that the wallet took and that no win of their round and no rollback ever
 * followed: a round every seamless-wallet provider must close (with a win, zero for a loss, or a rollback).
 */
export function openProviderBets(db: DbOrTx, before: Date) {
  return check(
    db,
    sql`select b.id, b.provider, b.transaction_id, b.round_id, b.user_id, b.amount::text as amount, b.currency,
          b.created_at::text as created_at
        from provider_transactions b
        where b.type = 'bet' and b.status = 'ok' and b.created_at < ${before.toISOString()}
          and not exists (select 1 from provider_transactions w where w.provider = b.provider
            and w.round_id = b.round_id and w.user_id = b.user_id and w.type = 'win' and w.status = 'ok')
          and not exists (select 1 from provider_transactions r where r.provider = b.provider
            and r.reference_transaction_id = b.transaction_id and r.type = 'rollback' and r.status = 'ok')
        order by b.id`,
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
