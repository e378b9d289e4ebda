import { describe, expect, it } from 'vitest';
import {
  chooseLines,
  normalCdf,
  oddFor,
  priceMarkets,
  setScoreProbabilities,
  settleMarkets,
  type Simulation,
} from './pricing';

const football: Simulation = {
  sport: 'football',
  model: { kind: 'goals', home: 1.6, away: 1.1 },
  lines: { total: 2.5, handicap: -1.5 },
  margin: 0.06,
  durationMinutes: 110,
};

describe('simulator pricing', () => {
  it('puts odds on the ladder, rounded down so the book keeps its margin', () => {
    expect(oddFor(0.5, 0)).toBe(2000);
    expect(oddFor(0.5, 0.06)).toBe(1880);
    expect(oddFor(0.3, 0.06)).toBe(3100);
    expect(oddFor(0.01, 0.06)).toBe(40000);
    expect(oddFor(0.999, 0.06)).toBe(1010);
  });

  it('gives set scores that add up to certainty', () => {
    for (const bestOf of [3, 5] as const) {
      const total = [...setScoreProbabilities(0.62, bestOf).values()].reduce((sum, p) => sum + p, 0);
      expect(total).toBeCloseTo(1, 10);
    }
    expect(setScoreProbabilities(0.5, 3).get('2-0')).toBeCloseTo(0.25, 10);
  });

  it('prices each market as a full book (double chance covers every result twice)', () => {
    for (const market of priceMarkets(football)) {
      const total = market.outcomes.reduce((sum, outcome) => sum + outcome.probability, 0);
      expect(total).toBeCloseTo(market.name.en === 'Double chance' ? 2 : 1, 3);
    }
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
  });

  it('settles every football market from a 2–1', () => {
    const settled = settleMarkets(football, { score1: 2, score2: 1 });
    const winners = [...settled].map(([k, outcomes]) => [
      k,
      [...outcomes].filter(([, r]) => r === 'won').map(([l]) => l),
    ]);
    expect(winners).toEqual([
      [0, ['1']],
      [1, ['> 2.5']],
      [2, ['1X', '12']],
      [3, ['2 (+1.5)']],
      [4, ['GG']],
    ]);
  });

  it('sets the total near even money and the handicap against the favourite', () => {
    expect(chooseLines('football', { kind: 'goals', home: 2.4, away: 1.4 })).toEqual({ total: 3.5, handicap: -1.5 });
    expect(chooseLines('tennis', { kind: 'sets', p: 0.3, bestOf: 3 })).toEqual({ total: 22.5, handicap: 1.5 });
    expect(chooseLines('basketball', { kind: 'points', margin: -3.7, total: 224.2 })).toEqual({
      total: 224.5,
      handicap: 3.5,
    });
  });
});
