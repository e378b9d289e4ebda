import { describe, expect, it } from 'vitest';
import { fairFloats, hashServerSeed } from '../fair';
import { seededFloats } from '../simulation';
import { BLACKJACK_ACTIONS } from './blackjack';
import { basicStrategy } from './blackjack-strategy';
import { parseCard } from './cards';
import {
  playFairTableRound,
  replayTableRound,
  TABLE_GAMES,
  TABLE_MAX_MULTIPLIER,
  tableFloatsNeeded,
  validateTableBets,
  verifyTableRound,
  type TableGame,
  type TableRoundInput,
  type TableRoundState,
} from './games';
import { IllegalActionError } from './round';

const seeds = { serverSeed: '7'.repeat(64), clientSeed: 'table', nonce: 11 };

/** A round of each game with bets on most of its table. */
function sampleInput(game: TableGame): TableRoundInput {
  switch (game) {
    case 'blackjack':
      return { game, bets: { boxes: [100n] }, actions: [] };
    case 'blackjack-multihand':
      return { game, bets: { boxes: [100n, 50n, 20n] }, actions: [] };
    case 'roulette-european':
    case 'roulette-french':
      return {
        game,
        bets: {
          bets: [
            { kind: 'straight', numbers: [17], stake: 10n },
            { kind: 'corner', numbers: [0, 1, 2, 3], stake: 10n },
            { kind: 'red', stake: 25n },
            { kind: 'column', index: 2, stake: 5n },
          ],
        },
        actions: [],
      };
    case 'roulette-american':
      return {
        game,
        bets: {
          bets: [
            { kind: 'top_line', numbers: [0, 37, 1, 2, 3], stake: 10n },
            { kind: 'straight', numbers: [37], stake: 10n },
            { kind: 'black', stake: 25n },
          ],
        },
        actions: [],
      };
    case 'baccarat':
      return {
        game,
        bets: {
          bets: [
            { kind: 'banker', stake: 100n },
            { kind: 'tie', stake: 10n },
            { kind: 'player_pair', stake: 5n },
            { kind: 'banker_pair', stake: 5n },
          ],
        },
        actions: [],
      };
    case 'three-card-poker':
      return { game, bets: { ante: 20n, pairPlus: 10n }, actions: [] };
    case 'casino-holdem':
      return { game, bets: { ante: 20n, aaBonus: 10n }, actions: [] };
    case 'video-poker-jacks-or-better':
      return { game, bets: { stake: 25n }, actions: [] };
    case 'sic-bo':
      return {
        game,
        bets: {
          bets: [
            { kind: 'big', stake: 20n },
            { kind: 'triple', number: 6, stake: 1n },
            { kind: 'combination', numbers: [2, 5], stake: 5n },
          ],
        },
        actions: [],
      };
    case 'red-dog':
      return { game, bets: { ante: 30n }, actions: [] };
    case 'craps':
      return { game, bets: { pass: 10n, field: 5n }, actions: [] };
  }
}

/** Plays a round to its end with a sensible strategy, appending each action to the input as the api would. */
function finish(input: TableRoundInput, floats: readonly number[]): TableRoundState {
  let state = replayTableRound(input, floats);
  while (!state.finished) {
    const allowed = state.allowedActions;
    switch (input.game) {
      case 'blackjack':
      case 'blackjack-multihand': {
        if (state.game !== 'blackjack' && state.game !== 'blackjack-multihand') throw new Error('a blackjack round');
        const view = state.view;
        if (!view.active) throw new Error('a hand to play');
        const hand = view.boxes[view.active.box]!.hands[view.active.hand]!;
        const legal = BLACKJACK_ACTIONS.filter((action) => allowed.includes(action));
        const action = basicStrategy(hand.cards.map(parseCard), parseCard(view.dealer.cards[0]!), legal);
        input.actions.push({ type: action });
        break;
      }
      case 'three-card-poker':
        input.actions.push({ type: 'play' });
        break;
      case 'casino-holdem':
        input.actions.push({ type: 'call' });
        break;
      case 'video-poker-jacks-or-better':
        input.actions.push({ type: 'draw', hold: [0, 1] });
        break;
      case 'red-dog':
        input.actions.push({ type: 'raise' });
        break;
      case 'craps':
        input.actions.push(input.actions.length === 0 ? { type: 'odds', pass: 20n } : { type: 'roll' });
        break;
      default:
        throw new Error(`${input.game} should have finished`);
    }
    state = replayTableRound(input, fairFloatsPadding(floats, tableFloatsNeeded(input)));
  }
  return state;
}

/** Simulated floats: extended from the same generator when a longer round needs more. */
function fairFloatsPadding(floats: readonly number[], count: number): number[] {
  const random = seededFloats(floats.length);
  return [...floats, ...Array.from({ length: Math.max(0, count - floats.length) }, random)];
}

describe('table rounds', () => {
  it('knows every game and plays each from its seeds, deterministically, hiding nothing once settled', async () => {
    expect(TABLE_GAMES).toHaveLength(12);
    for (const game of TABLE_GAMES) {
      const input = sampleInput(game);
      expect(validateTableBets(input), game).toBeNull();
      const first = await playFairTableRound(seeds, input);
      expect(await playFairTableRound(seeds, input)).toEqual(first);
      expect(first.initialStake).toBeGreaterThan(0n);
      expect(JSON.parse(JSON.stringify(first.view))).toEqual(first.view);
    }
  });

  it('replays a multi-step round from seeds, bets and actions, and the browser verifies it from the revealed seed', async () => {
    const input: TableRoundInput = { game: 'blackjack', bets: { boxes: [100n] }, actions: [] };
    const floats = await fairFloats(seeds, tableFloatsNeeded(input));
    const played = finish(input, floats);
    expect(played.finished).toBe(true);
    const serverSeedHash = await hashServerSeed(seeds.serverSeed);
    const verified = await verifyTableRound({ ...seeds, serverSeedHash }, input);
    expect(verified).toEqual({ seedMatchesHash: true, state: played });
    // Another server seed deals other cards, so the same actions may not even be legal: the commitment alone decides.
    const forged = await verifyTableRound(
      { ...seeds, serverSeed: '8'.repeat(64), serverSeedHash },
      { ...input, actions: [] },
    );
    expect(forged.seedMatchesHash).toBe(false);
  });

  it('reports each extra stake of a round as its own bet call, and the totals add up', async () => {
    const input: TableRoundInput = {
      game: 'three-card-poker',
      bets: { ante: 20n, pairPlus: 10n },
      actions: [{ type: 'play' }],
    };
    const state = await playFairTableRound(seeds, input);
    expect(state.initialStake).toBe(30n);
    expect(state.actionStakes).toEqual([20n]);
    expect(state.settlement!.totalStake).toBe(50n);
    expect(state.settlement!.totalPayout).toBe(state.settlement!.bets.reduce((sum, bet) => sum + bet.payout, 0n));
  });

  it('refuses an illegal action with IllegalActionError, and bets that cannot be played with RangeError', async () => {
    await expect(
      playFairTableRound(seeds, {
        game: 'video-poker-jacks-or-better',
        bets: { stake: 5n },
        actions: [{ type: 'draw', hold: [7] }],
      }),
    ).rejects.toThrow(IllegalActionError);
    await expect(
      playFairTableRound(seeds, {
        game: 'roulette-european',
        bets: { bets: [{ kind: 'red', stake: 1n }] },
        actions: [{ type: 'spin' } as never],
      }),
    ).rejects.toThrow(IllegalActionError);
    await expect(
      playFairTableRound(seeds, { game: 'blackjack', bets: { boxes: [10n, 10n] }, actions: [] }),
    ).rejects.toThrow(RangeError);
    expect(
      validateTableBets({ game: 'baccarat', bets: { bets: [{ kind: 'banker', stake: -1n }] }, actions: [] }),
    ).not.toBeNull();
    expect(validateTableBets({ game: 'nope', bets: {}, actions: [] } as never)).toBe('unknown game');
  });

  it('keeps the dealer hole card out of the view until the round ends', async () => {
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const state = await playFairTableRound(
        { ...seeds, nonce },
        { game: 'blackjack', bets: { boxes: [10n] }, actions: [] },
      );
      if (state.finished) continue;
      if (state.game !== 'blackjack') throw new Error('a blackjack round');
      expect(state.view.dealer.holeCardHidden).toBe(true);
      expect(state.view.dealer.cards).toHaveLength(1);
    }
  });

  it('never pays more than its stated largest multiple of the stakes', () => {
    const random = seededFloats(2024);
    for (const game of TABLE_GAMES) {
      for (let round = 0; round < 1_000; round += 1) {
        const input = sampleInput(game);
        const floats = Array.from({ length: tableFloatsNeeded(input) }, random);
        const { settlement } = finish(input, floats);
        expect(Number(settlement!.totalPayout)).toBeLessThanOrEqual(
          TABLE_MAX_MULTIPLIER[game] * Number(settlement!.totalStake),
        );
      }
    }
  });
});
