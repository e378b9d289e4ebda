import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import { formatMinor, isCurrency, type StatementResponse } from '@playhouse/shared';
import { playByMonth } from '../wallet/play-queries';
import type { ProtectionClock } from './protection-clock';

const { payments, withdrawals } = schema;

/** Withdrawals that count as money out: everything but a rejected request. */
const WITHDRAWN = ['pending', 'approved', 'paid'] as const;
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
  const month = (column: unknown) => sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

  return {
    async statement(user: { id: number; currency: string }): Promise<StatementResponse> {
      const now = clock.now(user.id);
      const from = monthStart(now, STATEMENT_MONTHS - 1);
      const currency = isCurrency(user.currency) ? user.currency : 'EUR';
      const depositMonth = month(payments.createdAt);
      const withdrawalMonth = month(withdrawals.createdAt);
      const [deposits, payouts, play, lifetime] = await Promise.all([
        db
          .select({ month: depositMonth, total: sql<string>`sum(${payments.amount})::text` })
          .from(payments)
          .where(and(eq(payments.userId, user.id), eq(payments.status, 'succeeded'), gte(payments.createdAt, from)))
          .groupBy(depositMonth),
        db
          .select({ month: withdrawalMonth, total: sql<string>`sum(${withdrawals.amount})::text` })
          .from(withdrawals)
          .where(
            and(
              eq(withdrawals.userId, user.id),
              inArray(withdrawals.status, [...WITHDRAWN]),
              gte(withdrawals.createdAt, from),
            ),
          )
          .groupBy(withdrawalMonth),
        playByMonth(db, user.id, from),
        db
          .select({
            deposited: sql<string>`(select coalesce(sum(${payments.amount}), 0) from ${payments} where ${payments.userId} = ${user.id} and ${payments.status} = 'succeeded')::text`,
            withdrawn: sql<string>`(select coalesce(sum(${withdrawals.amount}), 0) from ${withdrawals} where ${withdrawals.userId} = ${user.id} and ${withdrawals.status} in ('pending', 'approved', 'paid'))::text`,
          })
          .from(sql`(select 1) as one`),
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
      const [life] = lifetime;
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
