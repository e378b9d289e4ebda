import { describe, expect, it } from 'vitest';
import { BaccaratRound, bankerDraws, dealCoup, playerDraws, type BaccaratBetKind } from './baccarat';
import { parseCards, stackedCards } from './cards';

/** A coup dealt from these cards: player, banker, player, banker, then the third cards. */
function coup(cards: string) {
  return dealCoup(stackedCards(parseCards(cards)));
}

function pays(cards: string, kind: BaccaratBetKind, stake = 100n): bigint {
  return new BaccaratRound({ bets: [{ kind, stake }] }, stackedCards(parseCards(cards))).settlement().totalPayout;
}

describe('baccarat tableau', () => {
  it('the player draws on 0–5 and stands on 6–7', () => {
    for (let total = 0; total <= 5; total += 1) expect(playerDraws(total)).toBe(true);
    expect(playerDraws(6)).toBe(false);
    expect(playerDraws(7)).toBe(false);
  });

  it('a banker facing a player who stood draws on 0–5 and stands on 6–7', () => {
    for (let total = 0; total <= 5; total += 1) expect(bankerDraws(total, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(7, null)).toBe(false);
  });

  it('the banker draws by the player third card, case by case', () => {
    // Rows: banker total 0–7; columns: the player's third card 0–9. D draws, S stands.
    const table: Record<number, string> = {
      0: 'DDDDDDDDDD',
      1: 'DDDDDDDDDD',
      2: 'DDDDDDDDDD',
      3: 'DDDDDDDDSD',
      4: 'SSDDDDDDSS',
      5: 'SSSSDDDDSS',
      6: 'SSSSSSDDSS',
      7: 'SSSSSSSSSS',
    };
    for (const [banker, row] of Object.entries(table)) {
      for (let third = 0; third <= 9; third += 1) {
        expect(bankerDraws(Number(banker), third), `banker ${banker}, third ${third}`).toBe(row[third] === 'D');
      }
    }
  });
});

describe('baccarat coups', () => {
  it('a natural ends the coup with no third card', () => {
    const result = coup('9h 5c Kd 2s 8c 8d');
    expect(result.player).toHaveLength(2);
    expect(result.banker).toHaveLength(2);
    expect(result).toMatchObject({ playerTotal: 9, bankerTotal: 7, winner: 'player' });
    expect(coup('4h 4c 2d 4s 9c').bankerTotal).toBe(8);
  });

  it('the player draws on 5 and the banker on 3 facing a player third card of 8 stands', () => {
    const result = coup('2h Tc 3d 3s 8c 9d');
    expect(result.player.length).toBe(3);
    expect(result.banker.length).toBe(2);
    expect(result).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: 'tie' });
  });

  it('the banker on 6 draws when the player third card is 6 or 7', () => {
    const result = coup('Th 3c 4d 3s 7c 2d');
    expect(result.player).toHaveLength(3);
    expect(result.banker).toHaveLength(3);
    expect(result).toMatchObject({ playerTotal: 1, bankerTotal: 8, winner: 'banker' });
  });

  it('the player stands on 6 and the banker on 5 draws', () => {
    const result = coup('3h 2c 3d 3s 4c');
    expect(result.player).toHaveLength(2);
    expect(result.banker).toHaveLength(3);
    expect(result).toMatchObject({ playerTotal: 6, bankerTotal: 9, winner: 'banker' });
  });

  it('counts tens and faces 0 and aces 1, modulo 10', () => {
    const result = coup('Kh Ac Qd 9s Tc Td');
    expect(result).toMatchObject({ playerTotal: 0, bankerTotal: 0, winner: 'tie' });
    expect(result.banker).toHaveLength(3);
  });
});

describe('baccarat payouts', () => {
  it('player 1:1, banker 0.95:1, tie 8:1, and player and banker push on a tie', () => {
    expect(pays('9h 5c Kd 2s', 'player')).toBe(200n);
    expect(pays('9h 5c Kd 2s', 'banker')).toBe(0n);
    expect(pays('3h 2c 3d 3s 4c', 'banker')).toBe(195n);
    expect(pays('3h 2c 3d 3s 4c', 'banker', 7n)).toBe(13n);
    expect(pays('2h Tc 3d 3s 8c', 'tie')).toBe(900n);
    expect(pays('2h Tc 3d 3s 8c', 'player')).toBe(100n);
    expect(pays('2h Tc 3d 3s 8c', 'banker')).toBe(100n);
  });

  it('pays a pair of the first two cards 11:1 on its side, by rank, not by value', () => {
    expect(pays('8h 5c 8d 2s', 'player_pair')).toBe(1200n);
    expect(pays('8h 5c 8d 2s', 'banker_pair')).toBe(0n);
    expect(pays('Kh 5c Qd 5s 3c 3d', 'player_pair')).toBe(0n);
    expect(pays('Kh 5c Qd 5s 3c 3d', 'banker_pair')).toBe(1200n);
  });
});
