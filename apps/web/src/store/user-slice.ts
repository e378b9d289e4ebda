import { SPEC } from '@playhouse/shared/constants';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the api returns it: login, username and id, plus fields this client keeps but does not read. */
export type User = { login?: string; username?: string; id?: number | string; [field: string]: unknown };

export type UserState = { user: User | null };

/** The user saved by an earlier login in this browser, or null when there is none or it is not readable JSON. */
export function readStoredUser(storage: Storage | undefined = globalThis.localStorage): User | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(SPEC.userStorageKey);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as User) : null;
  } catch {
    return null;
  }
}

/** SPEC.md §4 "User state": login keeps the whole payload, logout drops it; both mirror it to local storage. */
export const userSlice = createSlice({
  name: 'userSlice',
  initialState: (): UserState => ({ user: readStoredUser() }),
  reducers: {
    login(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    logout(state) {
      state.user = null;
    },
  },
});

export const { login, logout } = userSlice.actions;
