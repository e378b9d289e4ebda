import type { Multiplier } from '../multiplier';
import { cardName, makeCard, type Card, type CardSource } from './cards';
import { evaluateThreeCard, threeCardCategory, type ThreeCardCategory } from './poker-hands';
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
 * Three card poker, one deck shuffled for each round: three cards to the player, then three to the dealer, face down.
 * - Ante and play: having seen the cards the player folds (the ante is lost) or plays, staking the ante again. The
 *   dealer qualifies with queen high or better. Dealer not qualifying: ante pays 1:1, play pushes. Dealer qualifying:
 *   the better hand wins both bets 1:1, equal hands push both.
 * - Ante bonus, paid on the ante to a player who plays, whatever the dealer holds: straight 1:1, three of a kind 4:1,
 *   straight flush 5:1.
 * - Pair plus (optional), on the player's three cards alone, whatever the dealer holds: pair 1:1, flush 4:1, straight
 *   6:1, three of a kind 30:1, straight flush 40:1 (the Wizard of Odds' pay table 1, the original one). The ante is
 *   required here, and a player who folds forfeits the pair plus with the ante, as at the tables (a pair or better
 *   is never folded by any sane strategy, so this costs the optimal player nothing).
 * The strategy that maximises the ante and play return is "play Q-6-4 or better"; the exact computation sits in rtp.ts.
 */
export const THREE_CARD_POKER_FLOATS = 6;

export const PAIR_PLUS_PAYS: Record<ThreeCardCategory, number> = {
  straight_flush: 40,
  three_of_a_kind: 30,
  straight: 6,
  flush: 4,
  pair: 1,
  high_card: 0,
};

export const ANTE_BONUS_PAYS: Record<ThreeCardCategory, number> = {
  straight_flush: 5,
  three_of_a_kind: 4,
  straight: 1,
  flush: 0,
  pair: 0,
  high_card: 0,
};

export const THREE_CARD_POKER_ACTIONS = ['play', 'fold'] as const;
export type ThreeCardPokerActionType = (typeof THREE_CARD_POKER_ACTIONS)[number];
export interface ThreeCardPokerAction {
  type: ThreeCardPokerActionType;
}

export interface ThreeCardPokerBets {
  ante: bigint;
  /** 0n or absent: no pair plus bet. */
  pairPlus?: bigint;
}

/** Queen high (any Q-x-y) and every pair or better qualify. */
const QUALIFYING_SCORE = evaluateThreeCard([makeCard(12, 0), makeCard(3, 1), makeCard(2, 2)]);

export function dealerQualifies(dealerScore: number): boolean {
  return dealerScore >= QUALIFYING_SCORE;
}

export function validateThreeCardPokerBets(bets: ThreeCardPokerBets): string | null {
  if (typeof bets.ante !== 'bigint' || bets.ante <= 0n) return 'the ante must be a positive amount';
  if (bets.pairPlus !== undefined && (typeof bets.pairPlus !== 'bigint' || bets.pairPlus < 0n)) {
    return 'the pair plus stake cannot be negative';
  }
  return null;
}

/** The ante's multiplier for a player who plays: its win, push or loss plus the ante bonus. */
export function anteMultiplier(playerScore: number, dealerScore: number): Multiplier {
  const bonus = ANTE_BONUS_PAYS[threeCardCategory(playerScore)];
  let base: number;
  if (!dealerQualifies(dealerScore) || playerScore > dealerScore) base = 2;
  else base = playerScore === dealerScore ? 1 : 0;
  return { numerator: base + bonus, denominator: 1 };
}

export function playMultiplier(playerScore: number, dealerScore: number): Multiplier {
  if (!dealerQualifies(dealerScore)) return PUSH;
  if (playerScore > dealerScore) return { numerator: 2, denominator: 1 };
  return playerScore === dealerScore ? PUSH : LOSE;
}

export function pairPlusMultiplier(playerScore: number): Multiplier {
  const pays = PAIR_PLUS_PAYS[threeCardCategory(playerScore)];
  return pays > 0 ? { numerator: pays + 1, denominator: 1 } : LOSE;
}

const Q64_SCORE = evaluateThreeCard([makeCard(12, 0), makeCard(6, 1), makeCard(4, 2)]);

/** "Q-6-4 or better": a pair or better, or high cards at or above queen, six, four in order. */
export function playsByOptimalStrategy(playerScore: number): boolean {
  return playerScore >= Q64_SCORE;
}

export interface ThreeCardPokerView {
  phase: 'deciding' | 'finished';
  player: string[];
  playerHand: ThreeCardCategory;
  /** Hidden (null) until the player has decided. */
  dealer: string[] | null;
  dealerHand: ThreeCardCategory | null;
  dealerQualifies: boolean | null;
  decision: ThreeCardPokerActionType | null;
}

export class ThreeCardPokerRound implements TableRound<ThreeCardPokerAction, ThreeCardPokerView> {
  readonly player: Card[];
  readonly dealer: Card[];
  private decision: ThreeCardPokerActionType | null = null;

  constructor(
    private readonly bets: ThreeCardPokerBets,
    shoe: CardSource,
  ) {
    this.player = [shoe.draw(), shoe.draw(), shoe.draw()];
    this.dealer = [shoe.draw(), shoe.draw(), shoe.draw()];
  }

  get finished(): boolean {
    return this.decision !== null;
  }

  allowedActions(): readonly ThreeCardPokerActionType[] {
    return this.finished ? [] : THREE_CARD_POKER_ACTIONS;
  }

  act(action: ThreeCardPokerAction): bigint {
    if (this.finished) throw new IllegalActionError('the round is over');
    if (!THREE_CARD_POKER_ACTIONS.includes(action.type)) throw new IllegalActionError('play or fold');
    this.decision = action.type;
    return action.type === 'play' ? this.bets.ante : 0n;
  }

  view(): ThreeCardPokerView {
    const playerScore = evaluateThreeCard(this.player);
    const dealerScore = evaluateThreeCard(this.dealer);
    return {
      phase: this.finished ? 'finished' : 'deciding',
      player: this.player.map(cardName),
      playerHand: threeCardCategory(playerScore),
      dealer: this.finished ? this.dealer.map(cardName) : null,
      dealerHand: this.finished ? threeCardCategory(dealerScore) : null,
      dealerQualifies: this.finished ? dealerQualifies(dealerScore) : null,
      decision: this.decision,
    };
  }

  settlement(): TableSettlement {
    if (!this.finished) throw new IllegalActionError('the round is not finished');
    const playerScore = evaluateThreeCard(this.player);
    const dealerScore = evaluateThreeCard(this.dealer);
    const bets: SettledBet[] = [];
    if (this.decision === 'play') {
      bets.push(settledBet('ante', this.bets.ante, anteMultiplier(playerScore, dealerScore)));
      bets.push(settledBet('play', this.bets.ante, playMultiplier(playerScore, dealerScore)));
    } else {
      bets.push(settledBet('ante', this.bets.ante, LOSE));
    }
    if (this.bets.pairPlus) {
      const multiplier = this.decision === 'play' ? pairPlusMultiplier(playerScore) : LOSE;
      bets.push(settledBet('pair plus', this.bets.pairPlus, multiplier));
    }
    return settlementOf(bets);
  }
}
