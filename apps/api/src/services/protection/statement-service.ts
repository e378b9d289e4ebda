import type { Db } from '@playhouse/db';
import { formatMinor, isCurrency, type StatementResponse } from '@playhouse/shared';
import { playByMonth } from '../wallet/play-queries';
import type { ProtectionClock } from './protection-clock';
import { depositsByMonth, lifetimeMoney, withdrawalsByMonth } from './statement-queries';

export const STATEMENT_MONTHS = 12;

/** The first day (UTC midnight) of the month `monthsBack` months before `now`'s month. */
export function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export type StatementService = ReturnType<typeof createStatementService>;

/**
 * The player's activity statement: the last 12 calendar months (UTC), each with deposits, withdrawals, stakes (net of
 * rollbacks and voids), wins and the net result of play, read from the payments, withdrawals and the ledger.
 */
export function createStatementService({ db, clock }: { db: Db; clock: ProtectionClock }) {
  return {
    async statement(user: { id: number; currency: string }): Promise<StatementResponse> {
      const now = clock.now(user.id);
      const from = monthStart(now, STATEMENT_MONTHS - 1);
      const currency = isCurrency(user.currency) ? user.currency : 'EUR';
      const [deposits, payouts, play, life] = await Promise.all([
        depositsByMonth(db, user.id, from),
        withdrawalsByMonth(db, user.id, from),
        playByMonth(db, user.id, from),
        lifetimeMoney(db, user.id),
      ]);
      const byMonth = <T extends { month: string }>(rows: T[]) => new Map(rows.map((row) => [row.month, row]));
      const depositsBy = byMonth(deposits);
      const payoutsBy = byMonth(payouts);
      const playBy = byMonth(play);
      const totals = { deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n };
      const money = (amount: bigint) => formatMinor(amount, currency);
      const months = [];
      for (let back = STATEMENT_MONTHS - 1; back >= 0; back -= 1) {
        const key = monthKey(monthStart(now, back));
        const deposited = BigInt(depositsBy.get(key)?.total ?? '0');
        const withdrawn = BigInt(payoutsBy.get(key)?.total ?? '0');
        const bets = playBy.get(key)?.staked ?? 0n;
        const wins = playBy.get(key)?.won ?? 0n;
        totals.deposits += deposited;
        totals.withdrawals += withdrawn;
        totals.bets += bets;
        totals.wins += wins;
        months.push({
          month: key,
          deposits: money(deposited),
          withdrawals: money(withdrawn),
          bets: money(bets),
          wins: money(wins),
          net: money(wins - bets),
        });
      }
      return {
        currency,
        from: from.toISOString(),
        to: now.toISOString(),
        months,
        totals: {
          deposits: money(totals.deposits),
          withdrawals: money(totals.withdrawals),
          bets: money(totals.bets),
          wins: money(totals.wins),
          net: money(totals.wins - totals.bets),
        },
        netDeposits: money(BigInt(life?.deposited ?? '0') - BigInt(life?.withdrawn ?? '0')),
      };
    },
  };
}

/** The statement as CSV (RFC 4180), headed in the player's language; a total row closes it. */
export function statementCsv(statement: StatementResponse, header: Record<string, string>): string {
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const columns = ['month', 'deposits', 'withdrawals', 'bets', 'wins', 'net'] as const;
  const lines = [columns.map((column) => quote(header[column] ?? column)).join(',')];
  for (const row of statement.months) lines.push(columns.map((column) => quote(row[column])).join(','));
  const totalColumns = ['deposits', 'withdrawals', 'bets', 'wins', 'net'] as const;
  lines.push([quote(header.total ?? 'total'), ...totalColumns.map((column) => statement.totals[column])].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
