import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api-error';
import type { BalanceState } from './balance-state';
import { setLoading } from './loader-slice';
import { login, logout, type User, type UserState } from './user-slice';

// The calls load when a thunk first runs: visitors never sign out or complete a stored user.
const accountApi = () => import('@/lib/account/account-api');

// What these thunks read of the store; naming the slices, not the root state, keeps the store out of their imports.
type ThunkConfig = { state: { balance: BalanceState; userSlice: UserState } };

/**
 * SPEC.md §4 "Logout": the loading flag, the logout handler with the language, the user and the other session state
 * cleared, then the router refreshed so server-rendered parts follow. The browser forgets the user even when the
 * call fails (the session may already be gone on the server); the failure is only logged.
 */
export const logoutUser = createAsyncThunk<void, { refresh: () => void }, ThunkConfig>(
  'userSlice/logoutUser',
  async ({ refresh }, { dispatch, getState }) => {
    dispatch(setLoading(true));
    try {
      await (await accountApi()).logOut(getState().balance.language);
    } catch (error) {
      console.warn('Logout request failed', error);
    } finally {
      dispatch(logout());
      refresh();
      dispatch(setLoading(false));
    }
  },
);

/** SPEC.md §4 "User-data fetch": used when the stored user has a username but no id. */
export function needsUserData(user: User | null): boolean {
  return Boolean(user?.username) && (user?.id === undefined || user.id === null || user.id === '');
}

/** Completes the stored user from GET /spa/users/me; a 401 means there is no session, so the stored copy goes. */
export const fetchUserData = createAsyncThunk<User | null, void, ThunkConfig>(
  'userSlice/fetchUserData',
  async (_arg, { dispatch, getState, signal }) => {
    try {
      const user = await (await accountApi()).fetchCurrentUser(getState().balance.language, signal);
      dispatch(login(user));
      return user;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      dispatch(logout());
      return null;
    }
  },
  { condition: (_arg, { getState }) => needsUserData(getState().userSlice.user) },
);
