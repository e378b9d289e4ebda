import { payoutFor, type Multiplier } from '../multiplier';

/** A player's action names a move the round does not allow now (wrong phase, wrong hand, a rule forbids it). */
export class IllegalActionError extends Error {
  readonly code = 'illegal_action';
  constructor(message: string) {
    super(message);
    this.name = 'IllegalActionError';
  }
}

/**
 * One bet of a finished round: its stake in minor units and the multiplier of the stake it returns, stake included
 * (0 lost, 1 a push, 2 an even-money win, 39/20 a banker win). Its payout is floor(stake × multiplier), as for the
 * Originals (multiplier.ts), so money never passes through a float.
 */
export interface SettledBet {
  /** What the bet was: "box 1 hand 2", "insurance 1", "straight 17", "banker", "pair plus". */
  bet: string;
  stake: bigint;
  multiplier: Multiplier;
  payout: bigint;
}

export interface TableSettlement {
  bets: SettledBet[];
  /** The round's initial stake plus every extra stake its actions added. */
  totalStake: bigint;
  /** What the round pays back: the one win call of the round (0 when everything lost). */
  totalPayout: bigint;
}

export function settledBet(bet: string, stake: bigint, multiplier: Multiplier): SettledBet {
  return { bet, stake, multiplier, payout: payoutFor(stake, multiplier) };
}

export function settlementOf(bets: SettledBet[]): TableSettlement {
  return {
    bets,
    totalStake: bets.reduce((sum, bet) => sum + bet.stake, 0n),
    totalPayout: bets.reduce((sum, bet) => sum + bet.payout, 0n),
  };
}

/** Multipliers every table game uses. */
export const LOSE: Multiplier = { numerator: 0, denominator: 1 };
export const PUSH: Multiplier = { numerator: 1, denominator: 1 };
/** Pays `odds` to one (8:1 → 9× the stake back). */
export function paysToOne(odds: number): Multiplier {
  return { numerator: odds + 1, denominator: 1 };
}

/**
 * One round of a table game in progress. The engine starts it from the initial bets and the round's cards or dice,
 * then applies the player's actions one by one; see table/README.md for how the api hosts it.
 */
export interface TableRound<Action, View> {
  readonly finished: boolean;
  /** The action types the player may send now; empty once the round is finished. */
  allowedActions(): readonly string[];
  /**
   * Applies one action and returns the stake it adds (0n when none). An action the round does not allow now throws
   * IllegalActionError and changes nothing.
   */
  act(action: Action): bigint;
  /** What the player may see now: hidden cards stay hidden until the round reveals them. */
  view(): View;
  /** The settled bets of a finished round; throws before the round is finished. */
  settlement(): TableSettlement;
}

export function requirePositiveStake(stake: bigint, name: string): string | null {
  return stake > 0n ? null : `${name} must be a positive amount`;
}
