import { describe, expect, it } from 'vitest';
import {
  EMPTY_SLIP,
  acknowledgeOdds,
  hasSameMatchTwice,
  removeSelection,
  slipTotals,
  toggleSelection,
  updateOdds,
  type SlipSelection,
} from './bet-slip';
import { createSlipStore, SLIP_STORAGE_KEY } from './bet-slip-store';

const pick = (outcomeId: number, matchId: number, odd: number): SlipSelection => ({
  outcomeId,
  matchId,
  matchDateTimeUTC: 0,
  teams: ['Home', 'Away'],
  betName: 'Match result',
  label: '1',
  odd,
});

describe('bet slip', () => {
  it('adds a pick, takes it off when picked again, and falls back to singles under two picks', () => {
    let slip = toggleSelection(EMPTY_SLIP, pick(1, 10, 2));
    slip = toggleSelection(slip, pick(2, 11, 1.5));
    slip = { ...slip, mode: 'accumulator' };
    expect(slip.selections.map((item) => item.outcomeId)).toEqual([1, 2]);
    slip = toggleSelection(slip, pick(2, 11, 1.5));
    expect(slip.selections.map((item) => item.outcomeId)).toEqual([1]);
    expect(slip.mode).toBe('singles');
    expect(removeSelection(slip, 1).selections).toEqual([]);
  });

  it('computes singles and accumulator totals exactly, rounding payouts down to the cent', () => {
    const slip = { ...EMPTY_SLIP, selections: [pick(1, 10, 1.333), pick(2, 11, 1.333)], stake: '3.33' };
    expect(slipTotals(slip, 'EUR')).toEqual({
      stakeMinor: 333n,
      totalStakeMinor: 666n,
      totalOddThousandths: null,
      // 3.33 × 1.333 = 4.43889 → 4.43, twice
      potentialPayoutMinor: 886n,
    });
    expect(slipTotals({ ...slip, mode: 'accumulator' }, 'EUR')).toEqual({
      stakeMinor: 333n,
      totalStakeMinor: 333n,
      totalOddThousandths: 1776,
      // 3.33 × 1.776889 = 5.917... → 5.91
      potentialPayoutMinor: 591n,
    });
    expect(slipTotals({ ...slip, stake: '1.005' }, 'EUR').stakeMinor).toBeNull();
    expect(slipTotals({ ...slip, stake: '' }, 'EUR').potentialPayoutMinor).toBeNull();
  });

  it('takes new odds, remembering what they were until the player has seen them', () => {
    const slip = toggleSelection(EMPTY_SLIP, pick(1, 10, 2));
    const moved = updateOdds(slip, new Map([[1, 2.2]]));
    expect(moved.selections[0]).toMatchObject({ odd: 2.2, previousOdd: 2 });
    expect(updateOdds(moved, new Map([[1, 2.2]]))).toBe(moved);
    expect(acknowledgeOdds(moved).selections[0]).not.toHaveProperty('previousOdd');
  });

  it('spots two picks of the same match', () => {
    expect(hasSameMatchTwice([pick(1, 10, 2), pick(2, 10, 3)])).toBe(true);
    expect(hasSameMatchTwice([pick(1, 10, 2), pick(2, 11, 3)])).toBe(false);
  });

  it('keeps the slip in storage and ignores a stored value that is not a slip', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
    };
    const store = createSlipStore(() => storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.update((state) => toggleSelection(state, pick(1, 10, 2)));
    expect(calls).toBe(1);
    expect(createSlipStore(() => storage).get().selections).toHaveLength(1);
    data.set(SLIP_STORAGE_KEY, '{"selections":"nope"}');
    expect(createSlipStore(() => storage).get()).toEqual(EMPTY_SLIP);
  });
});
