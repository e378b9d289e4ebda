import { schema, type Db } from '@playhouse/db';
import {
  parseDecimal,
  type BalancesResponse,
  type Transaction,
  type TransactionKind,
  type TransactionsQuery,
} from '@playhouse/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { WalletService } from '../wallet/wallet-service';
import { asCurrency, formatAmount } from '../cashbox/amounts';
import type { Clock } from '../cashbox/clock';
import { findUserByLogin, heldByWithdrawals, listTransactions, type TransactionRow } from './transaction-queries';

/** The refresh routes SPEC.md §3 hands the client for each balance. */
export const BALANCE_REFRESH_ROUTES = {
  main: '/spa/users/balances/main',
  bonus: '/spa/users/balances/bonus',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A bare day as a lower bound is its first instant (UTC); as an upper bound the whole day is included. */
export function boundOf(value: string | undefined, edge: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'from' ? start : new Date(start.getTime() + DAY_MS);
  }
  return new Date(value);
}

function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind as TransactionKind,
    account: row.account as Transaction['account'],
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
