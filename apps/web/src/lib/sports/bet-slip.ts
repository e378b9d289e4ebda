import type { OddsChangePolicy } from '@playhouse/shared/contracts/sports';
import { CURRENCIES, formatMinor, parseDecimal, type Currency } from '@playhouse/shared/money';
import { toThousandths } from '@playhouse/shared/odds';

/** One pick on the slip: enough to show it anywhere on the site and to place it. */
export interface SlipSelection {
  outcomeId: number;
  matchId: number;
  matchDateTimeUTC: number;
  teams: [string, string];
  betName: string;
  label: string;
  /** The decimal odd as the api last gave it. */
  odd: number;
  /** The odd before the last change the player has not seen placed yet (shown as "was …"). */
  previousOdd?: number;
  /** In play when picked: how long a bet on it waits before it is accepted (ms, the sport's bet delay). */
  betDelayMs?: number;
}

export type SlipMode = 'singles' | 'accumulator';

export interface SlipState {
  selections: SlipSelection[];
  mode: SlipMode;
  /** As typed: per bet for singles, the one stake of the accumulator. */
  stake: string;
  policy: OddsChangePolicy;
}

export const EMPTY_SLIP: SlipState = { selections: [], mode: 'singles', stake: '', policy: 'none' };

/** Adds the pick, or takes it off when it is already on the slip. */
export function toggleSelection(state: SlipState, selection: SlipSelection): SlipState {
  const present = state.selections.some((item) => item.outcomeId === selection.outcomeId);
  const selections = present
    ? state.selections.filter((item) => item.outcomeId !== selection.outcomeId)
    : [...state.selections, selection];
  return { ...state, selections, mode: selections.length < 2 ? 'singles' : state.mode };
}

export function removeSelection(state: SlipState, outcomeId: number): SlipState {
  const selections = state.selections.filter((item) => item.outcomeId !== outcomeId);
  return { ...state, selections, mode: selections.length < 2 ? 'singles' : state.mode };
}

/** New odds for picks on the slip (from the live stream or an odds_changed answer); others stay as they are. */
export function updateOdds(state: SlipState, odds: ReadonlyMap<number, number>): SlipState {
  let changed = false;
  const selections = state.selections.map((item) => {
    const odd = odds.get(item.outcomeId);
    if (odd === undefined || odd === item.odd) return item;
    changed = true;
    return { ...item, odd, previousOdd: item.previousOdd ?? item.odd };
  });
  return changed ? { ...state, selections } : state;
}

/** The player has placed at (or looked again at) the current odds: the "was …" notes go. */
export function acknowledgeOdds(state: SlipState): SlipState {
  if (!state.selections.some((item) => item.previousOdd !== undefined)) return state;
  return { ...state, selections: state.selections.map(({ previousOdd: _previous, ...item }) => item) };
}

/** An accumulator takes one pick per match. */
export function hasSameMatchTwice(selections: SlipSelection[]): boolean {
  return new Set(selections.map((item) => item.matchId)).size !== selections.length;
}

export interface SlipTotals {
  /** null: the stake is not a valid amount. */
  stakeMinor: bigint | null;
  totalStakeMinor: bigint | null;
  /** The accumulator's product of odds, in thousandths (rounded down). */
  totalOddThousandths: number | null;
  potentialPayoutMinor: bigint | null;
}

/** What the slip would stake and pay, exactly as the api computes it (stake × odds, rounded down to the cent). */
export function slipTotals(state: SlipState, currency: Currency): SlipTotals {
  const stake = state.stake.trim() === '' ? null : parseDecimal(state.stake, currency);
  const valid = stake !== null && stake > 0n ? stake : null;
  const odds = state.selections.map((item) => toThousandths(item.odd) ?? 0);
  if (state.mode === 'accumulator') {
    let product = 1n;
    for (const odd of odds) product *= BigInt(odd);
    const scale = 1000n ** BigInt(Math.max(0, odds.length - 1));
    return {
      stakeMinor: valid,
      totalStakeMinor: valid,
      totalOddThousandths: odds.length > 0 ? Number(product / scale) : null,
      potentialPayoutMinor: valid === null || odds.length === 0 ? null : (valid * product) / (scale * 1000n),
    };
  }
  return {
    stakeMinor: valid,
    totalStakeMinor: valid === null ? null : valid * BigInt(odds.length),
    totalOddThousandths: null,
    potentialPayoutMinor:
      valid === null ? null : odds.reduce((total, odd) => total + (valid * BigInt(odd)) / 1000n, 0n),
  };
}

/** Minor units as the api's decimal string in the currency ("12.50"). */
export function minorText(amount: bigint, currency: Currency): string {
  return formatMinor(amount, currency);
}

export function isSlipCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}
