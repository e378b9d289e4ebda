import { describe, expect, it } from 'vitest';
import { makeStore } from './store';

describe('the store', () => {
  it('has exactly the four state areas of the spec', () => {
    expect(Object.keys(makeStore().getState()).sort()).toEqual(['balance', 'infoPopup', 'loader', 'userSlice']);
  });

  it('starts with the spec initial values', () => {
    const state = makeStore().getState();
    expect(state.balance).toEqual({
      mainBalanceLoading: true,
      bonusBalanceLoading: true,
      currencyCode: '',
      mainBalanceAmount: '0.00',
      bonusBalanceAmount: '0.00',
      mainBalanceRoute: '',
      bonusBalanceRoute: '',
      initialRequestFired: false,
      flipBalances: false,
      language: 'en',
    });
    expect(state.loader).toEqual({ loading: false });
    expect(state.userSlice).toEqual({ user: null });
    expect(state.infoPopup.showInfoPopup).toBe(false);
  });
});
