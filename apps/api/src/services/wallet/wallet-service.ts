import { createHash } from 'node:crypto';
import type { Db, Tx } from '@playhouse/db';
import type { TransferKind } from '@playhouse/shared';
import { HOUSE_SHARDS } from '@playhouse/db/schema';
import { ledgerTransferBatchFallbacks, ledgerTransferBatches, ledgerTransfers } from '../../lib/metrics';
import {
  ensureAccount,
  houseBalance,
  playerAccounts,
  runTransfer,
  transferBatchOnPool,
  transferOnPool,
  type AccountBalance,
  type AccountRef,
  type PreparedTransfer,
  type TransferLegRow,
  type TransferAnswer,
  type TransferRefusal,
} from './ledger-queries';
import { balanceNoticesFor, type BalanceNotices } from './balance-notices';
import { groupCommit } from '../../lib/group-commit';
import { IdempotencyConflictError, InsufficientFundsError, UnbalancedTransferError } from './wallet-errors';

// The ledger reads other domains make inside their own transactions; the rest of ledger-queries.ts is the wallet's.
export {
  ensureAccount,
  entriesOfTransfers,
  houseBalance,
  playerAccounts,
  transferArguments,
  type AccountBalance,
  type KeyedEntry,
  type PreparedTransfer,
  type TransferAnswer,
  type TransferRefusal,
} from './ledger-queries';

export type { TransferKind };

export interface TransferLeg {
  account: AccountRef;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface TransferRequest {
  idempotencyKey: string;
  kind: TransferKind;
  currency: string;
  legs: TransferLeg[];
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  /** True when the key had already been applied: nothing moved this time. */
  replayed: boolean;
  /** Balance after the transfer, per account id touched. */
  balances: Map<number, bigint>;
  accountIds: number[];
}

export { BALANCE_CHANNEL } from './balance-notices';

export type WalletService = ReturnType<typeof createWalletService>;

/** The most transfers one call of ledger_transfer_batch carries. */
export const TRANSFER_BATCH_SIZE = 64;

export function createWalletService({
  db,
  notices = balanceNoticesFor(db),
  batchSize = TRANSFER_BATCH_SIZE,
}: {
  db: Db;
  notices?: BalanceNotices;
  /** The most transfers on the pool that go to the database as one call. */
  batchSize?: number;
}) {
  const accountIds = new Map<string, number>();
  // Transfers that are their own transaction go out together per turn of the event loop, as one named prepared call
  // (built once here) of ledger_transfer_batch; a failed call's transfers run alone through ledger_transfer.
  const onPool = groupCommit({
    runBatch: transferBatchOnPool(db),
    runOne: transferOnPool(db),
    maxSize: batchSize,
    metrics: { sizes: ledgerTransferBatches, fallbacks: ledgerTransferBatchFallbacks },
  });

  /**
   * The ledger account of a ref. Only ids read or created outside any transaction are cached: inside a caller's
   * transaction the row may be one that transaction created and later rolls back, and a cached id of a row that was
   * never committed would make a later transfer skip its leg.
   */
  async function accountId(ref: AccountRef, currency: string, tx?: Tx, shard = 0) {
    const key = 'house' in ref ? `house:${ref.house}:${currency}:${shard}` : `${ref.userId}:${ref.kind}:${currency}`;
    const cached = accountIds.get(key);
    if (cached !== undefined) return cached;
    if (tx) return ensureAccount(tx, ref, currency, shard);
    const id = await ensureAccount(db, ref, currency, shard);
    accountIds.set(key, id);
    return id;
  }

  function describe(request: TransferRequest): string {
    const legs = request.legs
      .map((leg) => [
        'house' in leg.account ? `house:${leg.account.house}` : `${leg.account.userId}:${leg.account.kind}`,
        leg.amount.toString(),
      ])
      .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
    return createHash('sha256')
      .update(JSON.stringify([request.kind, request.currency, legs]))
      .digest('hex');
  }

  /**
   * The house sub-account a transfer uses: the player's own (user id modulo the shard count; the player's row already
   * serialises their transfers, so this adds no wait of its own), a random one for a transfer between house accounts.
   */
  function houseShard(request: TransferRequest): number {
    const player = request.legs.find((leg) => 'userId' in leg.account)?.account;
    return player && 'userId' in player ? player.userId % HOUSE_SHARDS : Math.floor(Math.random() * HOUSE_SHARDS);
  }

  /**
   * A transfer as `ledger_transfer` takes it: checked to balance, its house legs on the player's sub-account, legs on
   * one account merged, the request's fingerprint made. `transfer` runs it; a domain's own database function may run
   * it inside its statement (the sports cash out) and hand its answer to `ranInside`.
   */
  function prepare(request: TransferRequest): PreparedTransfer {
    const total = request.legs.reduce((sum, leg) => sum + leg.amount, 0n);
    if (total !== 0n || request.legs.length < 2 || request.legs.some((leg) => leg.amount === 0n)) {
      throw new UnbalancedTransferError();
    }
    const shard = houseShard(request);
    const merged = new Map<string, TransferLegRow>();
    for (const { account, amount } of request.legs) {
      const row: TransferLegRow =
        'house' in account
          ? { userId: null, kind: account.house, shard, amount }
          : { userId: account.userId, kind: account.kind, shard: 0, amount };
      const key = `${row.userId}:${row.kind}`;
      const seen = merged.get(key);
      merged.set(key, seen ? { ...seen, amount: seen.amount + amount } : row);
    }
    return {
      idempotencyKey: request.idempotencyKey,
      requestHash: describe(request),
      kind: request.kind,
      currency: request.currency,
      metadata: request.metadata ?? {},
      legs: [...merged.values()].filter((leg) => leg.amount !== 0n),
    };
  }

  /**
   * What follows a transfer's statement, wherever it ran: a refusal thrown (insufficient funds, a reused key); an
   * applied transfer counted and its players announced once the transaction that holds it has committed.
   */
  function ranInside(prepared: PreparedTransfer, answer: TransferRefusal): never;
  function ranInside(prepared: PreparedTransfer, answer: TransferAnswer): void;
  function ranInside(prepared: PreparedTransfer, answer: TransferAnswer): void {
    if (answer.outcome === 'insufficient') throw new InsufficientFundsError(answer.accountId, answer.balance);
    if (answer.outcome === 'conflict') throw new IdempotencyConflictError();
    if (answer.outcome !== 'applied') return;
    ledgerTransfers.inc({ kind: prepared.kind });
    // Every leg is written as an entry, so the legs name the players it touched.
    const playerIds = new Set(prepared.legs.flatMap((leg) => (leg.userId === null ? [] : [leg.userId])));
    if (playerIds.size > 0) notices.note(answer.xid, playerIds);
  }

  /**
   * Moves money as one double-entry transfer, in ONE statement (the `ledger_transfer` function, one round trip): the
   * idempotency key is looked up first, so a retry or a racing duplicate answers the original result instead of moving
   * money twice, and a key reused for another request is refused; the accounts are locked players first, then house,
   * each in id order (the one lock order every transfer takes: no deadlocks), the players' balances checked, the key
   * claimed and the entries written. Without `tx` the transfer is its own transaction, shared with the other transfers
   * asked for on the pool in the same turn (one call of `ledger_transfer_batch`, which decides each as
   * `ledger_transfer` would one after another; the answer comes once that transaction committed); given the caller's
   * transaction it commits with the caller's other writes. A refusal (insufficient funds, a reused key) writes
   * nothing, so the caller may still record it and commit.
   */
  async function transfer(request: TransferRequest, tx?: Tx): Promise<TransferResult> {
    const prepared = prepare(request);
    const outcome = tx ? await runTransfer(tx, prepared) : await onPool(prepared);
    // A refusal throws; an applied transfer is counted and announced.
    if (outcome.outcome === 'conflict' || outcome.outcome === 'insufficient') return ranInside(prepared, outcome);
    ranInside(prepared, outcome);
    const { entries } = outcome;
    return {
      transferId: outcome.transferId,
      replayed: outcome.outcome === 'replayed',
      balances: new Map(entries.map((entry) => [entry.accountId, entry.balanceAfter])),
      accountIds: entries.map((entry) => entry.accountId),
    };
  }

  /**
   * The player's main and bonus balances in a currency (zero when the account does not exist yet). Inside the caller's
   * transaction `tx` the player's account rows are locked until it ends, unless `lock` is false (a preview's look).
   */
  async function balances(
    userId: number,
    currency: string,
    tx?: Tx,
    options: { lock: boolean } = { lock: true },
  ): Promise<{ main: bigint; bonus: bigint }> {
    const accounts = await playerAccounts(tx ?? db, userId, options.lock);
    const find = (kind: AccountBalance['kind']) =>
      accounts.find((account) => account.kind === kind && account.currency === currency)?.balance ?? 0n;
    return { main: find('main'), bonus: find('bonus') };
  }

  return {
    transfer,
    prepare,
    ranInside,
    balances,
    /** The ledger account of a ref; inside the caller's transaction `tx`, the account it may have just created. */
    accountId: (ref: AccountRef, currency: string, tx?: Tx) => accountId(ref, currency, tx),
    /** A house account's balance in a currency: the sum of its sub-accounts. */
    houseBalance: (house: Extract<AccountRef, { house: string }>, currency: string, tx?: Tx) =>
      houseBalance(tx ?? db, house, currency),
  };
}
