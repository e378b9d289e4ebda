import { describe, expect, it } from 'vitest';
import { seededFloats } from '../simulation';
import { replayTableRound, tableFloatsNeeded, TABLE_GAMES, type TableGame, type TableRoundInput } from './games';
import { tableActionFromJson, tableDefaultAction, tableInputFromJson, tableToJson } from './hosting';

function inputOf(game: TableGame): TableRoundInput {
  switch (game) {
    case 'blackjack':
      return { game, bets: { boxes: [100n] }, actions: [] };
    case 'blackjack-multihand':
      return { game, bets: { boxes: [100n, 50n, 20n] }, actions: [] };
    case 'roulette-european':
    case 'roulette-french':
    case 'roulette-american':
      return {
        game,
        bets: {
          bets: [
            { kind: 'straight', numbers: [17], stake: 10n },
            { kind: 'red', stake: 25n },
            { kind: 'column', index: 2, stake: 5n },
          ],
        },
        actions: [],
      };
    case 'baccarat':
      return { game, bets: { bets: [{ kind: 'banker', stake: 100n }] }, actions: [] };
    case 'three-card-poker':
      return { game, bets: { ante: 20n, pairPlus: 10n }, actions: [] };
    case 'casino-holdem':
      return { game, bets: { ante: 20n, aaBonus: 10n }, actions: [] };
    case 'video-poker-jacks-or-better':
      return { game, bets: { stake: 25n }, actions: [] };
    case 'sic-bo':
      return { game, bets: { bets: [{ kind: 'combination', numbers: [2, 5], stake: 5n }] }, actions: [] };
    case 'red-dog':
      return { game, bets: { ante: 30n }, actions: [] };
    case 'craps':
      return { game, bets: { pass: 10n, field: 5n }, actions: [] };
  }
}

describe('hosting a table round', () => {
  it('stores bets and actions as JSON and reads them back exactly', () => {
    for (const game of TABLE_GAMES) {
      const input = inputOf(game);
      const json = JSON.parse(JSON.stringify(tableToJson(input))) as {
        game: string;
        bets: unknown;
        actions: unknown[];
      };
      expect(tableInputFromJson(json)).toEqual(input);
    }
    const odds = { type: 'odds', pass: 30n };
    expect(tableActionFromJson(JSON.parse(JSON.stringify(tableToJson(odds))))).toEqual(odds);
  });

  it('refuses a stake that is not a whole number of minor units', () => {
    expect(() => tableInputFromJson({ game: 'red-dog', bets: { ante: '1.5' }, actions: [] })).toThrow(RangeError);
    expect(() => tableInputFromJson({ game: 'red-dog', bets: { ante: -3 }, actions: [] })).toThrow(RangeError);
  });

  it("finishes every game's abandoned round with its defaults, which never add a stake", () => {
    const random = seededFloats(2025);
    for (const game of TABLE_GAMES) {
      for (let round = 0; round < 200; round += 1) {
        const input = inputOf(game);
        const floats: number[] = [];
        const floatsFor = (count: number) => {
          while (floats.length < count) floats.push(random());
          return floats;
        };
        let state = replayTableRound(input, floatsFor(tableFloatsNeeded(input)));
        let steps = 0;
        for (let action = tableDefaultAction(state); action; action = tableDefaultAction(state)) {
          input.actions.push(action as never);
          state = replayTableRound(input, floatsFor(tableFloatsNeeded(input)));
          steps += 1;
          expect(steps).toBeLessThan(500);
        }
        expect(state.finished).toBe(true);
        expect(state.actionStakes.every((stake) => stake === 0n)).toBe(true);
        if (game === 'blackjack' || game === 'three-card-poker' || game === 'casino-holdem') {
          expect(input.actions.every((action) => ['stand', 'no_insurance', 'fold'].includes(action.type))).toBe(true);
        }
      }
    }
  });
});
