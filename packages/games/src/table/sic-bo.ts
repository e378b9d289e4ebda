import type { Multiplier } from '../multiplier';
import type { FloatSource } from './cards';
import {
  IllegalActionError,
  LOSE,
  paysToOne,
  settledBet,
  settlementOf,
  type TableRound,
  type TableSettlement,
} from './round';

/**
 * Sic bo: three dice, one float each (1 + floor(f × 6)). The Atlantic City pay table as the Wizard of Odds lists it:
 * - small (total 4–10) and big (11–17) 1:1, odd and even 1:1 — all four lose to any triple;
 * - a total: 4 or 17 60:1, 5 or 16 30:1, 6 or 15 17:1, 7 or 14 12:1, 8 or 13 8:1, 9, 10, 11 or 12 6:1;
 * - a single number 1:1, 2:1 or 3:1 as it shows on one, two or three dice;
 * - a specific double (two dice or more) 10:1; a two-dice combination (two different numbers) 5:1;
 * - a specific triple 180:1, any triple 30:1.
 */
export const SIC_BO_FLOATS = 3;

export type SicBoBet =
  | { kind: 'small' | 'big' | 'odd' | 'even' | 'any_triple'; stake: bigint }
  | { kind: 'total'; total: number; stake: bigint }
  | { kind: 'single' | 'double' | 'triple'; number: number; stake: bigint }
  | { kind: 'combination'; numbers: [number, number]; stake: bigint };
export type SicBoBetKind = SicBoBet['kind'];

export const SIC_BO_BET_KINDS: readonly SicBoBetKind[] = [
  'small',
  'big',
  'odd',
  'even',
  'any_triple',
  'total',
  'single',
  'double',
  'triple',
  'combination',
];

export interface SicBoBets {
  bets: SicBoBet[];
}

export const SIC_BO_MAX_BETS = 100;

/** n to 1 for each total 4–17. */
export const SIC_BO_TOTAL_PAYS: Record<number, number> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

const isDie = (value: unknown): value is number => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 6;

export function validateSicBoBets({ bets }: SicBoBets): string | null {
  if (!Array.isArray(bets) || bets.length === 0) return 'place at least one bet';
  if (bets.length > SIC_BO_MAX_BETS) return `place at most ${SIC_BO_MAX_BETS} bets`;
  for (const bet of bets) {
    if (typeof bet.stake !== 'bigint' || bet.stake <= 0n) return 'each bet needs a positive stake';
    switch (bet.kind) {
      case 'small':
      case 'big':
      case 'odd':
      case 'even':
      case 'any_triple':
        break;
      case 'total':
        if (!(bet.total in SIC_BO_TOTAL_PAYS) || !Number.isInteger(bet.total)) return 'a total bet names 4 to 17';
        break;
      case 'single':
      case 'double':
      case 'triple':
        if (!isDie(bet.number)) return `a ${bet.kind} bet names a number 1 to 6`;
        break;
      case 'combination':
        if (!Array.isArray(bet.numbers) || bet.numbers.length !== 2 || !bet.numbers.every(isDie)) {
          return 'a combination names two numbers 1 to 6';
        }
        if (bet.numbers[0] === bet.numbers[1]) return 'a combination names two different numbers';
        break;
      default:
        return 'unknown bet';
    }
  }
  return null;
}

export function sicBoBetMultiplier(bet: SicBoBet, dice: readonly number[]): Multiplier {
  const total = dice[0]! + dice[1]! + dice[2]!;
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const count = (number: number) => dice.filter((die) => die === number).length;
  const win = (won: boolean, odds: number) => (won ? paysToOne(odds) : LOSE);
  switch (bet.kind) {
    case 'small':
      return win(!triple && total <= 10, 1);
    case 'big':
      return win(!triple && total >= 11, 1);
    case 'odd':
      return win(!triple && total % 2 === 1, 1);
    case 'even':
      return win(!triple && total % 2 === 0, 1);
    case 'any_triple':
      return win(triple, 30);
    case 'total':
      return win(total === bet.total, SIC_BO_TOTAL_PAYS[bet.total] ?? 0);
    case 'single': {
      const times = count(bet.number);
      return win(times > 0, times);
    }
    case 'double':
      return win(count(bet.number) >= 2, 10);
    case 'triple':
      return win(count(bet.number) === 3, 180);
    case 'combination':
      return win(count(bet.numbers[0]) > 0 && count(bet.numbers[1]) > 0, 5);
  }
}

export function sicBoBetLabel(bet: SicBoBet): string {
  switch (bet.kind) {
    case 'total':
      return `total ${bet.total}`;
    case 'single':
    case 'double':
    case 'triple':
      return `${bet.kind} ${bet.number}`;
    case 'combination':
      return `combination ${bet.numbers[0]}-${bet.numbers[1]}`;
    default:
      return bet.kind;
  }
}

export function rollDie(next: FloatSource): number {
  return 1 + Math.floor(next() * 6);
}

export interface SicBoView {
  dice: number[];
  total: number;
}

export class SicBoRound implements TableRound<never, SicBoView> {
  readonly finished = true;
  readonly dice: number[];

  constructor(
    private readonly bets: SicBoBets,
    next: FloatSource,
  ) {
    this.dice = [rollDie(next), rollDie(next), rollDie(next)];
  }

  allowedActions(): readonly string[] {
    return [];
  }

  act(): bigint {
    throw new IllegalActionError('a sic bo round has no actions');
  }

  view(): SicBoView {
    return { dice: [...this.dice], total: this.dice.reduce((sum, die) => sum + die, 0) };
  }

  settlement(): TableSettlement {
    return settlementOf(
      this.bets.bets.map((bet) => settledBet(sicBoBetLabel(bet), bet.stake, sicBoBetMultiplier(bet, this.dice))),
    );
  }
}
