import type { Db, Tx } from '@playhouse/db';
import { parseDecimal, type BalancesResponse, type Transaction, type TransactionsQuery } from '@playhouse/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { WalletService } from './wallet-service';
import { asCurrency, formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { findUserByLogin, heldByWithdrawals, listTransactions, type TransactionRow } from './transaction-queries';
import { boundOf } from '../../lib/period';
import { recordAudit } from '../audit/audit-log';

/** The refresh routes SPEC.md §3 hands the client for each balance. */
export const BALANCE_REFRESH_ROUTES = {
  main: '/spa/users/balances/main',
  bonus: '/spa/users/balances/bonus',
} as const;

function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    account: row.account === 'bonus' ? 'bonus' : 'main',
    amount: formatAmount(row.amount, row.currency),
    balanceAfter: formatAmount(row.balanceAfter, row.currency),
    currency: asCurrency(row.currency),
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;

export function createBalanceService({ db, wallet, clock }: { db: Db; wallet: WalletService; clock: Clock }) {
  async function transactions(userId: number, query: TransactionsQuery) {
    const { rows, total } = await listTransactions(
      db,
      {
        userId,
        kind: query.kind,
        account: query.account,
        from: boundOf(query.from, 'from'),
        to: boundOf(query.to, 'to'),
      },
      { limit: query.perPage, offset: (query.page - 1) * query.perPage },
    );
    return { items: rows.map(toTransaction), page: query.page, perPage: query.perPage, total };
  }

  return {
    /** SPEC.md §3 "Initial balances response", amounts as decimal strings in the user's currency. */
    async balances(user: { id: number; currency: string }): Promise<BalancesResponse> {
      const currency = asCurrency(user.currency);
      const { main, bonus } = await wallet.balances(user.id, currency);
      return {
        mainBalance: { balance: formatAmount(main, currency), ajaxRefreshRoute: BALANCE_REFRESH_ROUTES.main },
        bonusBalance: { balance: formatAmount(bonus, currency), ajaxRefreshRoute: BALANCE_REFRESH_ROUTES.bonus },
        code: currency,
        flipBalances: false,
      };
    },

    async amount(user: { id: number; currency: string }, account: 'main' | 'bonus'): Promise<{ amount: string }> {
      const balances = await wallet.balances(user.id, user.currency);
      return { amount: formatAmount(balances[account], user.currency) };
    },

    transactions,

    /**
     * A staff adjustment of a player's main balance: credit (positive) or debit (negative) against the house
     * 'adjustments' account, once per idempotency key, with the reason in the transfer and the audit log. Staff reach
     * it only through a four-eyes approval, which passes its transaction as `executor` (staff-request-service.ts).
     */
    async adjust(request: {
      login: string;
      amount: string;
      reason: string;
      idempotencyKey: string;
      actor: { id: number | null; ip?: string | null };
      metadata?: Record<string, unknown>;
      executor?: Tx;
    }) {
      const executor = request.executor ?? db;
      const user = await findUserByLogin(executor, request.login);
      if (!user) throw new NotFoundError('There is no such player.');
      const currency = asCurrency(user.currency);
      const amount = parseDecimal(request.amount, currency);
      if (amount === null || amount === 0n) throw new ValidationError({ amount: 'must be a non-zero decimal amount' });
      const result = await wallet.transfer(
        {
          idempotencyKey: `adjustment:${request.idempotencyKey}`,
          kind: 'manual_adjustment',
          currency,
          legs: [
            { account: { userId: user.id, kind: 'main' }, amount },
            { account: { house: 'adjustments' }, amount: -amount },
          ],
          metadata: { ...request.metadata, reason: request.reason, actorId: request.actor.id },
        },
        request.executor,
      );
      if (!result.replayed) {
        await recordAudit(executor, {
          userId: user.id,
          actorId: request.actor.id,
          event: 'staff_balance_adjustment',
          ip: request.actor.ip ?? null,
          metadata: {
            transferId: result.transferId,
            amount: formatAmount(amount, currency),
            currency,
            reason: request.reason,
          },
          at: clock.now(),
        });
      }
      const mainAccount = await wallet.accountId({ userId: user.id, kind: 'main' }, currency, request.executor);
      return {
        transferId: result.transferId,
        replayed: result.replayed,
        userId: user.id,
        amount: formatAmount(amount, currency),
        currency,
        mainBalance: formatAmount(result.balances.get(mainAccount) ?? 0n, currency),
      };
    },

    /** A player's balances and ledger entries, for staff. */
    async ledger(login: string, page: { page: number; perPage: number }) {
      const user = await findUserByLogin(db, login);
      if (!user) throw new NotFoundError('There is no such player.');
      const currency = asCurrency(user.currency);
      const [{ main, bonus }, withdrawalsPending, history] = await Promise.all([
        wallet.balances(user.id, currency),
        heldByWithdrawals(db, user.id),
        transactions(user.id, { ...page }),
      ]);
      return {
        user: { ...user, currency },
        balances: {
          main: formatAmount(main, currency),
          bonus: formatAmount(bonus, currency),
          withdrawalsPending: formatAmount(withdrawalsPending, currency),
        },
        ...history,
      };
    },
  };
}
