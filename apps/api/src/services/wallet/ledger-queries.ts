import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@playhouse/db';
import type { LedgerAccountKind } from '@playhouse/db/schema';

/** Who owns an account: a player (main or bonus money) or the house side of a movement. */
export type AccountRef =
  | { userId: number; kind: Extract<LedgerAccountKind, 'main' | 'bonus'> }
  | { house: Exclude<LedgerAccountKind, 'main' | 'bonus'> };

export interface LockedAccount {
  id: number;
  userId: number | null;
  balance: bigint;
  allowNegative: boolean;
}

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Finds or creates an account (for a house ref: its sub-account `shard`); account rows are never deleted, so ids can be
 * cached by the caller.
 */
export async function ensureAccount(db: DbOrTx, ref: AccountRef, currency: string, shard = 0): Promise<number> {
  const isHouse = 'house' in ref;
  const kind = isHouse ? ref.house : ref.kind;
  const existing = rowsOf(
    await db.execute(
      isHouse
        ? sql`select id from ledger_accounts where user_id is null and kind = ${kind} and currency = ${currency} and shard = ${shard}`
        : sql`select id from ledger_accounts where user_id = ${ref.userId} and kind = ${kind} and currency = ${currency}`,
    ),
  );
  if (existing[0]) return Number(existing[0].id);
  const inserted = rowsOf(
    await db.execute(
      isHouse
        ? sql`insert into ledger_accounts (user_id, kind, currency, allow_negative, shard) values (null, ${kind}, ${currency}, true, ${shard})
              on conflict (kind, currency, shard) where user_id is null do nothing returning id`
        : sql`insert into ledger_accounts (user_id, kind, currency, allow_negative) values (${ref.userId}, ${kind}, ${currency}, false)
              on conflict (user_id, kind, currency) where user_id is not null do nothing returning id`,
    ),
  );
  if (inserted[0]) return Number(inserted[0].id);
  return ensureAccount(db, ref, currency, shard);
}

/**
 * Claims an idempotency key; null when the key is already taken (by a committed transfer). Also answers the id of the
 * (top-level) transaction it runs in, so the balance notification can wait for that transaction's commit.
 */
export async function insertTransfer(
  db: DbOrTx,
  values: {
    idempotencyKey: string;
    requestHash: string;
    kind: string;
    currency: string;
    metadata: Record<string, unknown>;
  },
): Promise<{ id: number; xid: string } | null> {
  const rows = rowsOf(
    await db.execute(sql`insert into ledger_transfers (idempotency_key, request_hash, kind, currency, metadata)
      values (${values.idempotencyKey}, ${values.requestHash}, ${values.kind}, ${values.currency}, ${JSON.stringify(values.metadata)}::jsonb)
      on conflict (idempotency_key) do nothing returning id, pg_current_xact_id()::text as xid`),
  );
  return rows[0] ? { id: Number(rows[0].id), xid: String(rows[0].xid) } : null;
}

export interface StoredTransfer {
  id: number;
  requestHash: string;
  kind: string;
  entries: { accountId: number; amount: bigint; balanceAfter: bigint }[];
}

export async function findTransferByKey(db: DbOrTx, idempotencyKey: string): Promise<StoredTransfer | null> {
  const rows = rowsOf(
    await db.execute(sql`select t.id, t.request_hash, t.kind, e.account_id, e.amount::text as amount, e.balance_after::text as balance_after
      from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      where t.idempotency_key = ${idempotencyKey} order by e.id`),
  );
  const first = rows[0];
  if (!first) return null;
  return {
    id: Number(first.id),
    requestHash: String(first.request_hash),
    kind: String(first.kind),
    entries: rows
      .filter((row) => row.account_id !== null)
      .map((row) => ({
        accountId: Number(row.account_id),
        amount: BigInt(String(row.amount)),
        balanceAfter: BigInt(String(row.balance_after)),
      })),
  };
}

/** Locks the accounts in id order (the one order every transfer uses, so two transfers never deadlock). */
export async function lockAccounts(db: DbOrTx, ids: number[]): Promise<Map<number, LockedAccount>> {
  if (ids.length === 0) return new Map();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = rowsOf(
    await db.execute(sql`select id, user_id, balance::text as balance, allow_negative from ledger_accounts
      where id in (${sql.join(
        sorted.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id for update`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        userId: row.user_id === null ? null : Number(row.user_id),
        balance: BigInt(String(row.balance)),
        allowNegative: Boolean(row.allow_negative),
      },
    ]),
  );
}

/** Writes the new balances and the entries of a transfer whose legs were already checked, in one statement. */
export async function writeEntries(
  db: DbOrTx,
  transferId: number,
  legs: { accountId: number; amount: bigint; balanceAfter: bigint }[],
): Promise<void> {
  const values = sql.join(
    legs.map(
      (leg) =>
        sql`(${leg.accountId}::bigint, ${leg.amount.toString()}::bigint, ${leg.balanceAfter.toString()}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`with v(id, amount, balance_after) as (values ${values}),
    updated as (update ledger_accounts a set balance = v.balance_after from v where a.id = v.id returning a.id)
    insert into ledger_entries (transfer_id, account_id, amount, balance_after)
    select ${transferId}, v.id, v.amount, v.balance_after from v join updated on updated.id = v.id`);
}

export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Where each transaction (by its full id) stands: 'committed', 'aborted' or 'in progress' (absent: too old to know). */
export async function committedTransactions(db: DbOrTx, xids: string[]): Promise<Map<string, string>> {
  const rows = rowsOf(
    await db.execute(
      sql`select x as xid, pg_xact_status(x::xid8) as status from unnest(${`{${xids.join(',')}}`}::text[]) as x`,
    ),
  );
  return new Map(rows.map((row) => [String(row.xid), String(row.status)]));
}

export interface AccountBalance {
  accountId: number;
  kind: LedgerAccountKind;
  currency: string;
  balance: bigint;
}

export async function playerAccounts(db: DbOrTx, userId: number): Promise<AccountBalance[]> {
  const rows = rowsOf(
    await db.execute(
      sql`select id, kind, currency, balance::text as balance from ledger_accounts where user_id = ${userId} order by id for update`,
    ),
  );
  return rows.map((row) => ({
    accountId: Number(row.id),
    kind: row.kind as LedgerAccountKind,
    currency: String(row.currency),
    balance: BigInt(String(row.balance)),
  }));
}

/** A house account's balance: the sum over its sub-accounts (shards). */
export async function houseBalance(db: DbOrTx, house: AccountRef & { house: string }, currency: string) {
  const rows = rowsOf(
    await db.execute(sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts
      where user_id is null and kind = ${house.house} and currency = ${currency}`),
  );
  return BigInt(String(rows[0]!.balance));
}
