import type { InfoPopup } from '@playhouse/shared/contracts/content';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type InfoPopupState = InfoPopup & { loaded: boolean };

const initialState: InfoPopupState = {
  id: null,
  text: '',
  buttonText: '',
  closeButtonText: '',
  hrefOnCloseButton: '',
  hrefOnMainButton: '',
  showInfoPopup: false,
  loaded: false,
};

export function infoPopupStateFrom(popup: InfoPopup | null): InfoPopupState {
  return popup ? { ...popup, loaded: true } : initialState;
}

/** SPEC.md §4 "Info popup": shown or hidden by this state, from GET /spa/info-popup. */
export const infoPopupSlice = createSlice({
  name: 'infoPopup',
  initialState,
  reducers: {
    infoPopupReceived(state, action: PayloadAction<InfoPopup>) {
      // New texts of the same announcement (another language) must not bring back a popup the visitor closed.
      const same = state.loaded && state.id === action.payload.id;
      const show = same ? state.showInfoPopup && action.payload.showInfoPopup : action.payload.showInfoPopup;
      return { ...action.payload, showInfoPopup: show, loaded: true };
    },
    closeInfoPopup(state) {
      state.showInfoPopup = false;
    },
  },
});

export const { infoPopupReceived, closeInfoPopup } = infoPopupSlice.actions;
