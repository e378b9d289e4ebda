import { cardName, type Card, type CardSource } from './cards';
import { categoryOf, evaluatePoker, isRoyalFlush, scoreRanks } from './poker-hands';
import { IllegalActionError, settledBet, settlementOf, type TableRound, type TableSettlement } from './round';

/**
 * Video poker, Jacks or Better "9/6" (full pay): one deck shuffled for each hand, five cards dealt, the player holds
 * any of them and the rest are replaced from the same deck in order, left to right. The final hand pays "for one"
 * (the stake included) as the machine's five-coin column, the royal flush 800 for one.
 */
export const VIDEO_POKER_FLOATS = 10;

export const JACKS_OR_BETTER_HANDS = [
  'royal_flush',
  'straight_flush',
  'four_of_a_kind',
  'full_house',
  'flush',
  'straight',
  'three_of_a_kind',
  'two_pair',
  'jacks_or_better',
  'nothing',
] as const;
export type JacksOrBetterHand = (typeof JACKS_OR_BETTER_HANDS)[number];

/** 9/6 Jacks or Better, "for one" at maximum coins. */
export const JACKS_OR_BETTER_PAYS: Record<JacksOrBetterHand, number> = {
  royal_flush: 800,
  straight_flush: 50,
  four_of_a_kind: 25,
  full_house: 9,
  flush: 6,
  straight: 4,
  three_of_a_kind: 3,
  two_pair: 2,
  jacks_or_better: 1,
  nothing: 0,
};

const JACK = 11;

export function jacksOrBetterHand(cards: readonly Card[]): JacksOrBetterHand {
  const score = evaluatePoker(cards);
  if (isRoyalFlush(score)) return 'royal_flush';
  const category = categoryOf(score);
  switch (category) {
    case 'high_card':
      return 'nothing';
    case 'pair':
      return scoreRanks(score)[0]! >= JACK ? 'jacks_or_better' : 'nothing';
    default:
      return category;
  }
}

export interface VideoPokerBets {
  stake: bigint;
}

export interface VideoPokerAction {
  type: 'draw';
  /** Positions (0–4) of the dealt cards to keep. */
  hold: number[];
}

export function validateVideoPokerBets(bets: VideoPokerBets): string | null {
  return typeof bets.stake === 'bigint' && bets.stake > 0n ? null : 'the stake must be a positive amount';
}

export interface VideoPokerView {
  phase: 'deal' | 'finished';
  /** The five cards on screen: the deal, then the final hand. */
  cards: string[];
  held: number[] | null;
  /** What the cards on screen make now. */
  hand: JacksOrBetterHand;
}

export class VideoPokerRound implements TableRound<VideoPokerAction, VideoPokerView> {
  readonly dealt: Card[];
  private final: Card[] | null = null;
  private held: number[] | null = null;

  constructor(
    private readonly bets: VideoPokerBets,
    private readonly shoe: CardSource,
  ) {
    this.dealt = Array.from({ length: 5 }, () => shoe.draw());
  }

  get finished(): boolean {
    return this.final !== null;
  }

  allowedActions(): readonly string[] {
    return this.finished ? [] : ['draw'];
  }

  act(action: VideoPokerAction): bigint {
    if (this.finished) throw new IllegalActionError('the hand is over');
    if (action.type !== 'draw') throw new IllegalActionError('draw is the only action');
    const hold = action.hold;
    if (
      !Array.isArray(hold) ||
      hold.length > 5 ||
      new Set(hold).size !== hold.length ||
      hold.some((position) => !Number.isInteger(position) || position < 0 || position > 4)
    ) {
      throw new IllegalActionError('hold names distinct positions 0 to 4');
    }
    this.held = [...hold].sort((a, b) => a - b);
    this.final = this.dealt.map((card, position) => (hold.includes(position) ? card : this.shoe.draw()));
    return 0n;
  }

  view(): VideoPokerView {
    const cards = this.final ?? this.dealt;
    return {
      phase: this.finished ? 'finished' : 'deal',
      cards: cards.map(cardName),
      held: this.held,
      hand: jacksOrBetterHand(cards),
    };
  }

  settlement(): TableSettlement {
    if (!this.final) throw new IllegalActionError('the hand is not finished');
    const hand = jacksOrBetterHand(this.final);
    return settlementOf([
      settledBet(`hand: ${hand}`, this.bets.stake, { numerator: JACKS_OR_BETTER_PAYS[hand], denominator: 1 }),
    ]);
  }
}
