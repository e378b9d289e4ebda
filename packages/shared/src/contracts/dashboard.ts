import { z } from 'zod';
import { CURRENCY_CODES } from '../money';

/** The longest period the dashboard sums at once (a year and a day, for a leap year). */
export const DASHBOARD_MAX_DAYS = 366;
/** The period when the address names none: the last 30 days up to today. */
export const DASHBOARD_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

/** GET /spa/staff/dashboard: a period of whole days in UTC, `from` to `to` inclusive. */
export const dashboardQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'the period ends before it starts' });
    else if (days > DASHBOARD_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: `at most ${DASHBOARD_MAX_DAYS} days at once` });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const amount = z.string().meta({ description: 'Decimal amount in the currency, e.g. "12.50"' });

/**
 * One product's play: `bets` staked (real and bonus money, less stakes given back by rollbacks and voids), `wins` paid,
 * `ggr` = bets − wins, and `ngr` = the same on real money only (bonus money staked and won left out).
 */
export const productFiguresSchema = z.object({ bets: amount, wins: amount, ggr: amount, ngr: amount });
export type ProductFigures = z.infer<typeof productFiguresSchema>;

/**
 * The figures of one currency over some days, all from the ledger: `deposits` credited, `withdrawals` paid out,
 * casino and sports play, `bonusCost` (bonus money that became real money), `ngr` = casino NGR + sports NGR − bonus
 * cost; players who staked (`activePlayers`) and players who registered with this currency (`newPlayers`).
 */
export const dashboardFiguresSchema = z.object({
  deposits: amount,
  withdrawals: amount,
  casino: productFiguresSchema,
  sports: productFiguresSchema,
  bonusCost: amount,
  ngr: amount,
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardCurrencySchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  /** The whole period (players counted once however many days they played). */
  period: dashboardFiguresSchema,
  /** Today (UTC) so far. */
  today: dashboardFiguresSchema,
  /** Each day of the period, oldest first, days without movement included. */
  days: z.array(dashboardFiguresSchema.extend({ day: z.iso.date() })),
});
export type DashboardCurrency = z.infer<typeof dashboardCurrencySchema>;

/** Figures per currency: amounts of different currencies are never added together. */
export const dashboardResponseSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    today: z.iso.date(),
    currencies: z.array(dashboardCurrencySchema),
  })
  .meta({ id: 'StaffDashboard' });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
