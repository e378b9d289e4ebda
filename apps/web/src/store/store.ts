import { SPEC } from '@playhouse/shared/constants';
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { balanceSlice } from './balance-slice';
import { infoPopupSlice } from './info-popup-slice';
import { loaderSlice } from './loader-slice';
import { login, logout, userSlice } from './user-slice';

/** SPEC.md §3 "Root state areas": exactly balance, loader, userSlice and infoPopup. */
export const rootReducer = combineSlices(balanceSlice, loaderSlice, userSlice, infoPopupSlice);
export type RootState = ReturnType<typeof rootReducer>;

function createUserPersistence() {
  const persistence = createListenerMiddleware();
  persistence.startListening({
    actionCreator: login,
    effect: (action) => {
      globalThis.localStorage?.setItem(SPEC.userStorageKey, JSON.stringify(action.payload));
    },
  });
  persistence.startListening({
    actionCreator: logout,
    effect: () => {
      globalThis.localStorage?.removeItem(SPEC.userStorageKey);
    },
  });
  return persistence;
}

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(createUserPersistence().middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
