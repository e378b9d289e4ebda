import type { Multiplier } from '../multiplier';
import { cardName, rankOf, type Card, type CardSource } from './cards';
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

/**
 * Red dog (acey-deucey) from an eight-deck shoe, fresh each round. Two cards are dealt face up; aces are high, suits do
 * not count.
 * - Consecutive ranks (6-7, K-A): a push, the round ends.
 * - A pair: a third card is dealt at once; three of a kind pays 11:1, anything else pushes.
 * - Otherwise the spread is the number of ranks strictly between the two. The player may raise, staking the ante
 *   again, then the third card is dealt: strictly between the two wins by the spread (1: 5:1, 2: 4:1, 3: 2:1,
 *   4 or more: 1:1, the raise paid the same), anything else loses both bets.
 * Raising on a spread of 7 or more is the strategy that maximises the return.
 */
export const RED_DOG_DECKS = 8;
export const RED_DOG_FLOATS = 3;

export const RED_DOG_ACTIONS = ['raise', 'stand'] as const;
export type RedDogActionType = (typeof RED_DOG_ACTIONS)[number];
export interface RedDogAction {
  type: RedDogActionType;
}

export interface RedDogBets {
  ante: bigint;
}

export const RED_DOG_TRIPS = paysToOne(11);

export function spreadPays(spread: number): number {
  if (spread === 1) return 5;
  if (spread === 2) return 4;
  if (spread === 3) return 2;
  return 1;
}

/** Ranks strictly between the two cards; -1 for a pair, 0 for consecutive cards. */
export function redDogSpread(first: Card, second: Card): number {
  const gap = Math.abs(rankOf(first) - rankOf(second));
  return gap === 0 ? -1 : gap - 1;
}

export function validateRedDogBets(bets: RedDogBets): string | null {
  return typeof bets.ante === 'bigint' && bets.ante > 0n ? null : 'the ante must be a positive amount';
}

export interface RedDogView {
  phase: 'deciding' | 'finished';
  cards: string[];
  /** -1 a pair, 0 consecutive, else the ranks between. */
  spread: number;
  raised: boolean;
}

export class RedDogRound implements TableRound<RedDogAction, RedDogView> {
  readonly cards: Card[];
  private raised = false;
  private done = false;

  constructor(
    private readonly bets: RedDogBets,
    private readonly shoe: CardSource,
  ) {
    this.cards = [shoe.draw(), shoe.draw()];
    const spread = this.spread;
    if (spread === -1) this.cards.push(shoe.draw());
    if (spread <= 0) this.done = true;
  }

  get spread(): number {
    return redDogSpread(this.cards[0]!, this.cards[1]!);
  }

  get finished(): boolean {
    return this.done;
  }

  allowedActions(): readonly RedDogActionType[] {
    return this.done ? [] : RED_DOG_ACTIONS;
  }

  act(action: RedDogAction): bigint {
    if (this.done) throw new IllegalActionError('the round is over');
    if (!RED_DOG_ACTIONS.includes(action.type)) throw new IllegalActionError('raise or stand');
    this.raised = action.type === 'raise';
    this.cards.push(this.shoe.draw());
    this.done = true;
    return this.raised ? this.bets.ante : 0n;
  }

  view(): RedDogView {
    return {
      phase: this.done ? 'finished' : 'deciding',
      cards: this.cards.map(cardName),
      spread: this.spread,
      raised: this.raised,
    };
  }

  /** The multiplier of the ante (and of the raise) once the round is over. */
  multiplier(): Multiplier {
    const spread = this.spread;
    const [first, second, third] = this.cards.map(rankOf) as [number, number, number | undefined];
    if (spread === 0) return PUSH;
    if (spread === -1) return third === first ? RED_DOG_TRIPS : PUSH;
    const low = Math.min(first, second);
    const high = Math.max(first, second);
    return third !== undefined && third > low && third < high ? paysToOne(spreadPays(spread)) : LOSE;
  }

  settlement(): TableSettlement {
    if (!this.done) throw new IllegalActionError('the round is not finished');
    const multiplier = this.multiplier();
    const bets: SettledBet[] = [settledBet('ante', this.bets.ante, multiplier)];
    if (this.raised) bets.push(settledBet('raise', this.bets.ante, multiplier));
    return settlementOf(bets);
  }
}
