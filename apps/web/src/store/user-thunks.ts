import { createAsyncThunk } from '@reduxjs/toolkit';
import { apiHost } from '@/lib/api-host';
import { callLogoutHandler } from './balance-thunks';
import { setLoading } from './loader-slice';
import type { RootState } from './store';
import { login, logout, type User } from './user-slice';

export const CURRENT_USER_PATH = '/spa/users/me';

type ThunkConfig = { state: RootState };

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
      await callLogoutHandler(getState().balance.language);
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
    const response = await fetch(`${apiHost()}${CURRENT_USER_PATH}`, {
      credentials: 'include',
      headers: { accept: 'application/json', 'X-Locale': getState().balance.language },
      signal,
    });
    if (response.status === 401) {
      dispatch(logout());
      return null;
    }
    if (!response.ok) throw new Error(`User-data fetch answered ${response.status}`);
    const { userResponseSchema } = await import('@playhouse/shared/contracts/accounts');
    const { user } = userResponseSchema.parse(await response.json());
    dispatch(login(user));
    return user;
  },
  { condition: (_arg, { getState }) => needsUserData(getState().userSlice.user) },
);
