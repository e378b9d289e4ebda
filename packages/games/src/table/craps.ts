import type { Multiplier } from '../multiplier';
import type { FloatSource } from './cards';
import {
  IllegalActionError,
  LOSE,
  PUSH,
  paysToOne,
  settledBet,
  settlementOf,
  type SettledBet,
  type TableRound,
  type TableSettlement,
} from './round';
import { rollDie } from './sic-bo';

/**
 * Craps for one shooter's decision: the round is a pass-line decision, from the come-out roll to its resolution, each
 * roll a step the player takes (two floats a roll).
 * - Pass line 1:1: wins on a come-out 7 or 11, loses on 2, 3, 12; any other total is the point, and the line then wins
 *   when the point repeats before a 7 and loses on the 7.
 * - Don't pass 1:1, the opposite, except that a come-out 12 pushes (bar 12).
 * - Field, a one-roll bet on the come-out roll: 3, 4, 9, 10, 11 pay 1:1, 2 pays 2:1, 12 pays 3:1, the rest lose.
 * - Odds, once a point is set, one "odds" action before the next roll: behind the pass line at true odds up to 3x
 *   (4 or 10, paying 2:1), 4x (5 or 9, 3:2), 5x (6 or 8, 6:5) the line bet; laid behind don't pass up to 6x it,
 *   paying 1:2, 2:3 and 5:6. Odds carry no house edge.
 */
export interface CrapsBets {
  pass?: bigint;
  dontPass?: bigint;
  field?: bigint;
}

export type CrapsAction = { type: 'roll' } | { type: 'odds'; pass?: bigint; dontPass?: bigint };
export const CRAPS_ACTIONS = ['roll', 'odds'] as const;

/** Two dice for the come-out roll and two for each roll an action asks for. */
export function crapsFloats(actions: number): number {
  return 2 * (1 + actions);
}

/** Odds behind the pass line: the most (a multiple of the line bet) and what they pay, stake included. */
export const PASS_ODDS: Record<number, { max: number; multiplier: Multiplier }> = {
  4: { max: 3, multiplier: { numerator: 3, denominator: 1 } },
  10: { max: 3, multiplier: { numerator: 3, denominator: 1 } },
  5: { max: 4, multiplier: { numerator: 5, denominator: 2 } },
  9: { max: 4, multiplier: { numerator: 5, denominator: 2 } },
  6: { max: 5, multiplier: { numerator: 11, denominator: 5 } },
  8: { max: 5, multiplier: { numerator: 11, denominator: 5 } },
};
/** Odds laid behind don't pass: up to 6x the line bet whatever the point. */
export const DONT_PASS_ODDS_MAX = 6;
export const DONT_PASS_ODDS: Record<number, Multiplier> = {
  4: { numerator: 3, denominator: 2 },
  10: { numerator: 3, denominator: 2 },
  5: { numerator: 5, denominator: 3 },
  9: { numerator: 5, denominator: 3 },
  6: { numerator: 11, denominator: 6 },
  8: { numerator: 11, denominator: 6 },
};

export function fieldMultiplier(total: number): Multiplier {
  if (total === 2) return paysToOne(2);
  if (total === 12) return paysToOne(3);
  return [3, 4, 9, 10, 11].includes(total) ? paysToOne(1) : LOSE;
}

export function validateCrapsBets(bets: CrapsBets): string | null {
  const stakes = [bets.pass, bets.dontPass, bets.field];
  if (stakes.some((stake) => stake !== undefined && (typeof stake !== 'bigint' || stake < 0n))) {
    return 'stakes cannot be negative';
  }
  if (!stakes.some((stake) => stake !== undefined && stake > 0n)) return 'place at least one bet';
  return null;
}

type LineResult = 'win' | 'lose' | 'push' | null;

export interface CrapsView {
  phase: 'point' | 'finished';
  /** Every roll so far, the come-out first. */
  rolls: [number, number][];
  point: number | null;
  oddsTaken: boolean;
}

export class CrapsRound implements TableRound<CrapsAction, CrapsView> {
  readonly rolls: [number, number][] = [];
  point: number | null = null;
  private passResult: LineResult = null;
  private passOdds = 0n;
  private dontPassOdds = 0n;
  private oddsTaken = false;

  constructor(
    private readonly bets: CrapsBets,
    private readonly next: FloatSource,
  ) {
    const total = this.roll();
    if (total === 7 || total === 11) this.passResult = 'win';
    else if (total === 2 || total === 3 || total === 12) this.passResult = 'lose';
    else this.point = total;
  }

  get finished(): boolean {
    return this.passResult !== null || !this.hasLineBet;
  }

  private get hasLineBet(): boolean {
    return (this.bets.pass ?? 0n) > 0n || (this.bets.dontPass ?? 0n) > 0n;
  }

  allowedActions(): readonly ('roll' | 'odds')[] {
    if (this.finished) return [];
    return this.oddsTaken ? ['roll'] : ['roll', 'odds'];
  }

  act(action: CrapsAction): bigint {
    if (this.finished) throw new IllegalActionError('the round is over');
    if (action.type === 'roll') {
      const total = this.roll();
      if (total === this.point) this.passResult = 'win';
      else if (total === 7) this.passResult = 'lose';
      return 0n;
    }
    if (action.type !== 'odds') throw new IllegalActionError('roll or odds');
    if (this.oddsTaken) throw new IllegalActionError('odds are taken once, before the next roll');
    const point = this.point!;
    const pass = action.pass ?? 0n;
    const dontPass = action.dontPass ?? 0n;
    if (typeof pass !== 'bigint' || typeof dontPass !== 'bigint' || pass < 0n || dontPass < 0n) {
      throw new IllegalActionError('odds cannot be negative');
    }
    if (pass === 0n && dontPass === 0n) throw new IllegalActionError("take odds on pass or lay them on don't pass");
    if (pass > (this.bets.pass ?? 0n) * BigInt(PASS_ODDS[point]!.max)) {
      throw new IllegalActionError(`pass odds on ${point} are at most ${PASS_ODDS[point]!.max}x the pass line`);
    }
    if (dontPass > (this.bets.dontPass ?? 0n) * BigInt(DONT_PASS_ODDS_MAX)) {
      throw new IllegalActionError(`don't pass odds are at most ${DONT_PASS_ODDS_MAX}x the don't pass line`);
    }
    this.passOdds = pass;
    this.dontPassOdds = dontPass;
    this.oddsTaken = true;
    return pass + dontPass;
  }

  view(): CrapsView {
    return {
      phase: this.finished ? 'finished' : 'point',
      rolls: this.rolls.map(([a, b]) => [a, b]),
      point: this.point,
      oddsTaken: this.oddsTaken,
    };
  }

  settlement(): TableSettlement {
    if (!this.finished) throw new IllegalActionError('the round is not finished');
    const comeOut = this.rolls[0]![0] + this.rolls[0]![1];
    const bets: SettledBet[] = [];
    const won = this.passResult === 'win';
    if (this.bets.pass) bets.push(settledBet('pass line', this.bets.pass, won ? paysToOne(1) : LOSE));
    if (this.bets.dontPass) {
      const bar = this.point === null && comeOut === 12;
      bets.push(settledBet("don't pass", this.bets.dontPass, bar ? PUSH : won ? LOSE : paysToOne(1)));
    }
    if (this.passOdds > 0n) {
      bets.push(settledBet('pass odds', this.passOdds, won ? PASS_ODDS[this.point!]!.multiplier : LOSE));
    }
    if (this.dontPassOdds > 0n) {
      bets.push(settledBet("don't pass odds", this.dontPassOdds, won ? LOSE : DONT_PASS_ODDS[this.point!]!));
    }
    if (this.bets.field) bets.push(settledBet('field', this.bets.field, fieldMultiplier(comeOut)));
    return settlementOf(bets);
  }

  private roll(): number {
    const dice: [number, number] = [rollDie(this.next), rollDie(this.next)];
    this.rolls.push(dice);
    return dice[0] + dice[1];
  }
}
