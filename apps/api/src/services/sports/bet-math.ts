/** Exact bet arithmetic on integer thousandths of decimal odds and integer minor units of money. */

/** The product of decimal odds, in thousandths, rounded down (2.000 × 1.500 → 3000). */
export function totalOddThousandths(odds: readonly number[]): bigint {
  if (odds.length === 0) return 1000n;
  let product = 1n;
  for (const odd of odds) product *= BigInt(odd);
  return product / 1000n ** BigInt(odds.length - 1);
}

/**
 * What a stake returns at these odds: stake × Π(odd), rounded down to the minor unit. Computed from the exact
 * product, not from the rounded total odd, so an accumulator never pays a cent more or less than its legs multiply to.
 */
export function payoutFor(stake: bigint, odds: readonly number[]): bigint {
  let product = stake;
  for (const odd of odds) product *= BigInt(odd);
  return product / 1000n ** BigInt(odds.length);
}

/** 2150 → "2.15", 1875 → "1.875": the shortest exact decimal. */
export function oddText(thousandths: number): string {
  const whole = Math.floor(thousandths / 1000);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
