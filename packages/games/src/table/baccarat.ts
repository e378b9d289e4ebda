import type { Multiplier } from '../multiplier';
import { cardName, rankOf, type Card, type CardSource } from './cards';
import {
  IllegalActionError,
  LOSE,
  PUSH,
  paysToOne,
  settledBet,
  settlementOf,
  type TableRound,
  type TableSettlement,
} from './round';

/**
 * Punto banco from an eight-deck shoe, fresh each coup. Cards count their pips, aces 1, tens and faces 0; a hand is
 * worth its total modulo 10. Cards are dealt player, banker, player, banker, then the player's third card and the
 * banker's by the standard tableau:
 * - a natural (8 or 9 on either first two cards) ends the coup;
 * - the player draws on 0–5 and stands on 6–7;
 * - if the player stood, the banker draws on 0–5 and stands on 6–7;
 * - if the player drew a third card worth t, the banker draws on 0–2; on 3 unless t = 8; on 4 if t is 2–7; on 5 if t is
 *   4–7; on 6 if t is 6–7; stands on 7.
 * Bets: player 1:1, banker 0.95:1 (5% commission, 39/20 back), tie 8:1 (player and banker bets push on a tie), player
 * pair and banker pair 11:1 (the hand's first two cards of the same rank).
 */
export const BACCARAT_DECKS = 8;
/** A coup deals at most six cards. */
export const BACCARAT_FLOATS = 6;

export const BACCARAT_BETS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratBetKind = (typeof BACCARAT_BETS)[number];

export interface BaccaratBets {
  bets: { kind: BaccaratBetKind; stake: bigint }[];
}

export const BANKER_WIN: Multiplier = { numerator: 39, denominator: 20 };
export const PLAYER_WIN: Multiplier = { numerator: 2, denominator: 1 };
export const TIE_WIN = paysToOne(8);
export const PAIR_WIN = paysToOne(11);

export function baccaratPoints(card: Card): number {
  const rank = rankOf(card);
  if (rank === 14) return 1;
  return rank >= 10 ? 0 : rank;
}

export function baccaratTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + baccaratPoints(card), 0) % 10;
}

/** Whether the player draws a third card on this two-card total (when neither hand is a natural). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/** Whether the banker draws: `playerThird` is the point value of the player's third card, or null if the player stood. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export interface Coup {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

/** Deals one coup from the shoe by the tableau. */
export function dealCoup(shoe: CardSource): Coup {
  const player = [shoe.draw()];
  const banker = [shoe.draw()];
  player.push(shoe.draw());
  banker.push(shoe.draw());
  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(baccaratTotal(player))) {
      const card = shoe.draw();
      player.push(card);
      playerThird = baccaratPoints(card);
    }
    if (bankerDraws(baccaratTotal(banker), playerThird)) banker.push(shoe.draw());
  }
  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: rankOf(player[0]!) === rankOf(player[1]!),
    bankerPair: rankOf(banker[0]!) === rankOf(banker[1]!),
  };
}

export function baccaratBetMultiplier(kind: BaccaratBetKind, coup: Coup): Multiplier {
  switch (kind) {
    case 'player':
      return coup.winner === 'player' ? PLAYER_WIN : coup.winner === 'tie' ? PUSH : LOSE;
    case 'banker':
      return coup.winner === 'banker' ? BANKER_WIN : coup.winner === 'tie' ? PUSH : LOSE;
    case 'tie':
      return coup.winner === 'tie' ? TIE_WIN : LOSE;
    case 'player_pair':
      return coup.playerPair ? PAIR_WIN : LOSE;
    case 'banker_pair':
      return coup.bankerPair ? PAIR_WIN : LOSE;
  }
}

export const BACCARAT_MAX_BETS = 5;

export function validateBaccaratBets({ bets }: BaccaratBets): string | null {
  if (!Array.isArray(bets) || bets.length === 0) return 'place at least one bet';
  const seen = new Set<string>();
  for (const bet of bets) {
    if (!(BACCARAT_BETS as readonly string[]).includes(bet.kind)) return 'unknown bet';
    if (seen.has(bet.kind)) return `one ${bet.kind} bet per coup`;
    seen.add(bet.kind);
    if (typeof bet.stake !== 'bigint' || bet.stake <= 0n) return 'each bet needs a positive stake';
  }
  return null;
}

export interface BaccaratView {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: Coup['winner'];
  playerPair: boolean;
  bankerPair: boolean;
}

export class BaccaratRound implements TableRound<never, BaccaratView> {
  readonly finished = true;
  readonly coup: Coup;

  constructor(
    private readonly bets: BaccaratBets,
    shoe: CardSource,
  ) {
    this.coup = dealCoup(shoe);
  }

  allowedActions(): readonly string[] {
    return [];
  }

  act(): bigint {
    throw new IllegalActionError('a baccarat coup has no actions');
  }

  view(): BaccaratView {
    const { player, banker, ...rest } = this.coup;
    return { player: player.map(cardName), banker: banker.map(cardName), ...rest };
  }

  settlement(): TableSettlement {
    return settlementOf(
      this.bets.bets.map((bet) => settledBet(bet.kind, bet.stake, baccaratBetMultiplier(bet.kind, this.coup))),
    );
  }
}
