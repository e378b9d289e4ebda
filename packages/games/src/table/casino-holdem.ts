import type { Multiplier } from '../multiplier';
import { ACE, cardName, type Card, type CardSource } from './cards';
import { categoryOf, evaluatePoker, isRoyalFlush, scoreRanks, type PokerCategory } from './poker-hands';
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
 * Casino Hold'em, one deck shuffled for each round. Dealt in order: two cards to the player, two to the dealer (face
 * down), a three-card flop. The player then folds (ante and AA bonus lost) or calls, staking twice the ante; the turn
 * and river follow and each side makes its best five of seven. The dealer qualifies with a pair of fours or better.
 * - Dealer not qualifying: the ante pays by the ante table, the call pushes.
 * - Dealer qualifying: the better hand wins (ante by the table, call 1:1); equal hands push both; a worse hand loses
 *   both.
 * - Ante table: royal flush 100:1, straight flush 20:1, four of a kind 10:1, full house 3:1, flush 2:1, straight or
 *   less 1:1.
 * - AA bonus (optional), on the player's two cards and the flop, paid to a player who calls: royal flush 100:1,
 *   straight flush 50:1, four of a kind 40:1, full house 30:1, flush 20:1, and 7:1 for anything from a pair of aces
 *   to a straight (two pair of any ranks beats a pair of aces, so it pays too).
 */
export const CASINO_HOLDEM_FLOATS = 9;

export const CASINO_HOLDEM_ACTIONS = ['call', 'fold'] as const;
export type CasinoHoldemActionType = (typeof CASINO_HOLDEM_ACTIONS)[number];
export interface CasinoHoldemAction {
  type: CasinoHoldemActionType;
}

export interface CasinoHoldemBets {
  ante: bigint;
  /** 0n or absent: no AA bonus bet. */
  aaBonus?: bigint;
}

/** Ante pays, n to 1, by the player's final hand (royal flush apart). */
export const ANTE_PAYS: Record<PokerCategory, number> = {
  straight_flush: 20,
  four_of_a_kind: 10,
  full_house: 3,
  flush: 2,
  straight: 1,
  three_of_a_kind: 1,
  two_pair: 1,
  pair: 1,
  high_card: 1,
};
export const ANTE_ROYAL_PAYS = 100;

export const AA_BONUS_PAYS: Record<PokerCategory, number> = {
  straight_flush: 50,
  four_of_a_kind: 40,
  full_house: 30,
  flush: 20,
  straight: 7,
  three_of_a_kind: 7,
  two_pair: 7,
  pair: 0,
  high_card: 0,
};
export const AA_BONUS_ROYAL_PAYS = 100;

export function validateCasinoHoldemBets(bets: CasinoHoldemBets): string | null {
  if (typeof bets.ante !== 'bigint' || bets.ante <= 0n) return 'the ante must be a positive amount';
  if (bets.aaBonus !== undefined && (typeof bets.aaBonus !== 'bigint' || bets.aaBonus < 0n)) {
    return 'the AA bonus stake cannot be negative';
  }
  return null;
}

/** A pair of fours or better. */
export function holdemDealerQualifies(dealerScore: number): boolean {
  const category = categoryOf(dealerScore);
  if (category === 'high_card') return false;
  if (category === 'pair') return scoreRanks(dealerScore)[0]! >= 4;
  return true;
}

export function antePays(playerScore: number): number {
  return isRoyalFlush(playerScore) ? ANTE_ROYAL_PAYS : ANTE_PAYS[categoryOf(playerScore)];
}

/** What the AA bonus pays to one on the player's two cards and the flop (0 when it loses). */
export function aaBonusPays(fiveCards: readonly Card[]): number {
  const score = evaluatePoker(fiveCards);
  if (isRoyalFlush(score)) return AA_BONUS_ROYAL_PAYS;
  const category = categoryOf(score);
  if (category === 'pair') return scoreRanks(score)[0] === ACE ? 7 : 0;
  return AA_BONUS_PAYS[category];
}

export interface CasinoHoldemOutcome {
  ante: Multiplier;
  call: Multiplier;
}

/** The ante's and the call's multipliers for a player who called. */
export function casinoHoldemCalled(playerScore: number, dealerScore: number): CasinoHoldemOutcome {
  const anteWin = { numerator: antePays(playerScore) + 1, denominator: 1 };
  if (!holdemDealerQualifies(dealerScore)) return { ante: anteWin, call: PUSH };
  if (playerScore > dealerScore) return { ante: anteWin, call: { numerator: 2, denominator: 1 } };
  if (playerScore === dealerScore) return { ante: PUSH, call: PUSH };
  return { ante: LOSE, call: LOSE };
}

export interface CasinoHoldemView {
  phase: 'deciding' | 'finished';
  player: string[];
  /** The flop while deciding; all five once called. */
  board: string[];
  /** Hidden (null) until the player has called or folded. */
  dealer: string[] | null;
  playerHand: PokerCategory;
  dealerHand: PokerCategory | null;
  dealerQualifies: boolean | null;
  decision: CasinoHoldemActionType | null;
}

export class CasinoHoldemRound implements TableRound<CasinoHoldemAction, CasinoHoldemView> {
  readonly player: Card[];
  readonly dealer: Card[];
  readonly board: Card[];
  private decision: CasinoHoldemActionType | null = null;

  constructor(
    private readonly bets: CasinoHoldemBets,
    private readonly shoe: CardSource,
  ) {
    this.player = [shoe.draw(), shoe.draw()];
    this.dealer = [shoe.draw(), shoe.draw()];
    this.board = [shoe.draw(), shoe.draw(), shoe.draw()];
  }

  get finished(): boolean {
    return this.decision !== null;
  }

  allowedActions(): readonly CasinoHoldemActionType[] {
    return this.finished ? [] : CASINO_HOLDEM_ACTIONS;
  }

  act(action: CasinoHoldemAction): bigint {
    if (this.finished) throw new IllegalActionError('the round is over');
    if (!CASINO_HOLDEM_ACTIONS.includes(action.type)) throw new IllegalActionError('call or fold');
    this.decision = action.type;
    if (action.type === 'fold') return 0n;
    this.board.push(this.shoe.draw(), this.shoe.draw());
    return this.bets.ante * 2n;
  }

  view(): CasinoHoldemView {
    const called = this.decision === 'call';
    const playerScore = evaluatePoker([...this.player, ...this.board]);
    const dealerScore = evaluatePoker([...this.dealer, ...this.board]);
    return {
      phase: this.finished ? 'finished' : 'deciding',
      player: this.player.map(cardName),
      board: this.board.map(cardName),
      dealer: this.finished ? this.dealer.map(cardName) : null,
      playerHand: categoryOf(playerScore),
      dealerHand: called ? categoryOf(dealerScore) : null,
      dealerQualifies: called ? holdemDealerQualifies(dealerScore) : null,
      decision: this.decision,
    };
  }

  settlement(): TableSettlement {
    if (!this.finished) throw new IllegalActionError('the round is not finished');
    const bets: SettledBet[] = [];
    const aaBonus = this.bets.aaBonus ?? 0n;
    if (this.decision === 'fold') {
      bets.push(settledBet('ante', this.bets.ante, LOSE));
      if (aaBonus > 0n) bets.push(settledBet('AA bonus', aaBonus, LOSE));
      return settlementOf(bets);
    }
    const outcome = casinoHoldemCalled(
      evaluatePoker([...this.player, ...this.board]),
      evaluatePoker([...this.dealer, ...this.board]),
    );
    bets.push(settledBet('ante', this.bets.ante, outcome.ante));
    bets.push(settledBet('call', this.bets.ante * 2n, outcome.call));
    if (aaBonus > 0n) {
      const pays = aaBonusPays([...this.player, ...this.board.slice(0, 3)]);
      bets.push(settledBet('AA bonus', aaBonus, pays > 0 ? { numerator: pays + 1, denominator: 1 } : LOSE));
    }
    return settlementOf(bets);
  }
}
