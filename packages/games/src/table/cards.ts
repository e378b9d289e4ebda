/**
 * Cards and shoes for the card games. A card is a number 0–51: its rank is (card >> 2) + 2 (2–14, 14 is the ace) and
 * its suit card & 3 (0 clubs, 1 diamonds, 2 hearts, 3 spades). Numbers keep the engines fast enough to play ten
 * million simulated rounds; `cardName` gives the familiar "As", "Td", "2c" for screens and tests.
 */
export type Card = number;

export const RANKS = '23456789TJQKA';
export const SUITS = 'cdhs';
export const ACE = 14;

export function rankOf(card: Card): number {
  return (card >> 2) + 2;
}

export function suitOf(card: Card): number {
  return card & 3;
}

export function makeCard(rank: number, suit: number): Card {
  return ((rank - 2) << 2) | suit;
}

export function cardName(card: Card): string {
  return `${RANKS[rankOf(card) - 2]}${SUITS[suitOf(card)]}`;
}

/** "As" → the ace of spades; throws on anything else, so a mistyped test card fails loudly. */
export function parseCard(name: string): Card {
  const rank = RANKS.indexOf(name[0] ?? '');
  const suit = SUITS.indexOf(name[1] ?? '');
  if (name.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`not a card: ${name}`);
  return makeCard(rank + 2, suit);
}

export function parseCards(names: string): Card[] {
  return names.split(/\s+/).filter(Boolean).map(parseCard);
}

/** The round's floats, read one after another. */
export type FloatSource = () => number;

/** Reads a round's precomputed floats in order; running out is a bug in `floatsNeeded`, never a silent reuse. */
export function floatReader(floats: readonly number[]): FloatSource {
  let cursor = 0;
  return () => {
    if (cursor >= floats.length) throw new RangeError('the round needs more floats than it was given');
    return floats[cursor++]!;
  };
}

/**
 * A shoe of `decks` 52-card decks, dealt by a Fisher–Yates shuffle that runs as the cards are dealt. The shoe starts in
 * the canonical order (deck after deck, each deck card 0 to 51); the k-th card dealt (k from 0) reads the round's next
 * float f and swaps position k with position k + floor(f × (N − k)), N the shoe's size, then deals position k. That is
 * Durstenfeld's forward Fisher–Yates stopped after the cards the round needs, so the cards dealt are exactly the first
 * cards of the full shuffle those floats drive, and a verifier replays them with the same few lines.
 */
export class Shoe {
  private readonly cards: Uint16Array;
  private dealt = 0;

  constructor(
    readonly decks: number,
    private readonly next: FloatSource,
  ) {
    this.cards = new Uint16Array(decks * 52);
    for (let index = 0; index < this.cards.length; index += 1) this.cards[index] = index % 52;
  }

  get size(): number {
    return this.cards.length;
  }

  get cardsDealt(): number {
    return this.dealt;
  }

  draw(): Card {
    const position = this.dealt;
    if (position >= this.cards.length) throw new RangeError('the shoe is empty');
    const swap = position + Math.floor(this.next() * (this.cards.length - position));
    const card = this.cards[swap]!;
    this.cards[swap] = this.cards[position]!;
    this.cards[position] = card;
    this.dealt += 1;
    return card;
  }
}

/** A source that deals the given cards in order (tests, and the exact enumerations that choose cards themselves). */
export interface CardSource {
  draw(): Card;
}

export function stackedCards(cards: readonly Card[]): CardSource {
  let cursor = 0;
  return {
    draw() {
      if (cursor >= cards.length) throw new RangeError('the stacked deck is empty');
      return cards[cursor++]!;
    },
  };
}
