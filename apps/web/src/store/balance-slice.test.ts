import { describe, expect, it } from 'vitest';
import {
  balanceLanguageSet,
  balanceSlice,
  balancesReceived,
  initialBalanceState,
  type InitialBalances,
} from './balance-slice';
import { fetchInitialBalance, refreshBonusBalance, refreshMainBalance } from './balance-thunks';
import { logout } from './user-slice';

const reduce = balanceSlice.reducer;
const ANSWER: InitialBalances = {
  mainBalance: { balance: '120.50', ajaxRefreshRoute: '/spa/users/balances/main' },
  bonusBalance: { balance: '15.00', ajaxRefreshRoute: '/spa/users/balances/bonus' },
  code: 'EUR',
  flipBalances: false,
};

describe('balance slice', () => {
  it('starts loading both balances, at 0.00, with no request fired', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state.mainBalanceLoading).toBe(true);
    expect(state.bonusBalanceLoading).toBe(true);
    expect(state.mainBalanceAmount).toBe('0.00');
    expect(state.bonusBalanceAmount).toBe('0.00');
    expect(state.initialRequestFired).toBe(false);
    expect(state.flipBalances).toBe(false);
  });

  it('marks the initial request as fired and both balances as loading', () => {
    const idle = { ...initialBalanceState, mainBalanceLoading: false, bonusBalanceLoading: false };
    const state = reduce(idle, fetchInitialBalance.pending('r1', undefined));
    expect(state).toMatchObject({ initialRequestFired: true, mainBalanceLoading: true, bonusBalanceLoading: true });
  });

  it('stores the amounts, refresh routes and currency, and stops loading', () => {
    const state = reduce(initialBalanceState, fetchInitialBalance.fulfilled(ANSWER, 'r1', undefined));
    expect(state).toMatchObject({
      currencyCode: 'EUR',
      mainBalanceAmount: '120.50',
      mainBalanceRoute: '/spa/users/balances/main',
      bonusBalanceAmount: '15.00',
      bonusBalanceRoute: '/spa/users/balances/bonus',
      mainBalanceLoading: false,
      bonusBalanceLoading: false,
      flipBalances: false,
    });
  });

  it('swaps main and bonus values and routes when flipBalances is set', () => {
    const state = reduce(initialBalanceState, balancesReceived({ ...ANSWER, flipBalances: true }));
    expect(state).toMatchObject({
      mainBalanceAmount: '15.00',
      mainBalanceRoute: '/spa/users/balances/bonus',
      bonusBalanceAmount: '120.50',
      bonusBalanceRoute: '/spa/users/balances/main',
      flipBalances: true,
    });
  });

  it('stops loading when the initial request fails', () => {
    const state = reduce(initialBalanceState, fetchInitialBalance.rejected(new Error('x'), 'r1', undefined));
    expect(state.mainBalanceLoading).toBe(false);
    expect(state.bonusBalanceLoading).toBe(false);
  });

  it('refreshes each balance on its own', () => {
    let state = reduce(initialBalanceState, balancesReceived(ANSWER));
    state = reduce(state, refreshMainBalance.fulfilled('99.99', 'r2'));
    expect(state.mainBalanceAmount).toBe('99.99');
    expect(state.bonusBalanceAmount).toBe('15.00');
    state = reduce(state, refreshBonusBalance.fulfilled('0.00', 'r3'));
    expect(state.bonusBalanceAmount).toBe('0.00');
  });

  it('keeps the language', () => {
    expect(reduce(initialBalanceState, balanceLanguageSet('ru')).language).toBe('ru');
  });

  it('starts over at logout, keeping the language', () => {
    let state = reduce(initialBalanceState, balanceLanguageSet('pt'));
    state = reduce(state, fetchInitialBalance.pending('r1', undefined));
    state = reduce(state, fetchInitialBalance.fulfilled(ANSWER, 'r1', undefined));
    expect(reduce(state, logout())).toEqual({ ...initialBalanceState, language: 'pt' });
  });
});
