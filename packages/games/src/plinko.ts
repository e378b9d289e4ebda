import type { Multiplier } from './multiplier';

/**
 * Plinko: a ball falls through 8, 12 or 16 rows of pegs, bouncing left or right with equal chance at each (one float
 * per row, right when ≥ 0.5); the number of right bounces is the slot it lands in. Edge slots are rare and pay most.
 */
export const PLINKO_ROWS = [8, 12, 16] as const;
export type PlinkoRows = (typeof PLINKO_ROWS)[number];

export interface PlinkoParams {
  rows: PlinkoRows;
}

/** Slot multipliers in hundredths, left to right (symmetric). */
export const PLINKO_MULTIPLIERS: Record<PlinkoRows, readonly number[]> = {
  8: [560, 210, 110, 100, 50, 100, 110, 210, 560],
  12: [1100, 300, 160, 140, 110, 100, 50, 100, 110, 140, 160, 300, 1100],
  16: [1600, 900, 200, 140, 140, 120, 110, 100, 50, 100, 110, 120, 140, 140, 200, 900, 1600],
};

export interface PlinkoOutcome {
  /** One entry per row: 0 left, 1 right. */
  path: (0 | 1)[];
  /** Landing slot, 0 (far left) to rows (far right). */
  slot: number;
  multiplier: Multiplier;
}

export function plinkoFloats({ rows }: PlinkoParams): number {
  return rows;
}

export function validatePlinkoParams(params: PlinkoParams): string | null {
  return (PLINKO_ROWS as readonly number[]).includes(params.rows) ? null : 'rows must be 8, 12 or 16';
}

export function playPlinko(floats: readonly number[], params: PlinkoParams): PlinkoOutcome {
  const problem = validatePlinkoParams(params);
  if (problem) throw new RangeError(problem);
  const path = floats.slice(0, params.rows).map((float): 0 | 1 => (float < 0.5 ? 0 : 1));
  if (path.length !== params.rows) throw new RangeError(`plinko needs ${params.rows} floats`);
  const slot = path.reduce<number>((sum, step) => sum + step, 0);
  return { path, slot, multiplier: { numerator: PLINKO_MULTIPLIERS[params.rows][slot]!, denominator: 100 } };
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let index = 1; index <= k; index += 1) result = (result * (n - index + 1)) / index;
  return result;
}

/** The exact return to player: Σ C(rows, slot) / 2^rows × multiplier. */
export function plinkoRtp(rows: PlinkoRows): number {
  return PLINKO_MULTIPLIERS[rows].reduce(
    (sum, hundredths, slot) => sum + (binomial(rows, slot) / 2 ** rows) * (hundredths / 100),
    0,
  );
}
