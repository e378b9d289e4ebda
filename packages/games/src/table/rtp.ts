/**
 * Returns to player computed from the engines themselves: every figure below runs the engine's own settlement code on
 * every outcome (exact) or on simulated rounds. An RTP here is what a bet returns per unit of its initial stake, the
 * convention of the published house edges (blackjack's 0.4%, three card poker's 3.37% "per ante"): extra stakes a
 * strategy adds (doubles, splits, the play or call bet) are part of the return, not of the divisor. `perTotalStake`
 * gives the return per unit of everything staked where the two differ.
 */
import { multiplierValue, type Multiplier } from '../multiplier';
import { seededFloats } from '../simulation';
import { BACCARAT_BETS, BACCARAT_DECKS, baccaratBetMultiplier, dealCoup, type BaccaratBetKind } from './baccarat';
import { BlackjackRound, BLACKJACK_DECKS } from './blackjack';
import { basicStrategy } from './blackjack-strategy';
import { ACE, makeCard, Shoe, stackedCards, type Card, type CardSource } from './cards';
import { casinoHoldemStrategy } from './casino-holdem-strategy';
import { aaBonusPays, CasinoHoldemRound } from './casino-holdem';
import { CrapsRound, type CrapsAction, type CrapsBets } from './craps';
import { RedDogRound, RED_DOG_DECKS } from './red-dog';
import {
  AMERICAN_WHEEL,
  EUROPEAN_WHEEL,
  rouletteBetMultiplier,
  rouletteInsideBets,
  type RouletteBet,
  type RouletteBetKind,
  type RouletteVariant,
} from './roulette';
import { sicBoBetMultiplier, SIC_BO_TOTAL_PAYS, type SicBoBet } from './sic-bo';
import { evaluateThreeCard } from './poker-hands';
import { anteMultiplier, pairPlusMultiplier, playMultiplier, playsByOptimalStrategy } from './three-card-poker';

const value = multiplierValue;

/** Roulette: the exact return of every bet of the layout, by kind (all bets of one kind return the same). */
export function rouletteRtp(variant: RouletteVariant): Partial<Record<RouletteBetKind, number>> {
  const wheel = variant === 'american' ? AMERICAN_WHEEL : EUROPEAN_WHEEL;
  const stake = 1n;
  const bets: RouletteBet[] = [
    ...rouletteInsideBets(variant).map((bet) => ({ ...bet, stake })),
    ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => ({ kind, stake })),
    ...([1, 2, 3] as const).flatMap((index) => [
      { kind: 'dozen' as const, index, stake },
      { kind: 'column' as const, index, stake },
    ]),
  ];
  const rtp: Partial<Record<RouletteBetKind, number>> = {};
  for (const bet of bets) {
    const returned = wheel.reduce((sum, pocket) => sum + value(rouletteBetMultiplier(variant, bet, pocket)), 0);
    const betRtp = returned / wheel.length;
    const known = rtp[bet.kind];
    if (known !== undefined && Math.abs(known - betRtp) > 1e-12) throw new Error(`${bet.kind} bets differ`);
    rtp[bet.kind] = betRtp;
  }
  return rtp;
}

/** How many cards of each rank (2..14) a shoe of `decks` decks holds. */
function rankCounts(decks: number): number[] {
  const counts = new Array<number>(15).fill(0);
  for (let rank = 2; rank <= ACE; rank += 1) counts[rank] = 4 * decks;
  return counts;
}

class NeedsCard extends Error {}

/**
 * Walks every way the engine can draw from a shoe, weighting each card sequence by its probability without
 * replacement. The engine is run on a card source that deals the sequence so far and asks for one more card when it
 * runs out; the walk then branches on that card's class. `classes` groups cards that the engine cannot tell apart for
 * what is measured (baccarat's main bets only see points, so a ten and a king are one class).
 */
function walkDraws(
  decks: number,
  classes: { card: Card; ranks: number[] }[],
  play: (source: CardSource) => void,
  onOutcome: (probability: number) => void,
  maxCards = Infinity,
  filler?: Card,
): void {
  const counts = rankCounts(decks);
  let remaining = decks * 52;
  const sequence: Card[] = [];
  const classCount = (ranks: number[]) => ranks.reduce((sum, rank) => sum + counts[rank]!, 0);
  const visit = (probability: number) => {
    let cursor = 0;
    const source: CardSource = {
      draw() {
        if (cursor < sequence.length) return sequence[cursor++]!;
        if (sequence.length >= maxCards && filler !== undefined) return filler;
        throw new NeedsCard();
      },
    };
    try {
      play(source);
    } catch (error) {
      if (!(error instanceof NeedsCard)) throw error;
      for (const { card, ranks } of classes) {
        const available = classCount(ranks);
        if (available === 0) continue;
        // Take one card of the class from its first rank that still has one: every rank of a class is alike here.
        const rank = ranks.find((candidate) => counts[candidate]! > 0)!;
        counts[rank]! -= 1;
        remaining -= 1;
        sequence.push(card);
        visit((probability * available) / (remaining + 1));
        sequence.pop();
        remaining += 1;
        counts[rank]! += 1;
      }
      return;
    }
    onOutcome(probability);
  };
  visit(1);
}

/**
 * Baccarat: exact, by walking every card sequence the tableau can draw from a full eight-deck shoe. The main bets see
 * only points (ten classes), the pair bets only the ranks of the first four cards (thirteen classes, and the coup
 * completed with tens, which cannot change whether those four pair).
 */
export function baccaratRtp(): Record<BaccaratBetKind, number> {
  const rtp: Record<string, number> = {};
  const pointClasses = [
    { card: makeCard(10, 0), ranks: [10, 11, 12, 13] },
    { card: makeCard(ACE, 0), ranks: [ACE] },
    ...[2, 3, 4, 5, 6, 7, 8, 9].map((rank) => ({ card: makeCard(rank, 0), ranks: [rank] })),
  ];
  const main = { player: 0, banker: 0, tie: 0 };
  let coup: ReturnType<typeof dealCoup> | null = null;
  walkDraws(
    BACCARAT_DECKS,
    pointClasses,
    (source) => {
      coup = dealCoup(source);
    },
    (probability) => {
      for (const kind of ['player', 'banker', 'tie'] as const)
        main[kind] += probability * value(baccaratBetMultiplier(kind, coup!));
    },
  );
  Object.assign(rtp, main);
  const rankClasses = Array.from({ length: 13 }, (_, index) => ({ card: makeCard(index + 2, 0), ranks: [index + 2] }));
  const pairs = { player_pair: 0, banker_pair: 0 };
  walkDraws(
    BACCARAT_DECKS,
    rankClasses,
    (source) => {
      coup = dealCoup(source);
    },
    (probability) => {
      for (const kind of ['player_pair', 'banker_pair'] as const)
        pairs[kind] += probability * value(baccaratBetMultiplier(kind, coup!));
    },
    4,
    makeCard(10, 1),
  );
  Object.assign(rtp, pairs);
  return Object.fromEntries(BACCARAT_BETS.map((kind) => [kind, rtp[kind]!])) as Record<BaccaratBetKind, number>;
}

/** Every 3-card hand of a deck as card triples, with its index by the cards' bits. */
function allThreeCardHands(): { cards: [Card, Card, Card]; score: number }[] {
  const hands: { cards: [Card, Card, Card]; score: number }[] = [];
  for (let a = 0; a < 52; a += 1) {
    for (let b = a + 1; b < 52; b += 1) {
      for (let c = b + 1; c < 52; c += 1) hands.push({ cards: [a, b, c], score: evaluateThreeCard([a, b, c]) });
    }
  }
  return hands;
}

function countBelow(sorted: Float64Array, score: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < score) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface ThreeCardPokerRtp {
  /** Ante and play, optimal strategy, per unit of ante. */
  antePlay: number;
  /** The same per unit of everything staked (the "element of risk" view). */
  antePlayPerTotalStake: number;
  /** Ante and play, playing Q-6-4 or better. */
  antePlayQ64: number;
  /** Hands where Q-6-4 and the optimal decision disagree (expected: none). */
  q64Disagreements: number;
  pairPlus: number;
}

/**
 * Three card poker, exact: every player hand against every dealer hand from the other 49 cards (22,100 × 18,424).
 * Dealer hands below, at or above a score are counted by inclusion–exclusion on sorted score lists (all hands, minus
 * those holding one of the player's cards, plus those holding two, minus the one holding all three), so the whole
 * enumeration is a few binary searches per player hand. The settlement multipliers are the engine's.
 */
export function threeCardPokerRtp(): ThreeCardPokerRtp {
  const hands = allThreeCardHands();
  const sortedOf = (list: number[]) => Float64Array.from(list).sort();
  const all = sortedOf(hands.map((hand) => hand.score));
  const byCard: number[][] = Array.from({ length: 52 }, () => []);
  const byPair = new Map<number, number[]>();
  for (const { cards, score } of hands) {
    for (const card of cards) byCard[card]!.push(score);
    for (const [x, y] of [
      [cards[0], cards[1]],
      [cards[0], cards[2]],
      [cards[1], cards[2]],
    ] as const) {
      const key = x * 52 + y;
      const list = byPair.get(key) ?? [];
      list.push(score);
      byPair.set(key, list);
    }
  }
  const cardLists = byCard.map(sortedOf);
  const pairLists = new Map([...byPair.entries()].map(([key, list]) => [key, sortedOf(list)]));

  // Representative dealer hands for each class of outcome against a player score: non-qualifying, qualifying below,
  // equal, above. Multipliers depend only on the two scores, so a score threshold is all the engine needs.
  const qualifying = evaluateThreeCard([makeCard(12, 0), makeCard(3, 1), makeCard(2, 2)]);
  let optimalReturn = 0;
  let optimalStake = 0;
  let q64Return = 0;
  let disagreements = 0;
  let pairPlus = 0;
  for (const { cards, score } of hands) {
    const [a, b, c] = cards;
    const below = (threshold: number) =>
      countBelow(all, threshold) -
      countBelow(cardLists[a]!, threshold) -
      countBelow(cardLists[b]!, threshold) -
      countBelow(cardLists[c]!, threshold) +
      countBelow(pairLists.get(a * 52 + b)!, threshold) +
      countBelow(pairLists.get(a * 52 + c)!, threshold) +
      countBelow(pairLists.get(b * 52 + c)!, threshold) -
      (score < threshold ? 1 : 0);
    const dealers = 18_424;
    const nonQualifying = below(qualifying);
    const belowPlayer = Math.max(below(score) - nonQualifying, 0);
    const equal = score >= qualifying ? below(score + 1) - below(score) : 0;
    const above = dealers - nonQualifying - belowPlayer - equal;
    // A score for each class, to ask the engine: any non-qualifying dealer score, the player's own, one above, one below.
    const outcome = (dealerScore: number) =>
      value(anteMultiplier(score, dealerScore)) + value(playMultiplier(score, dealerScore));
    const playReturn =
      (nonQualifying * outcome(0) +
        belowPlayer * outcome(Math.max(qualifying, score - 1)) +
        equal * outcome(score) +
        above * outcome(Number.MAX_SAFE_INTEGER)) /
      dealers;
    // Folding returns nothing on the ante; playing stakes the ante again.
    const play = playReturn - 2 > -1;
    optimalReturn += play ? playReturn : 0;
    optimalStake += play ? 2 : 1;
    q64Return += playsByOptimalStrategy(score) ? playReturn : 0;
    if (play !== playsByOptimalStrategy(score)) disagreements += 1;
    pairPlus += value(pairPlusMultiplier(score));
  }
  const count = hands.length;
  return {
    // Per ante: the net result (return minus everything staked) plus the ante.
    antePlay: 1 + (optimalReturn - optimalStake) / count,
    antePlayPerTotalStake: optimalReturn / optimalStake,
    antePlayQ64:
      1 + (q64Return - hands.reduce((sum, hand) => sum + (playsByOptimalStrategy(hand.score) ? 2 : 1), 0)) / count,
    q64Disagreements: disagreements,
    pairPlus: pairPlus / count,
  };
}

/** Sic bo: exact over the 216 rolls, for every bet the table takes. */
export function sicBoRtp(): Record<string, number> {
  const bets: SicBoBet[] = [
    ...(['small', 'big', 'odd', 'even', 'any_triple'] as const).map((kind) => ({ kind, stake: 1n })),
    ...Object.keys(SIC_BO_TOTAL_PAYS).map((total) => ({ kind: 'total' as const, total: Number(total), stake: 1n })),
    ...(['single', 'double', 'triple'] as const).flatMap((kind) =>
      [1, 2, 3, 4, 5, 6].map((number) => ({ kind, number, stake: 1n })),
    ),
    { kind: 'combination', numbers: [1, 2], stake: 1n },
  ];
  const rtp: Record<string, number> = {};
  for (const bet of bets) {
    let returned = 0;
    for (let a = 1; a <= 6; a += 1) {
      for (let b = 1; b <= 6; b += 1)
        for (let c = 1; c <= 6; c += 1) returned += value(sicBoBetMultiplier(bet, [a, b, c]));
    }
    const name = bet.kind === 'total' ? `total ${bet.total}` : 'number' in bet ? `${bet.kind}` : bet.kind;
    rtp[name] = Math.min(rtp[name] ?? Infinity, returned / 216);
  }
  return rtp;
}

/**
 * Red dog, exact: the first two cards by rank from the eight-deck shoe, the third by rank from what is left, raising
 * when that returns more (which the walk finds is exactly on spreads of 7 or more).
 */
export function redDogRtp(): { rtp: number; raiseFromSpread: number } {
  let total = 0;
  const raiseSpreads = new Set<number>();
  const counts = rankCounts(RED_DOG_DECKS);
  const size = RED_DOG_DECKS * 52;
  for (let first = 2; first <= ACE; first += 1) {
    for (let second = 2; second <= ACE; second += 1) {
      const pFirst = counts[first]! / size;
      const pSecond = (counts[second]! - (first === second ? 1 : 0)) / (size - 1);
      const returns = { stand: 0, raise: 0 };
      let decided = false;
      for (let third = 2; third <= ACE; third += 1) {
        const left = counts[third]! - (third === first ? 1 : 0) - (third === second ? 1 : 0);
        const pThird = left / (size - 2);
        for (const choice of ['stand', 'raise'] as const) {
          const round = new RedDogRound(
            { ante: 1n },
            stackedCards([makeCard(first, 0), makeCard(second, 1), makeCard(third, 2)]),
          );
          if (!round.finished) {
            decided = true;
            round.act({ type: choice });
          }
          const settled = round.settlement().bets.reduce((sum, bet) => sum + value(bet.multiplier), 0);
          const stakes = round.settlement().bets.length;
          returns[choice] += pThird * (settled - stakes);
        }
      }
      const raise = decided && returns.raise > returns.stand;
      if (raise) raiseSpreads.add(Math.abs(first - second) - 1);
      total += pFirst * pSecond * (raise ? returns.raise : returns.stand);
    }
  }
  return { rtp: 1 + total, raiseFromSpread: Math.min(...raiseSpreads) };
}

/** Craps, exact: the come-out roll's 36 outcomes, then each point's chance to repeat before a 7, all by the engine. */
export function crapsRtp(): Record<string, number> {
  const dice: [number, number][] = [];
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) dice.push([a, b]);
  const floatsFor = (rolls: [number, number][]) => {
    const floats = rolls.flat().map((die) => (die - 0.5) / 6);
    let cursor = 0;
    return () => floats[cursor++]!;
  };
  /** Chance that the round, with a point set by `comeOut`, ends with the point made. */
  const pointMade = (comeOut: [number, number]) => {
    let win = 0;
    let lose = 0;
    for (const roll of dice) {
      const round = new CrapsRound({ pass: 1n }, floatsFor([comeOut, roll]));
      round.act({ type: 'roll' });
      if (!round.finished) continue;
      if (round.settlement().totalPayout > 0n) win += 1;
      else lose += 1;
    }
    return win / (win + lose);
  };
  const evaluate = (bets: CrapsBets, odds?: CrapsAction) => {
    let total = 0;
    for (const comeOut of dice) {
      const round = new CrapsRound(bets, floatsFor([comeOut, comeOut, [3, 4]]));
      if (round.finished) {
        total += round.settlement().bets.reduce((sum, bet) => sum + value(bet.multiplier) * Number(bet.stake), 0);
        continue;
      }
      const made = pointMade(comeOut);
      // The same point again (made) and a seven (missed), weighted by the chance of each.
      const settle = (roll: [number, number]) => {
        const replay = new CrapsRound(bets, floatsFor([comeOut, roll]));
        if (odds) replay.act(odds);
        replay.act({ type: 'roll' });
        return replay.settlement().bets.reduce((sum, bet) => sum + value(bet.multiplier) * Number(bet.stake), 0);
      };
      total += made * settle(comeOut) + (1 - made) * settle([3, 4]);
    }
    return total / 36;
  };
  return {
    pass: evaluate({ pass: 1n }),
    dontPass: evaluate({ dontPass: 1n }),
    field: evaluate({ field: 1n }),
    /** Pass line with full 3-4-5x odds: per unit of everything staked on average. */
    passOddsAlone: oddsReturn(dice, floatsFor, pointMade),
  };
}

/** The odds bet alone returns exactly its stake: checked on each point by the engine's pay-outs. */
function oddsReturn(
  dice: [number, number][],
  floatsFor: (rolls: [number, number][]) => () => number,
  pointMade: (comeOut: [number, number]) => number,
): number {
  let returned = 0;
  let staked = 0;
  for (const comeOut of dice) {
    const probe = new CrapsRound({ pass: 1n }, floatsFor([comeOut]));
    if (probe.finished) continue;
    const made = pointMade(comeOut);
    const round = new CrapsRound({ pass: 1_000n }, floatsFor([comeOut, comeOut]));
    round.act({ type: 'odds', pass: 1_000n });
    round.act({ type: 'roll' });
    const oddsBet = round.settlement().bets.find((bet) => bet.bet === 'pass odds')!;
    returned += made * value(oddsBet.multiplier);
    staked += 1;
  }
  return returned / staked;
}

export interface TableSimulation {
  rounds: number;
  /** Average return per unit of initial stake. */
  rtp: number;
  standardError: number;
  /** Average return per unit of everything staked. */
  perTotalStake: number;
}

function summarise(
  rounds: number,
  sum: number,
  sumOfSquares: number,
  stakes: number,
  returned: number,
): TableSimulation {
  const mean = sum / rounds;
  const variance = (sumOfSquares / rounds - mean * mean) * (rounds / (rounds - 1));
  return { rounds, rtp: mean, standardError: Math.sqrt(variance / rounds), perTotalStake: returned / stakes };
}

function returnOf(bets: readonly { multiplier: Multiplier; stake: bigint }[]): number {
  return bets.reduce((sum, bet) => sum + value(bet.multiplier) * Number(bet.stake), 0);
}

/** Blackjack by simulation: one box, basic strategy, a fresh six-deck shoe each round, the engine's own rules. */
export function simulateBlackjack(rounds: number, seed: number): TableSimulation {
  const random = seededFloats(seed);
  let sum = 0;
  let sumOfSquares = 0;
  let stakes = 0;
  let returned = 0;
  const unit = 2n;
  for (let index = 0; index < rounds; index += 1) {
    const round = new BlackjackRound({ boxes: [unit] }, new Shoe(BLACKJACK_DECKS, random));
    while (!round.finished) {
      const allowed = round.allowedActions();
      const { cards, upCard } = round.decisionPoint();
      round.act({ type: basicStrategy(cards, upCard, allowed) });
    }
    const settlement = round.settlement();
    const back = returnOf(settlement.bets);
    // Per unit of the initial stake: the net result of the round plus the stake.
    const perUnit = 1 + (back - Number(settlement.totalStake)) / Number(unit);
    sum += perUnit;
    sumOfSquares += perUnit * perUnit;
    stakes += Number(settlement.totalStake);
    returned += back;
  }
  return summarise(rounds, sum, sumOfSquares, stakes, returned);
}

/** Casino hold'em's ante and call by simulation, under the strategy in casino-holdem-strategy.ts. */
export function simulateCasinoHoldem(rounds: number, seed: number): TableSimulation & { callRate: number } {
  const random = seededFloats(seed);
  let sum = 0;
  let sumOfSquares = 0;
  let stakes = 0;
  let returned = 0;
  let calls = 0;
  for (let index = 0; index < rounds; index += 1) {
    const round = new CasinoHoldemRound({ ante: 1n }, new Shoe(1, random));
    const call = casinoHoldemStrategy(round.player, round.board);
    if (call) calls += 1;
    round.act({ type: call ? 'call' : 'fold' });
    const settlement = round.settlement();
    const back = returnOf(settlement.bets);
    const perAnte = 1 + back - Number(settlement.totalStake);
    sum += perAnte;
    sumOfSquares += perAnte * perAnte;
    stakes += Number(settlement.totalStake);
    returned += back;
  }
  return { ...summarise(rounds, sum, sumOfSquares, stakes, returned), callRate: calls / rounds };
}

/** The AA bonus, exact over every five cards (the player's two and the flop); a strategy never folds aces or better. */
export function aaBonusRtp(): number {
  let returned = 0;
  let hands = 0;
  const cards: Card[] = [];
  for (let a = 0; a < 52; a += 1) {
    cards[0] = a;
    for (let b = a + 1; b < 52; b += 1) {
      cards[1] = b;
      for (let c = b + 1; c < 52; c += 1) {
        cards[2] = c;
        for (let d = c + 1; d < 52; d += 1) {
          cards[3] = d;
          for (let e = d + 1; e < 52; e += 1) {
            cards[4] = e;
            const pays = aaBonusPays(cards);
            returned += pays > 0 ? pays + 1 : 0;
            hands += 1;
          }
        }
      }
    }
  }
  return returned / hands;
}
