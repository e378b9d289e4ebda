import { DEFAULT_LOCALE, type Locale } from '@playhouse/shared/locales';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type BalanceState = {
  mainBalanceLoading: boolean;
  bonusBalanceLoading: boolean;
  currencyCode: string;
  mainBalanceAmount: string;
  bonusBalanceAmount: string;
  mainBalanceRoute: string;
  bonusBalanceRoute: string;
  initialRequestFired: boolean;
  flipBalances: boolean;
  language: Locale;
};

/** The initial balances answer (ARCHITECTURE.md "Balances"): amounts are decimal strings. */
export type InitialBalances = {
  mainBalance: { balance: string; ajaxRefreshRoute: string };
  bonusBalance: { balance: string; ajaxRefreshRoute: string };
  code: string;
  flipBalances: boolean;
};

export const initialBalanceState: BalanceState = {
  mainBalanceLoading: true,
  bonusBalanceLoading: true,
  currencyCode: '',
  mainBalanceAmount: '0.00',
  bonusBalanceAmount: '0.00',
  mainBalanceRoute: '',
  bonusBalanceRoute: '',
  initialRequestFired: false,
  flipBalances: false,
  language: DEFAULT_LOCALE,
};

/** SPEC.md §3 "Balance state" and §4 "Balance loading". */
export const balanceSlice = createSlice({
  name: 'balance',
  initialState: initialBalanceState,
  reducers: {
    balanceLanguageSet(state, action: PayloadAction<Locale>) {
      state.language = action.payload;
    },
    initialBalancesRequested(state) {
      state.initialRequestFired = true;
      state.mainBalanceLoading = true;
      state.bonusBalanceLoading = true;
    },
    initialBalancesReceived(state, action: PayloadAction<InitialBalances>) {
      const { code, flipBalances } = action.payload;
      // With flipBalances the bonus balance is shown in the main place and the other way round, refresh routes included.
      const [main, bonus] = flipBalances
        ? [action.payload.bonusBalance, action.payload.mainBalance]
        : [action.payload.mainBalance, action.payload.bonusBalance];
      state.currencyCode = code;
      state.flipBalances = flipBalances;
      state.mainBalanceAmount = main.balance;
      state.mainBalanceRoute = main.ajaxRefreshRoute;
      state.bonusBalanceAmount = bonus.balance;
      state.bonusBalanceRoute = bonus.ajaxRefreshRoute;
      state.mainBalanceLoading = false;
      state.bonusBalanceLoading = false;
    },
    initialBalancesFailed(state) {
      state.mainBalanceLoading = false;
      state.bonusBalanceLoading = false;
    },
    mainBalanceRefreshed(state, action: PayloadAction<string>) {
      state.mainBalanceAmount = action.payload;
    },
    bonusBalanceRefreshed(state, action: PayloadAction<string>) {
      state.bonusBalanceAmount = action.payload;
    },
  },
});

export const {
  balanceLanguageSet,
  initialBalancesRequested,
  initialBalancesReceived,
  initialBalancesFailed,
  mainBalanceRefreshed,
  bonusBalanceRefreshed,
} = balanceSlice.actions;
