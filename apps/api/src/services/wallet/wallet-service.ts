import { createHash } from 'node:crypto';
import type { Db, Tx } from '@playhouse/db';
import {
  ensureAccount,
  findTransferByKey,
  insertTransfer,
  lockAccounts,
  notifyBalances,
  playerAccounts,
  writeEntries,
  type AccountBalance,
  type AccountRef,
} from './ledger-queries';
import { IdempotencyConflictError, InsufficientFundsError, UnbalancedTransferError } from './wallet-errors';

// The ledger reads other domains make inside their own transactions; the rest of ledger-queries.ts is the wallet's.
export { ensureAccount, playerAccounts, type AccountBalance } from './ledger-queries';

/** Every kind of money movement the operator makes; the ledger refuses any other. */
export const TRANSFER_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_rejected',
  'casino_bet',
  'casino_win',
  'casino_rollback',
  'bonus_grant',
  'bonus_conversion',
  'bonus_forfeit',
  'sports_stake',
  'sports_payout',
  'sports_void',
  'manual_adjustment',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

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

/** Published on this PostgreSQL channel after every transfer that touches a player: `{ userIds: number[] }`. */
export const BALANCE_CHANNEL = 'balance_changed';

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService({ db }: { db: Db }) {
  const accountIds = new Map<string, number>();

  /**
   * The ledger account of a ref. Only ids read or created outside any transaction are cached: inside a caller's
   * transaction the row may be one that transaction created and later rolls back, and a cached id of a row that was
   * never committed would make a later transfer skip its leg.
   */
  async function accountId(ref: AccountRef, currency: string, tx?: Tx) {
    const key = 'house' in ref ? `house:${ref.house}:${currency}` : `${ref.userId}:${ref.kind}:${currency}`;
    const cached = accountIds.get(key);
    if (cached !== undefined) return cached;
    if (tx) return ensureAccount(tx, ref, currency);
    const id = await ensureAccount(db, ref, currency);
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
   * Moves money as one double-entry transfer in one transaction. The idempotency key is claimed first, so a retry or a
   * racing duplicate returns the original result instead of moving money twice. Given the caller's transaction `tx`,
   * the transfer runs inside it as a savepoint: it commits with the caller's other writes, and a refusal (insufficient
   * funds) rolls back only the transfer, so the caller may still record the refusal.
   */
  async function transfer(request: TransferRequest, tx?: Tx): Promise<TransferResult> {
    const total = request.legs.reduce((sum, leg) => sum + leg.amount, 0n);
    if (total !== 0n || request.legs.length < 2 || request.legs.some((leg) => leg.amount === 0n)) {
      throw new UnbalancedTransferError();
    }
    const requestHash = describe(request);
    // Accounts are resolved (and created) outside the transfer's own transaction (or savepoint): a rolled-back transfer
    // must not leave a cached id pointing at an account row that was never committed.
    const deltas = new Map<number, bigint>();
    const houseIds = new Set<number>();
    for (const leg of request.legs) {
      const id = await accountId(leg.account, request.currency, tx);
      deltas.set(id, (deltas.get(id) ?? 0n) + leg.amount);
      if ('house' in leg.account) houseIds.add(id);
    }
    return (tx ?? db).transaction(async (tx) => {
      const transferId = await insertTransfer(tx, {
        idempotencyKey: request.idempotencyKey,
        requestHash,
        kind: request.kind,
        currency: request.currency,
        metadata: request.metadata ?? {},
      });
      if (transferId === null) {
        const stored = await findTransferByKey(tx, request.idempotencyKey);
        if (!stored || stored.requestHash !== requestHash) throw new IdempotencyConflictError();
        return {
          transferId: stored.id,
          replayed: true,
          balances: new Map(stored.entries.map((entry) => [entry.accountId, entry.balanceAfter])),
          accountIds: stored.entries.map((entry) => entry.accountId),
        };
      }

      // Player rows are locked first and checked; house rows (which may go negative and are shared by every
      // transfer of their kind) are locked last, so the hot house row is held only for the final writes and commit.
      // Players-then-house, each in id order, is the one lock order every transfer takes: no deadlocks.
      const ordered = [...deltas].filter(([, amount]) => amount !== 0n).sort((a, b) => a[0] - b[0]);
      const players = await lockAccounts(
        tx,
        ordered.filter(([id]) => !houseIds.has(id)).map(([id]) => id),
      );
      const written: { accountId: number; amount: bigint; balanceAfter: bigint }[] = [];
      for (const [id, amount] of ordered) {
        const account = players.get(id);
        if (!account) continue;
        const balanceAfter = account.balance + amount;
        if (balanceAfter < 0n && !account.allowNegative) throw new InsufficientFundsError(account.id, account.balance);
        written.push({ accountId: id, amount, balanceAfter });
      }
      const playerIds = new Set(
        [...players.values()].flatMap((account) => (account.userId === null ? [] : [account.userId])),
      );
      if (playerIds.size > 0) {
        await notifyBalances(tx, BALANCE_CHANNEL, JSON.stringify({ userIds: [...playerIds] }));
      }
      const houses = await lockAccounts(
        tx,
        ordered.filter(([id]) => houseIds.has(id)).map(([id]) => id),
      );
      for (const [id, amount] of ordered) {
        const account = houses.get(id);
        if (account) written.push({ accountId: id, amount, balanceAfter: account.balance + amount });
      }
      await writeEntries(tx, transferId, written);
      return {
        transferId,
        replayed: false,
        balances: new Map(written.map((entry) => [entry.accountId, entry.balanceAfter])),
        accountIds: written.map((entry) => entry.accountId),
      };
    });
  }

  /**
   * The player's main and bonus balances in a currency (zero when the account does not exist yet). Inside the caller's
   * transaction `tx` the player's account rows are locked until it ends.
   */
  async function balances(userId: number, currency: string, tx?: Tx): Promise<{ main: bigint; bonus: bigint }> {
    const accounts = await playerAccounts(tx ?? db, userId);
    const find = (kind: AccountBalance['kind']) =>
      accounts.find((account) => account.kind === kind && account.currency === currency)?.balance ?? 0n;
    return { main: find('main'), bonus: find('bonus') };
  }

  return { transfer, balances, accountId: (ref: AccountRef, currency: string) => accountId(ref, currency) };
}
