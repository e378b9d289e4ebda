import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@playhouse/db';
import { LEDGER_ACCOUNT_KINDS, type LedgerAccountKind } from '@playhouse/db/schema';
import { TRANSFER_KINDS, type TransferKind } from '@playhouse/shared';
import { z } from 'zod';
import { resultColumn, resultText, rowsOf } from '../../lib/sql-rows';

/** Who owns an account: a player (main or bonus money) or the house side of a movement. */
export type AccountRef =
  | { userId: number; kind: Extract<LedgerAccountKind, 'main' | 'bonus'> }
  | { house: Exclude<LedgerAccountKind, 'main' | 'bonus'> };

/*
 * Raw statements answer through the one rowsOf, each row checked against its shape: bigint and numeric columns come as
 * numbers from PGlite and as strings from node-postgres, so ids are coerced and sums are read as text.
 */
const idRow = z.object({ id: z.coerce.number() });
const accountKind = z.enum(LEDGER_ACCOUNT_KINDS);
const minor = z.coerce.string().transform((value) => BigInt(value));
const transferRow = z.object({
  outcome: z.string(),
  transfer_id: z.coerce.number().nullable(),
  account_id: z.coerce.number().nullable(),
  user_id: z.coerce.number().nullable(),
  amount: minor.nullable(),
  balance_after: minor.nullable(),
  xid: z.coerce.string().nullable(),
});

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
    idRow,
  );
  if (existing[0]) return existing[0].id;
  const inserted = rowsOf(
    await db.execute(
      isHouse
        ? sql`insert into ledger_accounts (user_id, kind, currency, allow_negative, shard) values (null, ${kind}, ${currency}, true, ${shard})
              on conflict (kind, currency, shard) where user_id is null do nothing returning id`
        : sql`insert into ledger_accounts (user_id, kind, currency, allow_negative) values (${ref.userId}, ${kind}, ${currency}, false)
              on conflict (user_id, kind, currency) where user_id is not null do nothing returning id`,
    ),
    idRow,
  );
  if (inserted[0]) return inserted[0].id;
  return ensureAccount(db, ref, currency, shard);
}

/** One leg of a transfer as the `ledger_transfer` function takes it: a player's account, or a house sub-account. */
export interface TransferLegRow {
  userId: number | null;
  kind: LedgerAccountKind;
  shard: number;
  amount: bigint;
}

export interface TransferEntry {
  accountId: number;
  userId: number | null;
  amount: bigint;
  balanceAfter: bigint;
}

/** What `ledger_transfer` answered, as far as whoever ran it needs to know (the wallet's `ranInside`). */
export type TransferAnswer =
  | { outcome: 'applied'; transferId: number; xid: string }
  | { outcome: 'replayed'; transferId: number }
  | TransferRefusal;

/** `ledger_transfer` refused: the key was used for another request, or a player's account would go below zero. */
export type TransferRefusal = { outcome: 'conflict' } | { outcome: 'insufficient'; accountId: number; balance: bigint };

/** What `ledger_transfer` answered, with the entries of the transfer it made or found. */
export type TransferOutcome =
  | (Extract<TransferAnswer, { outcome: 'applied' }> & { entries: TransferEntry[] })
  | (Extract<TransferAnswer, { outcome: 'replayed' }> & { entries: TransferEntry[] })
  | TransferRefusal;

/** A transfer as `ledger_transfer` takes it (the wallet's `prepare`). */
export interface PreparedTransfer {
  idempotencyKey: string;
  requestHash: string;
  kind: TransferKind;
  currency: string;
  metadata: Record<string, unknown>;
  legs: TransferLegRow[];
}

/**
 * A prepared transfer as the named values of a prepared statement that pays through `ledger_transfer`: the wallet's
 * own call (`transferOnPool`) and the domains' statements that run it inside theirs (`sports_place_bet`,
 * `sports_cash_out`). Each statement's SQL names them in its own order.
 */
export function transferArguments(transfer: PreparedTransfer) {
  const { legs } = transfer;
  return {
    transferKey: transfer.idempotencyKey,
    transferHash: transfer.requestHash,
    transferKind: transfer.kind,
    currency: transfer.currency,
    metadata: JSON.stringify(transfer.metadata),
    users: legs.map((leg) => leg.userId),
    kinds: legs.map((leg) => leg.kind),
    shards: legs.map((leg) => leg.shard),
    amounts: legs.map((leg) => leg.amount.toString()),
  };
}

/** A Postgres array literal of values that need no quoting (numbers, snake_case kinds, null). */
const arrayLiteral = (values: (string | number | bigint | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;

/** Runs one transfer through `ledger_transfer` (migration 0020): one statement, one round trip. */
export async function runTransfer(db: DbOrTx, request: PreparedTransfer): Promise<TransferOutcome> {
  const { legs } = request;
  return outcomeOf(
    rowsOf(
      await db.execute(sql`select outcome, transfer_id, account_id, user_id, amount::text as amount,
          balance_after::text as balance_after, xid
        from ledger_transfer(${request.idempotencyKey}, ${request.requestHash}, ${request.kind}, ${request.currency},
          ${JSON.stringify(request.metadata)}::jsonb, ${arrayLiteral(legs.map((leg) => leg.userId))}::bigint[],
          ${arrayLiteral(legs.map((leg) => leg.kind))}::text[], ${arrayLiteral(legs.map((leg) => leg.shard))}::integer[],
          ${arrayLiteral(legs.map((leg) => leg.amount))}::bigint[])`),
      transferRow,
    ),
  );
}

/** The columns of `ledger_transfer`'s rows as a prepared select reads them (`ledger_transfer_batch` adds an ordinal). */
const transferResultColumns = () => ({
  outcome: resultColumn<string>('outcome'),
  transfer_id: resultText('transfer_id'),
  account_id: resultText('account_id'),
  user_id: resultText('user_id'),
  amount: resultText('amount'),
  balance_after: resultText('balance_after'),
  xid: resultColumn('xid'),
});

/**
 * `runTransfer` for a transfer that is its own transaction, as a named prepared statement on the pool: built once per
 * wallet service, so neither drizzle nor PostgreSQL builds or plans the call again (node-postgres prepares it once per
 * connection). Bigints come back as text, so both drivers answer alike.
 */
export function transferOnPool(db: Db): (request: PreparedTransfer) => Promise<TransferOutcome> {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select(transferResultColumns())
    .from(
      sql`ledger_transfer(${p('transferKey')}, ${p('transferHash')}, ${p('transferKind')}, ${p('currency')}, ${p('metadata')}::jsonb,
        ${p('users')}::bigint[], ${p('kinds')}::text[], ${p('shards')}::integer[], ${p('amounts')}::bigint[]) as r`,
    )
    .prepare('wallet_ledger_transfer');
  return async (request) => {
    const rows = await query.execute(transferArguments(request));
    return outcomeOf(rows.map((row) => transferRow.parse(row)));
  };
}

const batchRow = transferRow.extend({ ordinal: z.coerce.number() });

/**
 * Several transfers that are their own transaction, sent together as one call of `ledger_transfer_batch` (migration
 * 0045), a named prepared statement like `transferOnPool`: one transaction and one set of statements for all of them,
 * each applied or refused as `ledger_transfer` would have, one after another in the order given. Answers each one's
 * outcome in that order. Throws when the call fails; nothing of the batch was written then.
 */
export function transferBatchOnPool(db: Db): (requests: PreparedTransfer[]) => Promise<TransferOutcome[]> {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select({ ordinal: resultColumn<number>('ordinal'), ...transferResultColumns() })
    .from(
      sql`ledger_transfer_batch(${p('keys')}::text[], ${p('hashes')}::text[], ${p('kinds')}::text[],
        ${p('currencies')}::text[], ${p('metadata')}::jsonb, ${p('legTransfers')}::integer[], ${p('users')}::bigint[],
        ${p('legKinds')}::text[], ${p('shards')}::integer[], ${p('amounts')}::bigint[]) as r`,
    )
    .prepare('wallet_ledger_transfer_batch');
  return async (requests) => {
    const legs = requests.flatMap((request, index) => request.legs.map((leg) => ({ ...leg, transfer: index + 1 })));
    const rows = await query.execute({
      keys: requests.map((request) => request.idempotencyKey),
      hashes: requests.map((request) => request.requestHash),
      kinds: requests.map((request) => request.kind),
      currencies: requests.map((request) => request.currency),
      metadata: JSON.stringify(requests.map((request) => request.metadata)),
      legTransfers: legs.map((leg) => leg.transfer),
      users: legs.map((leg) => leg.userId),
      legKinds: legs.map((leg) => leg.kind),
      shards: legs.map((leg) => leg.shard),
      amounts: legs.map((leg) => leg.amount.toString()),
    });
    const answers = requests.map((): z.infer<typeof transferRow>[] => []);
    for (const row of rows) {
      const { ordinal, ...answer } = batchRow.parse(row);
      const rowsOfTransfer = answers[ordinal - 1];
      if (!rowsOfTransfer)
        throw new Error(`ledger_transfer_batch answered for transfer ${ordinal} of ${requests.length}`);
      rowsOfTransfer.push(answer);
    }
    return answers.map((rowsOfTransfer) => outcomeOf(rowsOfTransfer));
  };
}

/** What `ledger_transfer`'s rows say: the outcome, with the entries of the transfer it made or found. */
function outcomeOf(rows: z.infer<typeof transferRow>[]): TransferOutcome {
  const first = rows[0];
  if (!first) throw new Error('ledger_transfer answered nothing');
  const { outcome } = first;
  if (outcome === 'conflict') return { outcome };
  if (outcome === 'insufficient') {
    return { outcome, accountId: Number(first.account_id), balance: first.balance_after ?? 0n };
  }
  const entries = rows.flatMap((row) =>
    row.account_id === null
      ? []
      : [
          {
            accountId: row.account_id,
            userId: row.user_id,
            amount: row.amount ?? 0n,
            balanceAfter: row.balance_after ?? 0n,
          },
        ],
  );
  const transferId = Number(first.transfer_id);
  if (outcome === 'applied') return { outcome, transferId, xid: String(first.xid), entries };
  if (outcome === 'replayed') return { outcome, transferId, entries };
  throw new Error(`ledger_transfer answered ${outcome}`);
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
    z.object({ xid: z.coerce.string(), status: z.coerce.string() }),
  );
  return new Map(rows.map((row) => [row.xid, row.status]));
}

export interface AccountBalance {
  accountId: number;
  kind: LedgerAccountKind;
  currency: string;
  balance: bigint;
}

/** A player's accounts, locked for the caller's transaction unless only looked at (`lock: false`, a preview). */
export async function playerAccounts(db: DbOrTx, userId: number, lock = true): Promise<AccountBalance[]> {
  const rows = rowsOf(
    await db.execute(
      sql`select id, kind, currency, balance::text as balance from ledger_accounts where user_id = ${userId} order by id ${lock ? sql`for update` : sql``}`,
    ),
    z.object({ id: z.coerce.number(), kind: accountKind, currency: z.string(), balance: minor }),
  );
  return rows.map((row) => ({ accountId: row.id, kind: row.kind, currency: row.currency, balance: row.balance }));
}

/** A house account's balance: the sum over its sub-accounts (shards). */
export async function houseBalance(db: DbOrTx, house: AccountRef & { house: string }, currency: string) {
  const rows = rowsOf(
    await db.execute(sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts
      where user_id is null and kind = ${house.house} and currency = ${currency}`),
    z.object({ balance: minor }),
  );
  return rows[0]?.balance ?? 0n;
}

/** One entry of a transfer as its owner sees it: a player's main or bonus money, or a house account. */
export interface KeyedEntry {
  /** The idempotency key of the entry's transfer. */
  key: string;
  userId: number | null;
  kind: LedgerAccountKind;
  amount: bigint;
}

/** The entries of the transfers with these idempotency keys (keys never applied have none). */
export async function entriesOfTransfers(db: DbOrTx, idempotencyKeys: string[]): Promise<KeyedEntry[]> {
  if (idempotencyKeys.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`select t.idempotency_key, a.user_id, a.kind, e.amount::text as amount
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where t.idempotency_key in ${sql`(${sql.join(
        idempotencyKeys.map((key) => sql`${key}`),
        sql`, `,
      )})`}
      order by e.id`),
    z.object({
      idempotency_key: z.string(),
      user_id: z.coerce.number().nullable(),
      kind: accountKind,
      amount: minor,
    }),
  );
  return rows.map((row) => ({ key: row.idempotency_key, userId: row.user_id, kind: row.kind, amount: row.amount }));
}

/** A transfer that moved a player's money, with what it did to each of the player's accounts (minor units). */
export interface PlayerTransfer {
  id: number;
  kind: TransferKind;
  currency: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
  /** The player's side only: main and bonus, signed (a stake is negative). */
  main: bigint;
  bonus: bigint;
}

/**
 * The transfers of `kinds` that moved `userId`'s money and whose metadata has every pair of `match` (a bet's id, a
 * round's provider and id), oldest first: what a receipt of that bet or round states.
 */
export async function playerTransfersMatching(
  db: DbOrTx,
  userId: number,
  kinds: readonly string[],
  match: Record<string, string>,
): Promise<PlayerTransfer[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select t.id, t.kind, t.currency, t.metadata, t.created_at,
             coalesce(sum(e.amount) filter (where a.kind = 'main'), 0)::text as main,
             coalesce(sum(e.amount) filter (where a.kind = 'bonus'), 0)::text as bonus
        from ledger_transfers t
        join ledger_entries e on e.transfer_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.user_id = ${userId}
       where t.kind in (${sql.join(
         kinds.map((kind) => sql`${kind}`),
         sql`, `,
       )})
         and t.metadata @> ${JSON.stringify(match)}::jsonb
       group by t.id
       order by t.id`),
    z.object({
      id: z.coerce.number(),
      kind: z.enum(TRANSFER_KINDS),
      currency: z.string(),
      metadata: z.record(z.string(), z.unknown()),
      created_at: z.coerce.date(),
      main: minor,
      bonus: minor,
    }),
  );
  return rows.map(({ created_at: createdAt, ...row }) => ({ ...row, createdAt }));
}
