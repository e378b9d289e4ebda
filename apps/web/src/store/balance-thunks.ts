import { createAsyncThunk } from '@reduxjs/toolkit';
import type { BalancesResponse } from '@playhouse/shared/contracts/cashbox';
import { ApiError } from '@/lib/api-error';
import type { BalanceState } from './balance-state';
import { logout } from './user-slice';

// The calls (and the api client under them) load with the first balance request: visitors never make one.
const accountApi = () => import('@/lib/account/account-api');

/** SPEC.md §8: the exact rejection messages. */
export const BALANCE_ERRORS = {
  unauthorized: 'Fetch initial balance - unauthorized!',
  mainRouteMissing: 'Main balance request URL not found!',
  bonusRouteMissing: 'Bonus balance request URL not found!',
} as const;

// What these thunks read of the store; naming the slice, not the root state, keeps the store out of their imports.
type ThunkConfig = { state: { balance: BalanceState } };

/**
 * SPEC.md §4 "Balance loading" and §7.5: both balances at once. Skipped when it has already been fired, unless
 * forced. A 401 means the session ended on the server: the api's session is closed, this browser forgets the user
 * and the thunk rejects with the spec's message.
 */
export const fetchInitialBalance = createAsyncThunk<BalancesResponse, { force?: boolean } | undefined, ThunkConfig>(
  'balance/fetchInitialBalance',
  async (_options, { getState, dispatch, signal }) => {
    const { language } = getState().balance;
    const { fetchBalances, logOut } = await accountApi();
    try {
      return await fetchBalances(language, signal);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      await logOut(language).catch(() => undefined);
      dispatch(logout());
      throw new Error(BALANCE_ERRORS.unauthorized);
    }
  },
  { condition: (options, { getState }) => options?.force === true || !getState().balance.initialRequestFired },
);

/** SPEC.md §7.6: the main balance from its refresh address. */
export const refreshMainBalance = createAsyncThunk<string, void, ThunkConfig>(
  'balance/refreshMainBalance',
  async (_arg, { getState, signal }) => {
    const { mainBalanceRoute, language } = getState().balance;
    if (!mainBalanceRoute) throw new Error(BALANCE_ERRORS.mainRouteMissing);
    return (await accountApi()).fetchBalanceAmount(language, mainBalanceRoute, signal);
  },
);

/** SPEC.md §7.6: the bonus balance from its refresh address. */
export const refreshBonusBalance = createAsyncThunk<string, void, ThunkConfig>(
  'balance/refreshBonusBalance',
  async (_arg, { getState, signal }) => {
    const { bonusBalanceRoute, language } = getState().balance;
    if (!bonusBalanceRoute) throw new Error(BALANCE_ERRORS.bonusRouteMissing);
    return (await accountApi()).fetchBalanceAmount(language, bonusBalanceRoute, signal);
  },
);
