/**
 * The table games behind one entry point: see README.md beside this file for how the api hosts a round.
 */
import { fairFloats, hashServerSeed, type FairSeeds } from '../fair';
import type { RoundProof } from '../rounds';
import {
  BaccaratRound,
  BACCARAT_DECKS,
  BACCARAT_FLOATS,
  validateBaccaratBets,
  type BaccaratBets,
  type BaccaratView,
} from './baccarat';
import {
  BlackjackRound,
  BLACKJACK_DECKS,
  blackjackFloats,
  validateBlackjackBets,
  type BlackjackAction,
  type BlackjackBets,
  type BlackjackView,
} from './blackjack';
import { floatReader, Shoe, type FloatSource } from './cards';
import {
  CasinoHoldemRound,
  CASINO_HOLDEM_FLOATS,
  validateCasinoHoldemBets,
  type CasinoHoldemAction,
  type CasinoHoldemBets,
  type CasinoHoldemView,
} from './casino-holdem';
import { CrapsRound, crapsFloats, validateCrapsBets, type CrapsAction, type CrapsBets, type CrapsView } from './craps';
import {
  RedDogRound,
  RED_DOG_DECKS,
  RED_DOG_FLOATS,
  validateRedDogBets,
  type RedDogAction,
  type RedDogBets,
  type RedDogView,
} from './red-dog';
import {
  RouletteRound,
  ROULETTE_FLOATS,
  validateRouletteBets,
  type RouletteBets,
  type RouletteVariant,
  type RouletteView,
} from './roulette';
import type { TableRound, TableSettlement } from './round';
import { SicBoRound, SIC_BO_FLOATS, validateSicBoBets, type SicBoBets, type SicBoView } from './sic-bo';
import {
  ThreeCardPokerRound,
  THREE_CARD_POKER_FLOATS,
  validateThreeCardPokerBets,
  type ThreeCardPokerAction,
  type ThreeCardPokerBets,
  type ThreeCardPokerView,
} from './three-card-poker';
import {
  VideoPokerRound,
  VIDEO_POKER_FLOATS,
  validateVideoPokerBets,
  type VideoPokerAction,
  type VideoPokerBets,
  type VideoPokerView,
} from './video-poker';

/** Each table game by its rules (an engine and its variant): what a catalogue entry names. */
export const TABLE_GAMES = [
  'blackjack',
  'blackjack-multihand',
  'roulette-european',
  'roulette-french',
  'roulette-american',
  'baccarat',
  'three-card-poker',
  'casino-holdem',
  'video-poker-jacks-or-better',
  'sic-bo',
  'red-dog',
  'craps',
] as const;
export type TableGame = (typeof TABLE_GAMES)[number];

/**
 * The return to player of each game's main bet, in basis points, under the strategy its module names (basic strategy,
 * Q-6-4, the best hold, raising on 7 or more; casino hold'em the simple strategy of casino-holdem-strategy.ts): per
 * unit of the initial stake, as published house edges are. Roulette, sic bo and craps: the even-money bets; baccarat:
 * banker. Figures and how each was computed: docs/decisions.md, "Table games" (rtp.ts, scripts/rtp.ts).
 */
export const TABLE_STATED_RTP_BP: Record<TableGame, number> = {
  blackjack: 9960,
  'blackjack-multihand': 9960,
  'roulette-european': 9730,
  'roulette-french': 9730,
  'roulette-american': 9474,
  baccarat: 9894,
  'three-card-poker': 9663,
  'casino-holdem': 9731,
  'video-poker-jacks-or-better': 9954,
  'sic-bo': 9722,
  'red-dog': 9725,
  craps: 9859,
};

/**
 * The lowest return of any bet the game takes: blackjack's insurance (3 × P(ten in the hole) = 3 × 29,664/96,099),
 * the American top line, baccarat's tie, the AA bonus, sic bo's totals of 9 and 12, craps' field.
 */
export const TABLE_LOWEST_RTP_BP: Record<TableGame, number> = {
  blackjack: 9260,
  'blackjack-multihand': 9260,
  'roulette-european': 9730,
  'roulette-french': 9730,
  'roulette-american': 9211,
  baccarat: 8564,
  'three-card-poker': 9663,
  'casino-holdem': 9374,
  'video-poker-jacks-or-better': 9954,
  'sic-bo': 8102,
  'red-dog': 9725,
  craps: 9722,
};

/**
 * The largest multiple of a round's total stake a round can pay (the wallet caps wins per game, so a game's cap must
 * never be below this). A round's pay over its stake is at most its best bet's multiplier: blackjack 3:2 (2.5; an
 * insurance win comes only with a dealer blackjack, when the box returns at most its stake: (1 + 1.5)/1.5), roulette
 * a straight (36), baccarat a pair (12), three card poker's pair plus straight flush (41), casino hold'em's royal
 * flush on the ante or the AA bonus (101), the royal at 800 for one, sic bo's triple (181), red dog's three of a kind
 * (12), craps' field on 12 (4).
 */
export const TABLE_MAX_MULTIPLIER: Record<TableGame, number> = {
  blackjack: 2.5,
  'blackjack-multihand': 2.5,
  'roulette-european': 36,
  'roulette-french': 36,
  'roulette-american': 36,
  baccarat: 12,
  'three-card-poker': 41,
  'casino-holdem': 101,
  'video-poker-jacks-or-better': 800,
  'sic-bo': 181,
  'red-dog': 12,
  craps: 4,
};

/** Everything a round is replayed from, besides its seeds and nonce: the game, the initial bets, the actions so far. */
export type TableRoundInput =
  | { game: 'blackjack' | 'blackjack-multihand'; bets: BlackjackBets; actions: BlackjackAction[] }
  | { game: 'roulette-european' | 'roulette-french' | 'roulette-american'; bets: RouletteBets; actions: never[] }
  | { game: 'baccarat'; bets: BaccaratBets; actions: never[] }
  | { game: 'three-card-poker'; bets: ThreeCardPokerBets; actions: ThreeCardPokerAction[] }
  | { game: 'casino-holdem'; bets: CasinoHoldemBets; actions: CasinoHoldemAction[] }
  | { game: 'video-poker-jacks-or-better'; bets: VideoPokerBets; actions: VideoPokerAction[] }
  | { game: 'sic-bo'; bets: SicBoBets; actions: never[] }
  | { game: 'red-dog'; bets: RedDogBets; actions: RedDogAction[] }
  | { game: 'craps'; bets: CrapsBets; actions: CrapsAction[] };

/** What each game's player sees. */
export interface TableViews {
  blackjack: BlackjackView;
  'blackjack-multihand': BlackjackView;
  'roulette-european': RouletteView;
  'roulette-french': RouletteView;
  'roulette-american': RouletteView;
  baccarat: BaccaratView;
  'three-card-poker': ThreeCardPokerView;
  'casino-holdem': CasinoHoldemView;
  'video-poker-jacks-or-better': VideoPokerView;
  'sic-bo': SicBoView;
  'red-dog': RedDogView;
  craps: CrapsView;
}
export type TableView = TableViews[TableGame];

interface TableRoundStateOf<Game extends TableGame> {
  game: Game;
  finished: boolean;
  /** The action types the player may send next; empty once finished. */
  allowedActions: readonly string[];
  /** The sum of the initial bets: the round's first bet call. */
  initialStake: bigint;
  /** The stake each action added, in order (0n when none): each non-zero one is one more bet call of the round. */
  actionStakes: bigint[];
  /** What the player may see now: JSON-safe (numbers, strings, card names), hidden cards left out. */
  view: TableViews[Game];
  /** Once finished: every bet with its multiplier and payout, the total staked and the total to pay. */
  settlement: TableSettlement | null;
}

/** A round as it stands after its actions; `game` tells which view it carries. */
export type TableRoundState = { [Game in TableGame]: TableRoundStateOf<Game> }[TableGame];

/** How many of the round's fair floats this input can consume at most (more is harmless, fewer would throw). */
export function tableFloatsNeeded(input: TableRoundInput): number {
  switch (input.game) {
    case 'blackjack':
    case 'blackjack-multihand':
      return blackjackFloats(input.bets.boxes.length);
    case 'roulette-european':
    case 'roulette-french':
    case 'roulette-american':
      return ROULETTE_FLOATS;
    case 'baccarat':
      return BACCARAT_FLOATS;
    case 'three-card-poker':
      return THREE_CARD_POKER_FLOATS;
    case 'casino-holdem':
      return CASINO_HOLDEM_FLOATS;
    case 'video-poker-jacks-or-better':
      return VIDEO_POKER_FLOATS;
    case 'sic-bo':
      return SIC_BO_FLOATS;
    case 'red-dog':
      return RED_DOG_FLOATS;
    case 'craps':
      return crapsFloats(input.actions.length);
  }
}

function rouletteVariant(game: 'roulette-european' | 'roulette-french' | 'roulette-american'): RouletteVariant {
  if (game === 'roulette-french') return 'french';
  return game === 'roulette-american' ? 'american' : 'european';
}

/** Why these initial bets cannot be played, or null when they can (actions are checked as they are applied). */
export function validateTableBets(input: TableRoundInput): string | null {
  if (!(TABLE_GAMES as readonly string[]).includes(input.game)) return 'unknown game';
  if (!input.bets || typeof input.bets !== 'object') return 'bets are required';
  switch (input.game) {
    case 'blackjack':
      return validateBlackjackBets('classic', input.bets);
    case 'blackjack-multihand':
      return validateBlackjackBets('multihand', input.bets);
    case 'roulette-european':
    case 'roulette-french':
    case 'roulette-american':
      return validateRouletteBets(rouletteVariant(input.game), input.bets);
    case 'baccarat':
      return validateBaccaratBets(input.bets);
    case 'three-card-poker':
      return validateThreeCardPokerBets(input.bets);
    case 'casino-holdem':
      return validateCasinoHoldemBets(input.bets);
    case 'video-poker-jacks-or-better':
      return validateVideoPokerBets(input.bets);
    case 'sic-bo':
      return validateSicBoBets(input.bets);
    case 'red-dog':
      return validateRedDogBets(input.bets);
    case 'craps':
      return validateCrapsBets(input.bets);
  }
}

const sum = (stakes: readonly (bigint | undefined)[]) =>
  stakes.reduce<bigint>((total, stake) => total + (stake ?? 0n), 0n);

export function tableInitialStake(input: TableRoundInput): bigint {
  switch (input.game) {
    case 'blackjack':
    case 'blackjack-multihand':
      return sum(input.bets.boxes);
    case 'roulette-european':
    case 'roulette-french':
    case 'roulette-american':
    case 'baccarat':
    case 'sic-bo':
      return sum(input.bets.bets.map((bet) => bet.stake));
    case 'three-card-poker':
      return sum([input.bets.ante, input.bets.pairPlus]);
    case 'casino-holdem':
      return sum([input.bets.ante, input.bets.aaBonus]);
    case 'video-poker-jacks-or-better':
      return input.bets.stake;
    case 'red-dog':
      return input.bets.ante;
    case 'craps':
      return sum([input.bets.pass, input.bets.dontPass, input.bets.field]);
  }
}

function run<Game extends TableGame, Action>(
  game: Game,
  initialStake: bigint,
  round: TableRound<Action, TableViews[Game]>,
  actions: readonly Action[],
): TableRoundStateOf<Game> {
  const actionStakes = actions.map((action) => round.act(action));
  return {
    game,
    finished: round.finished,
    allowedActions: round.allowedActions(),
    initialStake,
    actionStakes,
    view: round.view(),
    settlement: round.finished ? round.settlement() : null,
  };
}

/**
 * Replays a round from its floats, its initial bets and its actions: pure, the same on the server and in the verifying
 * browser. Throws RangeError for bets that cannot be played and IllegalActionError for the first action the round did
 * not allow.
 */
export function replayTableRound(input: TableRoundInput, floats: readonly number[]): TableRoundState {
  const problem = validateTableBets(input);
  if (problem) throw new RangeError(problem);
  if (!Array.isArray(input.actions)) throw new RangeError('actions must be a list');
  const next: FloatSource = floatReader(floats);
  const shoe = (decks: number) => new Shoe(decks, next);
  const stake = tableInitialStake(input);
  switch (input.game) {
    case 'blackjack':
    case 'blackjack-multihand':
      return run(input.game, stake, new BlackjackRound(input.bets, shoe(BLACKJACK_DECKS)), input.actions);
    case 'roulette-european':
    case 'roulette-french':
    case 'roulette-american':
      return run(input.game, stake, new RouletteRound(rouletteVariant(input.game), input.bets, next), input.actions);
    case 'baccarat':
      return run(input.game, stake, new BaccaratRound(input.bets, shoe(BACCARAT_DECKS)), input.actions);
    case 'three-card-poker':
      return run(input.game, stake, new ThreeCardPokerRound(input.bets, shoe(1)), input.actions);
    case 'casino-holdem':
      return run(input.game, stake, new CasinoHoldemRound(input.bets, shoe(1)), input.actions);
    case 'video-poker-jacks-or-better':
      return run(input.game, stake, new VideoPokerRound(input.bets, shoe(1)), input.actions);
    case 'sic-bo':
      return run(input.game, stake, new SicBoRound(input.bets, next), input.actions);
    case 'red-dog':
      return run(input.game, stake, new RedDogRound(input.bets, shoe(RED_DOG_DECKS)), input.actions);
    case 'craps':
      return run(input.game, stake, new CrapsRound(input.bets, next), input.actions);
  }
}

/** Plays (or replays) a provably fair round: the floats come from the seeds and nonce, the rest from the input. */
export async function playFairTableRound(seeds: FairSeeds, input: TableRoundInput): Promise<TableRoundState> {
  const problem = validateTableBets(input);
  if (problem) throw new RangeError(problem);
  return replayTableRound(input, await fairFloats(seeds, tableFloatsNeeded(input)));
}

export interface TableVerification {
  /** The revealed server seed hashes to the commitment shown before the round. */
  seedMatchesHash: boolean;
  /** The round recomputed from the seeds, the bets and the actions. */
  state: TableRoundState;
}

/** What a player's browser runs once the server seed is revealed: check the commitment, then replay the round. */
export async function verifyTableRound(proof: RoundProof, input: TableRoundInput): Promise<TableVerification> {
  const seedMatchesHash = (await hashServerSeed(proof.serverSeed)) === proof.serverSeedHash.toLowerCase();
  return { seedMatchesHash, state: await playFairTableRound(proof, input) };
}
