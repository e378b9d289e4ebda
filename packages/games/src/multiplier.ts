/**
 * A payout multiplier as an exact fraction, so money never passes through a float: the payout of a bet of `b` minor
 * units is floor(b × numerator / denominator).
 */
export interface Multiplier {
  numerator: number;
  denominator: number;
}

export const ZERO: Multiplier = { numerator: 0, denominator: 1 };

export function payoutFor(bet: bigint, multiplier: Multiplier): bigint {
  return (bet * BigInt(multiplier.numerator)) / BigInt(multiplier.denominator);
}

/** The multiplier as a number, for display and statistics only. */
export function multiplierValue(multiplier: Multiplier): number {
  return multiplier.numerator / multiplier.denominator;
}
