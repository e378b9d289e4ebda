import type { Multiplier } from '../multiplier';
import { ACE, cardName, rankOf, type Card, type CardSource } from './cards';
import {
  IllegalActionError,
  LOSE,
  PUSH,
  settledBet,
  settlementOf,
  type SettledBet,
  type TableRound,
  type TableSettlement,
} from './round';

/**
 * Blackjack, six decks dealt from a fresh shoe every round (a continuous shuffler's game). The rules:
 * - the dealer stands on every 17, soft 17 included, and draws only while a player hand is still live;
 * - a blackjack (two-card 21 of an unsplit box) pays 3:2; against a dealer blackjack it pushes;
 * - the dealer peeks (US hole-card game): with an ace or a ten-value card up the dealer checks the hole card before
 *   anyone plays, so a dealer blackjack takes the original stakes only (no double or split is ever lost to it);
 * - with an ace up, each box is first offered insurance: half its stake (floor, minor units), paying 2:1 when the
 *   dealer has blackjack (with a player blackjack that is "even money");
 * - double on any two cards, after a split too (one more card, stake doubled);
 * - split two cards of the same value (a ten and a king split) into up to four hands per box; aces split once only
 *   and take one card each; 21 after a split is 21, not a blackjack;
 * - a hand at 21 stands by itself; no surrender.
 * Multihand blackjack is the same game with up to three boxes, played left to right against one dealer hand.
 *
 * Deal order: one card to each box, the dealer's up card, a second card to each box, the dealer's hole card; then
 * each hand's draws as it is played; after a split the first hand draws its second card at once and the next hand
 * when its turn comes; then the dealer's draws.
 */
export const BLACKJACK_DECKS = 6;
export const BLACKJACK_MAX_HANDS_PER_BOX = 4;
export const BLACKJACK_VARIANTS = { classic: { maxBoxes: 1 }, multihand: { maxBoxes: 3 } } as const;
export type BlackjackVariant = keyof typeof BLACKJACK_VARIANTS;

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'no_insurance'] as const;
export type BlackjackActionType = (typeof BLACKJACK_ACTIONS)[number];
export interface BlackjackAction {
  type: BlackjackActionType;
}

export interface BlackjackBets {
  /** One stake per box, in minor units: one box in the classic game, up to three in multihand. */
  boxes: bigint[];
}

/** Blackjack pays 3:2: the stake and one and a half times it. */
export const BLACKJACK_PAYS: Multiplier = { numerator: 5, denominator: 2 };
export const BLACKJACK_WIN: Multiplier = { numerator: 2, denominator: 1 };
/** Insurance pays 2:1. */
export const INSURANCE_PAYS: Multiplier = { numerator: 3, denominator: 1 };

/**
 * The most cards a round can deal: every hand (four per box) and the dealer stop drawing at 21 at the latest, and
 * each card counts at least one, so no hand holds more than 21 cards.
 */
export function blackjackFloats(boxes: number): number {
  return boxes * BLACKJACK_MAX_HANDS_PER_BOX * 21 + 21;
}

export function validateBlackjackBets(variant: BlackjackVariant, bets: BlackjackBets): string | null {
  const { maxBoxes } = BLACKJACK_VARIANTS[variant];
  if (!Array.isArray(bets.boxes) || bets.boxes.length < 1 || bets.boxes.length > maxBoxes) {
    return maxBoxes === 1 ? 'bet on exactly one box' : `bet on one to ${maxBoxes} boxes`;
  }
  if (bets.boxes.some((stake) => typeof stake !== 'bigint' || stake <= 0n)) return 'each box needs a positive stake';
  return null;
}

/** The card's count: 2–10 as marked, faces 10, the ace 1 here (`handValue` makes one ace 11 when it fits). */
export function cardPoints(card: Card): number {
  const rank = rankOf(card);
  if (rank === ACE) return 1;
  return rank > 10 ? 10 : rank;
}

export interface HandValue {
  total: number;
  /** An ace counts 11 in `total`. */
  soft: boolean;
}

export function handValue(cards: readonly Card[]): HandValue {
  let total = 0;
  let aces = false;
  for (const card of cards) {
    const points = cardPoints(card);
    total += points;
    if (points === 1) aces = true;
  }
  if (aces && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export function isBlackjack(cards: readonly Card[]): boolean {
  return cards.length === 2 && handValue(cards).total === 21;
}

interface Hand {
  cards: Card[];
  stake: bigint;
  doubled: boolean;
  /** Made by splitting aces: one card only, no further play. */
  splitAces: boolean;
  done: boolean;
}

type InsuranceState = 'not_offered' | 'offered' | 'taken' | 'declined';

interface Box {
  stake: bigint;
  hands: Hand[];
  insurance: InsuranceState;
  insuranceStake: bigint;
}

export type BlackjackPhase = 'insurance' | 'playing' | 'finished';
export type HandStatus = 'waiting' | 'playing' | 'stood' | 'bust' | 'blackjack';

export interface BlackjackHandView {
  cards: string[];
  total: number;
  soft: boolean;
  doubled: boolean;
  status: HandStatus;
}

export interface BlackjackView {
  phase: BlackjackPhase;
  dealer: {
    /** The up card, then the hole card and the draws once revealed. */
    cards: string[];
    holeCardHidden: boolean;
    /** The up card's value while the hole card is hidden. */
    total: number;
    soft: boolean;
  };
  boxes: { hands: BlackjackHandView[]; insurance: InsuranceState }[];
  /** The hand to act on (playing), or the box asked about insurance (insurance); null when finished. */
  active: { box: number; hand: number } | null;
}

export class BlackjackRound implements TableRound<BlackjackAction, BlackjackView> {
  private readonly boxes: Box[];
  private readonly dealer: Card[] = [];
  private phase: BlackjackPhase = 'playing';
  private activeBox = 0;
  private activeHand = 0;
  private dealerRevealed = false;

  constructor(
    bets: BlackjackBets,
    private readonly shoe: CardSource,
  ) {
    this.boxes = bets.boxes.map((stake) => ({
      stake,
      hands: [{ cards: [], stake, doubled: false, splitAces: false, done: false }],
      insurance: 'not_offered',
      insuranceStake: stake / 2n,
    }));
    for (const box of this.boxes) box.hands[0]!.cards.push(shoe.draw());
    this.dealer.push(shoe.draw());
    for (const box of this.boxes) box.hands[0]!.cards.push(shoe.draw());
    this.dealer.push(shoe.draw());

    if (rankOf(this.dealer[0]!) === ACE) {
      for (const box of this.boxes) if (box.insuranceStake > 0n) box.insurance = 'offered';
      const first = this.boxes.findIndex((box) => box.insurance === 'offered');
      if (first >= 0) {
        this.phase = 'insurance';
        this.activeBox = first;
        return;
      }
    }
    this.peekAndPlay();
  }

  get finished(): boolean {
    return this.phase === 'finished';
  }

  allowedActions(): BlackjackActionType[] {
    if (this.phase === 'insurance') return ['insurance', 'no_insurance'];
    if (this.phase === 'finished') return [];
    const hand = this.currentHand();
    const actions: BlackjackActionType[] = ['hit', 'stand'];
    if (hand.cards.length === 2) {
      actions.push('double');
      if (this.canSplit(hand)) actions.push('split');
    }
    return actions;
  }

  act(action: BlackjackAction): bigint {
    const allowed = this.allowedActions();
    if (!allowed.includes(action.type)) {
      throw new IllegalActionError(
        this.phase === 'finished'
          ? 'the round is over'
          : `${action.type} is not allowed now (allowed: ${allowed.join(', ')})`,
      );
    }
    switch (action.type) {
      case 'insurance':
      case 'no_insurance':
        return this.decideInsurance(action.type === 'insurance');
      case 'hit': {
        const hand = this.currentHand();
        hand.cards.push(this.shoe.draw());
        if (handValue(hand.cards).total >= 21) this.finishHand();
        return 0n;
      }
      case 'stand':
        this.finishHand();
        return 0n;
      case 'double': {
        const hand = this.currentHand();
        const extra = hand.stake;
        hand.stake += extra;
        hand.doubled = true;
        hand.cards.push(this.shoe.draw());
        this.finishHand();
        return extra;
      }
      case 'split':
        return this.split();
    }
  }

  view(): BlackjackView {
    const showHole = this.dealerRevealed;
    const dealerCards = showHole ? this.dealer : this.dealer.slice(0, 1);
    const dealerValue = handValue(dealerCards);
    return {
      phase: this.phase,
      dealer: {
        cards: dealerCards.map(cardName),
        holeCardHidden: !showHole,
        total: dealerValue.total,
        soft: dealerValue.soft,
      },
      boxes: this.boxes.map((box, boxIndex) => ({
        insurance: box.insurance,
        hands: box.hands.map((hand, handIndex) => {
          const value = handValue(hand.cards);
          return {
            cards: hand.cards.map(cardName),
            total: value.total,
            soft: value.soft,
            doubled: hand.doubled,
            status: this.handStatus(box, hand, boxIndex, handIndex),
          };
        }),
      })),
      active: this.phase === 'finished' ? null : { box: this.activeBox, hand: this.activeHand },
    };
  }

  settlement(): TableSettlement {
    if (this.phase !== 'finished') throw new IllegalActionError('the round is not finished');
    const dealerBlackjack = isBlackjack(this.dealer);
    const dealerValue = handValue(this.dealer).total;
    const bets: SettledBet[] = [];
    this.boxes.forEach((box, boxIndex) => {
      box.hands.forEach((hand, handIndex) => {
        const label = box.hands.length === 1 ? `box ${boxIndex + 1}` : `box ${boxIndex + 1} hand ${handIndex + 1}`;
        bets.push(settledBet(label, hand.stake, this.handMultiplier(box, hand, dealerBlackjack, dealerValue)));
      });
      if (box.insurance === 'taken') {
        bets.push(
          settledBet(`insurance box ${boxIndex + 1}`, box.insuranceStake, dealerBlackjack ? INSURANCE_PAYS : LOSE),
        );
      }
    });
    return settlementOf(bets);
  }

  /** The dealer's cards (hole card included): for the exact checks and the simulation, never for the player's view. */
  dealerCards(): readonly Card[] {
    return this.dealer;
  }

  /** The hand to act on and the dealer's up card: what a strategy decides on. */
  decisionPoint(): { cards: readonly Card[]; upCard: Card; handsInBox: number } {
    return {
      cards: this.currentHand().cards,
      upCard: this.dealer[0]!,
      handsInBox: this.boxes[this.activeBox]!.hands.length,
    };
  }

  private handMultiplier(box: Box, hand: Hand, dealerBlackjack: boolean, dealerValue: number): Multiplier {
    const natural = box.hands.length === 1 && isBlackjack(hand.cards);
    if (dealerBlackjack) return natural ? PUSH : LOSE;
    if (natural) return BLACKJACK_PAYS;
    const value = handValue(hand.cards).total;
    if (value > 21) return LOSE;
    if (dealerValue > 21 || value > dealerValue) return BLACKJACK_WIN;
    return value === dealerValue ? PUSH : LOSE;
  }

  private handStatus(box: Box, hand: Hand, boxIndex: number, handIndex: number): HandStatus {
    if (box.hands.length === 1 && isBlackjack(hand.cards)) return 'blackjack';
    if (handValue(hand.cards).total > 21) return 'bust';
    if (hand.done) return 'stood';
    return this.phase === 'playing' && boxIndex === this.activeBox && handIndex === this.activeHand
      ? 'playing'
      : 'waiting';
  }

  private currentHand(): Hand {
    return this.boxes[this.activeBox]!.hands[this.activeHand]!;
  }

  private canSplit(hand: Hand): boolean {
    const box = this.boxes[this.activeBox]!;
    return (
      hand.cards.length === 2 &&
      !hand.splitAces &&
      box.hands.length < BLACKJACK_MAX_HANDS_PER_BOX &&
      cardPoints(hand.cards[0]!) === cardPoints(hand.cards[1]!)
    );
  }

  private decideInsurance(take: boolean): bigint {
    const box = this.boxes[this.activeBox]!;
    box.insurance = take ? 'taken' : 'declined';
    const next = this.boxes.findIndex((candidate) => candidate.insurance === 'offered');
    if (next >= 0) {
      this.activeBox = next;
    } else {
      this.peekAndPlay();
    }
    return take ? box.insuranceStake : 0n;
  }

  /** After the deal (and insurance): the dealer checks for blackjack, then the first hand to play is found. */
  private peekAndPlay(): void {
    if (isBlackjack(this.dealer)) {
      for (const box of this.boxes) for (const hand of box.hands) hand.done = true;
      this.finishRound();
      return;
    }
    this.phase = 'playing';
    for (const box of this.boxes) if (isBlackjack(box.hands[0]!.cards)) box.hands[0]!.done = true;
    this.activeBox = 0;
    this.activeHand = 0;
    this.moveToPlayableHand();
  }

  private split(): bigint {
    const box = this.boxes[this.activeBox]!;
    const hand = this.currentHand();
    const aces = rankOf(hand.cards[0]!) === ACE;
    const second = hand.cards.pop()!;
    const next: Hand = { cards: [second], stake: box.stake, doubled: false, splitAces: aces, done: false };
    hand.splitAces = aces;
    box.hands.splice(this.activeHand + 1, 0, next);
    hand.cards.push(this.shoe.draw());
    if (aces) {
      next.cards.push(this.shoe.draw());
      hand.done = true;
      next.done = true;
      this.moveToPlayableHand();
    } else if (handValue(hand.cards).total === 21) {
      this.finishHand();
    }
    return box.stake;
  }

  private finishHand(): void {
    this.currentHand().done = true;
    this.moveToPlayableHand();
  }

  /** From the active hand on, the first hand not yet done; a split hand draws its second card when its turn comes. */
  private moveToPlayableHand(): void {
    for (; this.activeBox < this.boxes.length; this.activeBox += 1, this.activeHand = 0) {
      const hands = this.boxes[this.activeBox]!.hands;
      for (; this.activeHand < hands.length; this.activeHand += 1) {
        const hand = hands[this.activeHand]!;
        if (hand.done) continue;
        if (hand.cards.length === 1) hand.cards.push(this.shoe.draw());
        if (handValue(hand.cards).total === 21) {
          hand.done = true;
          continue;
        }
        return;
      }
    }
    this.playDealer();
  }

  private playDealer(): void {
    const live = this.boxes.some((box) =>
      box.hands.some(
        (hand) => handValue(hand.cards).total <= 21 && !(box.hands.length === 1 && isBlackjack(hand.cards)),
      ),
    );
    if (live) {
      while (handValue(this.dealer).total < 17) this.dealer.push(this.shoe.draw());
    }
    this.finishRound();
  }

  private finishRound(): void {
    this.phase = 'finished';
    this.dealerRevealed = true;
  }
}

export function startBlackjack(bets: BlackjackBets, shoe: CardSource): BlackjackRound {
  return new BlackjackRound(bets, shoe);
}
