import type { Multiplier } from './multiplier';

/**
 * Dice: a roll of 0.00–99.99 (10,000 equally likely ticks). "Under T" wins when the roll is below T, "over T" when it
 * is above T. The multiplier is 99 / win chance %, so every bet returns 99% on average whatever the target: a 1% edge.
 */
export const DICE_RTP = 0.99;
export const DICE_TICKS = 10_000;
/** 99% of the 10,000 ticks: the numerator of every dice multiplier. */
const DICE_RETURN_TICKS = 9_900;
/** Win chances allowed, in ticks (2.00% to 98.00%). */
export const DICE_MIN_CHANCE = 200;
export const DICE_MAX_CHANCE = 9_800;

export type DiceDirection = 'under' | 'over';

export interface DiceParams {
  /** Target in hundredths: 5000 is 50.00. */
  target: number;
  direction: DiceDirection;
}

export interface DiceOutcome {
  /** The roll in hundredths: 4217 is 42.17. */
  roll: number;
  won: boolean;
  multiplier: Multiplier;
}

export const DICE_FLOATS = 1;

/** Winning ticks out of 10,000 for these parameters. */
export function diceWinChance({ target, direction }: DiceParams): number {
  return direction === 'under' ? target : DICE_TICKS - 1 - target;
}

export function validateDiceParams(params: DiceParams): string | null {
  if (!Number.isInteger(params.target)) return 'target must be a whole number of hundredths';
  if (params.direction !== 'under' && params.direction !== 'over') return 'direction must be under or over';
  const chance = diceWinChance(params);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) return 'the win chance must be between 2% and 98%';
  return null;
}

/** The multiplier paid on a win: 9900 / chance ticks (0.99 ÷ probability). */
export function diceMultiplier(params: DiceParams): Multiplier {
  return { numerator: DICE_RETURN_TICKS, denominator: diceWinChance(params) };
}

export function playDice(floats: readonly number[], params: DiceParams): DiceOutcome {
  const problem = validateDiceParams(params);
  if (problem) throw new RangeError(problem);
  const roll = Math.floor(floats[0]! * DICE_TICKS);
  const won = params.direction === 'under' ? roll < params.target : roll > params.target;
  return { roll, won, multiplier: won ? diceMultiplier(params) : { numerator: 0, denominator: 1 } };
}
