/*
 * The cash-out price of an open bet, exact on integers: what the bet would pay times the chance the current prices
 * give it, less the operator's margin.
 *
 * The chance of each leg is its outcome's implied probability with the market's own margin taken out by basic
 * normalization: p_i = (1/o_i) / Σ_j (1/o_j) over the market's outcomes (Štrumbelj, "On determining probability
 * forecasts from betting odds", International Journal of Forecasting 30, 2014, "basic normalization"; Wikipedia,
 * "Mathematics of bookmaking"). Without it the price would carry the book's margin twice: once in the odds and again
 * in the cash-out margin. Legs are independent (one per match, the slip's rule), so an accumulator's chance is the
 * product of its legs'.
 */

import type { CashOutUnavailableReason } from '@playhouse/shared';

export interface PricedOutcome {
  id: number;
  /** Current decimal odd in thousandths. */
  odd: number;
  status: string;
}

export interface CashOutLeg {
  outcomeId: number;
  /** The odd the bet was accepted at, thousandths. */
  placedOdd: number;
  marketStatus: string;
  matchStatus: string;
  /** Every outcome of the leg's market, the selected one among them. */
  outcomes: readonly PricedOutcome[];
  /** A trader switched cash out off for the leg's sport or match. */
  switchedOff: boolean;
}

export type CashOutPrice = { price: bigint } | { unavailable: CashOutUnavailableReason };

/** A leg's fair chance as a fraction: the product of the other outcomes' odds over the sum of such products. */
export function fairChance(outcomeId: number, outcomes: readonly PricedOutcome[]): { num: bigint; den: bigint } {
  const odds = outcomes.map((outcome) => BigInt(outcome.odd));
  const productWithout = (skip: number) =>
    odds.reduce((product, odd, index) => (index === skip ? product : product * odd), 1n);
  const selected = outcomes.findIndex((outcome) => outcome.id === outcomeId);
  if (selected < 0) throw new Error(`outcome ${outcomeId} is not in its market`);
  let den = 0n;
  for (let index = 0; index < odds.length; index++) den += productWithout(index);
  return { num: productWithout(selected), den };
}

/**
 * The whole bet's cash-out price in minor units, rounded down: stake × Π(placed odd) × Π(fair chance) × (1 − margin).
 * None while a leg's market or outcome is not open, its match is over, or a trader switched cash out off; none below
 * one minor unit.
 */
export function cashOutPrice(stake: bigint, legs: readonly CashOutLeg[], marginBp: number): CashOutPrice {
  if (legs.length === 0) return { unavailable: 'not_open' };
  if (legs.some((leg) => leg.switchedOff)) return { unavailable: 'switched_off' };
  let num = stake * BigInt(10_000 - marginBp);
  let den = 10_000n;
  for (const leg of legs) {
    if (leg.matchStatus !== 'scheduled' && leg.matchStatus !== 'live') return { unavailable: 'not_open' };
    const selected = leg.outcomes.find((outcome) => outcome.id === leg.outcomeId);
    if (leg.marketStatus !== 'open' || !selected || selected.status !== 'open') return { unavailable: 'suspended' };
    const chance = fairChance(leg.outcomeId, leg.outcomes);
    num *= BigInt(leg.placedOdd) * chance.num;
    den *= 1000n * chance.den;
  }
  const price = num / den;
  return price > 0n ? { price } : { unavailable: 'too_small' };
}

/** What cashing out `part` of a stake of `stake` pays at the whole bet's `price`: its share, rounded down. */
export function cashOutAmount(price: bigint, part: bigint, stake: bigint): bigint {
  if (stake <= 0n || part <= 0n) return 0n;
  return (price * (part > stake ? stake : part)) / stake;
}

/** Whether a price the player saw may still be taken at `current`: at most `toleranceBp` lower. */
export function priceAcceptable(current: bigint, seen: bigint, toleranceBp: number): boolean {
  return current * 10_000n >= seen * BigInt(10_000 - toleranceBp);
}
