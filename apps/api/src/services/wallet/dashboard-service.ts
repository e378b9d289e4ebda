import {
  CURRENCY_CODES,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  isCurrency,
  PRODUCT_TRANSFER_KINDS,
  type Currency,
  type DashboardFigures,
  type DashboardQuery,
  type DashboardResponse,
  type ProductFigures,
} from '@playhouse/shared';
import type { Db } from '@playhouse/db';
import { formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { ValidationError } from '../../lib/errors';
import { activePlayers, ledgerSums, newPlayers, type LedgerSum } from './dashboard-queries';

const DAY_MS = 86_400_000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const addDays = (day: string, days: number) => dayOf(new Date(startOf(day).getTime() + days * DAY_MS));

/** `takeBack` undoes an earlier payout: it lowers the wins, as the payout it reverses had raised them. */
const PRODUCTS = PRODUCT_TRANSFER_KINDS;
type ProductKinds = (typeof PRODUCTS)[keyof typeof PRODUCTS];

/** Minor-unit sums of one currency over some days, before they are written as decimal strings. */
interface Tally {
  deposits: bigint;
  withdrawals: bigint;
  casino: ProductTally;
  sports: ProductTally;
  bonusCost: bigint;
  activePlayers: number;
  newPlayers: number;
}
interface ProductTally {
  bets: bigint;
  wins: bigint;
  realBets: bigint;
  realWins: bigint;
}

const emptyProduct = (): ProductTally => ({ bets: 0n, wins: 0n, realBets: 0n, realWins: 0n });
const emptyTally = (): Tally => ({
  deposits: 0n,
  withdrawals: 0n,
  casino: emptyProduct(),
  sports: emptyProduct(),
  bonusCost: 0n,
  activePlayers: 0,
  newPlayers: 0,
});

/** Adds one ledger sum (entries of one transfer kind on one kind of account) to the figures it belongs to. */
function add(tally: Tally, sum: LedgerSum): void {
  const { transferKind, accountKind, player, amount } = sum;
  if (transferKind === 'deposit' && player && accountKind === 'main') tally.deposits += amount;
  else if (transferKind === 'withdrawal_paid' && !player && accountKind === 'world') tally.withdrawals += amount;
  // A cashback paid as cash costs the house what a converted bonus does.
  else if ((transferKind === 'bonus_conversion' || transferKind === 'cashback') && player && accountKind === 'main') {
    tally.bonusCost += amount;
  }
  if (!player || (accountKind !== 'main' && accountKind !== 'bonus')) return;
  for (const [product, kinds] of Object.entries(PRODUCTS) as [keyof typeof PRODUCTS, ProductKinds][]) {
    const figures = tally[product];
    const real = accountKind === 'main';
    // A stake debits the player; a rollback or void credits it back: both count in the bets, with their signs.
    if (transferKind === kinds.stake || transferKind === kinds.refund) {
      figures.bets -= amount;
      if (real) figures.realBets -= amount;
    } else if (transferKind === kinds.pay || transferKind === kinds.takeBack) {
      figures.wins += amount;
      if (real) figures.realWins += amount;
    }
  }
}

function written(tally: Tally, currency: Currency): DashboardFigures {
  const product = (figures: ProductTally): ProductFigures => ({
    bets: formatAmount(figures.bets, currency),
    wins: formatAmount(figures.wins, currency),
    ggr: formatAmount(figures.bets - figures.wins, currency),
    ngr: formatAmount(figures.realBets - figures.realWins, currency),
  });
  const ngr = (figures: ProductTally) => figures.realBets - figures.realWins;
  return {
    deposits: formatAmount(tally.deposits, currency),
    withdrawals: formatAmount(tally.withdrawals, currency),
    casino: product(tally.casino),
    sports: product(tally.sports),
    bonusCost: formatAmount(tally.bonusCost, currency),
    ngr: formatAmount(ngr(tally.casino) + ngr(tally.sports) - tally.bonusCost, currency),
    activePlayers: tally.activePlayers,
    newPlayers: tally.newPlayers,
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The back office's dashboard: business figures per currency and UTC day, summed from the ledger's entries (money)
 * and the users table (registrations). Amounts of different currencies are never added together.
 */
export function createDashboardService({ db, clock }: { db: Db; clock: Clock }) {
  /** Figures of [fromDay, toDay] (inclusive) per currency: the whole span, and each day. */
  async function tallies(fromDay: string, toDay: string) {
    const from = startOf(fromDay);
    const to = startOf(addDays(toDay, 1));
    const [sums, active, joined] = await Promise.all([
      ledgerSums(db, from, to),
      activePlayers(db, from, to),
      newPlayers(db, from, to),
    ]);
    const span = new Map<Currency, Tally>();
    const days = new Map<string, Tally>();
    const tallyOf = (currency: Currency, day: string | null) => {
      const map = day === null ? span : days;
      const key = (day === null ? currency : `${currency}/${day}`) as Currency;
      let tally = map.get(key);
      if (!tally) map.set(key, (tally = emptyTally()));
      return tally;
    };
    for (const sum of sums) {
      if (!isCurrency(sum.currency)) continue;
      add(tallyOf(sum.currency, sum.day), sum);
      add(tallyOf(sum.currency, null), sum);
    }
    for (const row of active) {
      if (isCurrency(row.currency)) tallyOf(row.currency, row.day).activePlayers = row.players;
    }
    for (const row of joined) {
      if (!isCurrency(row.currency)) continue;
      tallyOf(row.currency, row.day).newPlayers += row.players;
      tallyOf(row.currency, null).newPlayers += row.players;
    }
    return { span, dayTally: (currency: Currency, day: string) => days.get(`${currency}/${day}` as Currency) };
  }

  /** GET /spa/staff/dashboard: the period asked (default: the last 30 days) and today, per currency. */
  async function figures(query: DashboardQuery): Promise<DashboardResponse> {
    const today = dayOf(clock.now());
    const toDay = query.to ?? today;
    const fromDay = query.from ?? addDays(toDay, -(DASHBOARD_DEFAULT_DAYS - 1));
    const length = (startOf(toDay).getTime() - startOf(fromDay).getTime()) / DAY_MS + 1;
    if (length < 1 || length > DASHBOARD_MAX_DAYS) {
      throw new ValidationError({ from: `a period of 1 to ${DASHBOARD_MAX_DAYS} days, ending on or after its start` });
    }
    const [period, now] = await Promise.all([tallies(fromDay, toDay), tallies(today, today)]);
    const currencies = CURRENCY_CODES.filter((currency) => period.span.has(currency) || now.span.has(currency));
    const allDays = Array.from({ length }, (_, index) => addDays(fromDay, index));
    return {
      from: fromDay,
      to: toDay,
      today,
      currencies: currencies.map((currency) => ({
        currency,
        period: written(period.span.get(currency) ?? emptyTally(), currency),
        today: written(now.span.get(currency) ?? emptyTally(), currency),
        days: allDays.map((day) => ({ day, ...written(period.dayTally(currency, day) ?? emptyTally(), currency) })),
      })),
    };
  }

  return { figures };
}
