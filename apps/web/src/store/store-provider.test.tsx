import type { InfoPopup } from '@playhouse/shared/contracts/content';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from './hooks';
import type { AppStore } from './store';
import { StoreProvider } from './store-provider';

const POPUP: InfoPopup = {
  id: 3,
  text: 'Hallo',
  buttonText: 'Los',
  closeButtonText: 'Später',
  hrefOnCloseButton: '/',
  hrefOnMainButton: '/app-page',
  showInfoPopup: true,
};

function captureStore() {
  const captured: { store?: AppStore } = {};
  function Probe() {
    captured.store = useAppStore();
    return null;
  }
  return { captured, Probe };
}

describe('StoreProvider', () => {
  it('starts the store with the info popup and the language the server rendered', () => {
    const { captured, Probe } = captureStore();
    render(
      <StoreProvider lng="de" infoPopup={POPUP}>
        <Probe />
      </StoreProvider>,
    );
    const state = captured.store!.getState();
    expect(state.infoPopup).toMatchObject({ text: 'Hallo', showInfoPopup: true });
    expect(state.balance.language).toBe('de');
    expect(state.balance.mainBalanceAmount).toBe('0.00');
  });

  it('keeps one store across renders and follows a language change', () => {
    const { captured, Probe } = captureStore();
    const { rerender } = render(
      <StoreProvider lng="de" infoPopup={POPUP}>
        <Probe />
      </StoreProvider>,
    );
    const first = captured.store;
    rerender(
      <StoreProvider lng="ru" infoPopup={{ ...POPUP, text: 'Привет' }}>
        <Probe />
      </StoreProvider>,
    );
    expect(captured.store).toBe(first);
    expect(first!.getState().balance.language).toBe('ru');
    expect(first!.getState().infoPopup.text).toBe('Привет');
  });

  it('keeps the popup hidden when there is none', () => {
    const { captured, Probe } = captureStore();
    render(
      <StoreProvider lng="en" infoPopup={null}>
        <Probe />
      </StoreProvider>,
    );
    expect(captured.store!.getState().infoPopup.showInfoPopup).toBe(false);
  });
});
