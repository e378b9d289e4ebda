import type { InfoPopup } from '@playhouse/shared/contracts/content';
import { describe, expect, it } from 'vitest';
import { closeInfoPopup, infoPopupReceived, infoPopupSlice, infoPopupStateFrom } from './info-popup-slice';

const POPUP: InfoPopup = {
  id: 3,
  text: 'Hello',
  buttonText: 'Go',
  closeButtonText: 'Close',
  hrefOnCloseButton: '/',
  hrefOnMainButton: '/app-page',
  showInfoPopup: true,
};
const reduce = infoPopupSlice.reducer;

describe('infoPopup slice', () => {
  it('starts hidden until the popup data arrives', () => {
    expect(reduce(undefined, { type: 'init' }).showInfoPopup).toBe(false);
  });

  it('shows the popup when the api says so', () => {
    const state = reduce(undefined, infoPopupReceived(POPUP));
    expect(state).toMatchObject({ ...POPUP, showInfoPopup: true });
  });

  it('stays hidden when the api says not to show it', () => {
    expect(reduce(undefined, infoPopupReceived({ ...POPUP, showInfoPopup: false })).showInfoPopup).toBe(false);
  });

  it('closes', () => {
    expect(reduce(infoPopupStateFrom(POPUP), closeInfoPopup()).showInfoPopup).toBe(false);
  });

  it('does not come back when new texts arrive after it was closed', () => {
    const closed = reduce(infoPopupStateFrom(POPUP), closeInfoPopup());
    const state = reduce(closed, infoPopupReceived({ ...POPUP, text: 'Hallo' }));
    expect(state.showInfoPopup).toBe(false);
    expect(state.text).toBe('Hallo');
  });

  it('shows a newer announcement that arrives after the last one was closed', () => {
    const closed = reduce(infoPopupStateFrom(POPUP), closeInfoPopup());
    expect(reduce(closed, infoPopupReceived({ ...POPUP, id: 4 })).showInfoPopup).toBe(true);
  });
});
