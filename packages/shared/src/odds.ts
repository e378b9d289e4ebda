/** The six display formats of SPEC.md §3 ("Odd type setting"); decimal is the default. */
export const ODD_TYPES = ['decimal', 'fractional', 'american', 'hongKong', 'indonesian', 'malay'] as const;
export type OddType = (typeof ODD_TYPES)[number];
export const DEFAULT_ODD_TYPE: OddType = 'decimal';

export function isOddType(value: unknown): value is OddType {
  return typeof value === 'string' && (ODD_TYPES as readonly string[]).includes(value);
}

/**
 * Odds are kept exactly as integer thousandths of the decimal odd (2.375 → 2375). Everything below is integer
 * arithmetic on that, so no display depends on binary floating point.
 */
export type OddThousandths = number;

export function toThousandths(decimal: number | string): OddThousandths | null {
  const text = typeof decimal === 'number' ? decimal.toFixed(6) : decimal.trim();
  const match = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(6, '0');
  if (!/^\d{3}0{3}$/.test(fraction)) return null;
  return Number(match[1]) * 1000 + Number(fraction.slice(0, 3));
}

/** Rounds num/den (den > 0) to `decimals` places, half away from zero, as text. */
function roundRatio(num: number, den: number, decimals: number): string {
  const scale = 10 ** decimals;
  const negative = num < 0;
  const scaled = Math.floor((Math.abs(num) * scale * 2 + den) / (2 * den));
  const whole = Math.floor(scaled / scale);
  const fraction = decimals > 0 ? `.${String(scaled % scale).padStart(decimals, '0')}` : '';
  return `${negative && scaled !== 0 ? '-' : ''}${whole}${fraction}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The simplest fraction within half a unit of the `precision`-th decimal place of num/den: the first continued-fraction
 * convergent close enough (2.33 → 4/3 at precision 1).
 */
function approximateFraction(num: number, den: number, precision: number): string {
  const tolerance = 10 ** precision * 2; // |h/k − num/den| < 1 / tolerance
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let [p, q] = [num, den];
  for (let step = 0; step < 64 && q !== 0; step++) {
    const a = Math.floor(p / q);
    [h0, h1] = [h1, a * h1 + h0];
    [k0, k1] = [k1, a * k1 + k0];
    if (Math.abs(h1 * den - num * k1) * tolerance < k1 * den) break;
    [p, q] = [q, p - a * q];
  }
  const divisor = gcd(h1, k1) || 1;
  return `${h1 / divisor}/${k1 / divisor}`;
}

/**
 * Formats a decimal odd in the player's format. Throws for a decimal odd of 1 or less (no such odd exists); use
 * `displayOdd` where such a value must simply show as nothing.
 */
export function convertOdd(
  decimal: number | string | OddThousandths,
  oddType: OddType,
  { thousandths = false } = {},
): string {
  const t = thousandths ? Number(decimal) : toThousandths(decimal);
  if (t === null || !Number.isInteger(t) || t <= 1000)
    throw new RangeError(`Odd ${String(decimal)} is outside the valid range`);
  const profit = t - 1000; // (decimal − 1) in thousandths
  switch (oddType) {
    case 'decimal':
      return t % 10 === 0 ? roundRatio(t, 1000, 2) : roundRatio(t, 1000, 3);
    case 'fractional':
      return approximateFraction(profit, 1000, 1);
    case 'american':
      return t >= 2000 ? `+${roundRatio(profit * 100, 1000, 0)}` : roundRatio(-100 * 1000, profit, 0);
    case 'hongKong':
      return roundRatio(profit, 1000, 2);
    case 'indonesian':
      return t < 2000 ? roundRatio(-1000, profit, 2) : roundRatio(profit, 1000, 2);
    case 'malay':
      return t <= 2000 ? roundRatio(profit, 1000, 2) : roundRatio(-1000, profit, 2);
  }
}

/** SPEC.md §5: odds of 1 or below are shown as nothing. */
export function displayOdd(decimal: number | string | null | undefined, oddType: OddType): string {
  if (decimal === null || decimal === undefined) return '';
  const t = toThousandths(decimal);
  if (t === null || t <= 1000) return '';
  return convertOdd(t, oddType, { thousandths: true });
}

/** SPEC.md §9: the hot-odds marker shows when an odd's text contains the digit 7. */
export function isHotOdd(text: string): boolean {
  return text.includes('7');
}
