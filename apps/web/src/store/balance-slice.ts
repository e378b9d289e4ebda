import type { Locale } from '@playhouse/shared/locales';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialBalanceState, type InitialBalances, type BalanceState } from './balance-state';
import { fetchInitialBalance, refreshBonusBalance, refreshMainBalance } from './balance-thunks';
import { logout } from './user-slice';

function applyBalances(state: BalanceState, answer: InitialBalances) {
  const { code, flipBalances } = answer;
  // With flipBalances the bonus balance is shown in the main place and the other way round, refresh routes included.
  const [main, bonus] = flipBalances
    ? [answer.bonusBalance, answer.mainBalance]
    : [answer.mainBalance, answer.bonusBalance];
  state.currencyCode = code;
  state.flipBalances = flipBalances;
  state.mainBalanceAmount = main.balance;
  state.mainBalanceRoute = main.ajaxRefreshRoute;
  state.bonusBalanceAmount = bonus.balance;
  state.bonusBalanceRoute = bonus.ajaxRefreshRoute;
  state.mainBalanceLoading = false;
  state.bonusBalanceLoading = false;
}

/** SPEC.md §3 "Balance state" and §4 "Balance loading". */
export const balanceSlice = createSlice({
  name: 'balance',
  initialState: initialBalanceState,
  reducers: {
    balanceLanguageSet(state, action: PayloadAction<Locale>) {
      state.language = action.payload;
    },
    /** A full balances body from elsewhere than the initial request (the live stream sends the same shape). */
    balancesReceived(state, action: PayloadAction<InitialBalances>) {
      applyBalances(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchInitialBalance.pending, (state) => {
        state.initialRequestFired = true;
        state.mainBalanceLoading = true;
        state.bonusBalanceLoading = true;
      })
      .addCase(fetchInitialBalance.fulfilled, (state, action) => {
        applyBalances(state, action.payload);
      })
      .addCase(fetchInitialBalance.rejected, (state) => {
        state.mainBalanceLoading = false;
        state.bonusBalanceLoading = false;
      })
      .addCase(refreshMainBalance.fulfilled, (state, action) => {
        state.mainBalanceAmount = action.payload;
      })
      .addCase(refreshBonusBalance.fulfilled, (state, action) => {
        state.bonusBalanceAmount = action.payload;
      })
      // Balances belong to the session: a signed-out browser starts over (the next sign-in fetches them again).
      .addCase(logout, (state) => ({ ...initialBalanceState, language: state.language }));
  },
});

export const { balanceLanguageSet, balancesReceived } = balanceSlice.actions;

export { initialBalanceState, type BalanceState, type InitialBalances };
