import type { InfoPopup as InfoPopupData } from '@playhouse/shared/contracts/content';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { infoPopupStateFrom } from '@/store/info-popup-slice';
import { makeStore } from '@/store/store';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { InfoPopup } from './info-popup';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const POPUP: InfoPopupData = {
  text: 'Questions? Write to {email} any time.',
  buttonText: 'See the offers',
  closeButtonText: 'Not now',
  hrefOnMainButton: '/category/slots',
  hrefOnCloseButton: '/',
  showInfoPopup: true,
};

function renderPopup(popup: Partial<InfoPopupData> = {}, locale: 'en' | 'de' = 'en') {
  const store = makeStore({ infoPopup: infoPopupStateFrom({ ...POPUP, ...popup }) });
  return renderWithProviders(<InfoPopup />, { store, locale });
}

const dialog = () => screen.queryByRole('dialog');

describe('InfoPopup', () => {
  beforeEach(() => navigationState.reset('/en/app-page'));
  afterEach(() => vi.unstubAllGlobals());

  it('is shown when the store says so, with the operator text and buttons', () => {
    renderPopup();
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'See the offers' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Not now' })).not.toBeNull();
  });

  it('is not shown when the store says not to', () => {
    renderPopup({ showInfoPopup: false });
    expect(dialog()).toBeNull();
  });

  it('is never shown on a /landing path', () => {
    navigationState.reset('/en/landing');
    renderPopup();
    expect(dialog()).toBeNull();
  });

  it('shows the e-mail sample in the visitor language in place of {email}', () => {
    renderPopup({}, 'de');
    expect(dialog()?.textContent).toContain('Questions? Write to ihr.name@beispiel.de any time.');
  });

  it('closes on any path change', () => {
    const { rerender, store } = renderPopup();
    navigationState.pathname = '/en/category/slots';
    rerender(<InfoPopup />);
    expect(dialog()).toBeNull();
    expect(store.getState().infoPopup.showInfoPopup).toBe(false);
  });

  it('closes on the main button and goes to its link with the loading flag set', () => {
    const { store } = renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'See the offers' }));
    expect(dialog()).toBeNull();
    expect(store.getState().loader.loading).toBe(true);
    expect(navigationState.push.mock.calls[0]?.[0]).toBe('/en/category/slots');
  });

  it('closes on the close button and goes to its link with the loading flag set', () => {
    const { store } = renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(dialog()).toBeNull();
    expect(store.getState().loader.loading).toBe(true);
    expect(navigationState.push.mock.calls[0]?.[0]).toBe('/en');
  });

  it('keeps a locale written in the configured link', () => {
    renderPopup({ hrefOnMainButton: '/de/category/live?tab=2' });
    fireEvent.click(screen.getByRole('button', { name: 'See the offers' }));
    expect(navigationState.push.mock.calls[0]?.[0]).toBe('/de/category/live?tab=2');
  });

  it('only closes, without a loading flag, when the link points at the page already shown', () => {
    const { store } = renderPopup({ hrefOnCloseButton: '/app-page' });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(dialog()).toBeNull();
    expect(store.getState().loader.loading).toBe(false);
    expect(navigationState.push).not.toHaveBeenCalled();
  });

  it('leaves the site for an external link', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const { store } = renderPopup({ hrefOnMainButton: 'https://help.example.com/faq' });
    fireEvent.click(screen.getByRole('button', { name: 'See the offers' }));
    expect(assign).toHaveBeenCalledWith('https://help.example.com/faq');
    expect(store.getState().loader.loading).toBe(true);
  });

  it('ignores a javascript: link', () => {
    const { store } = renderPopup({ hrefOnMainButton: 'javascript:alert(1)' });
    fireEvent.click(screen.getByRole('button', { name: 'See the offers' }));
    expect(dialog()).toBeNull();
    expect(store.getState().loader.loading).toBe(false);
    expect(navigationState.push).not.toHaveBeenCalled();
  });

  it('puts the focus on the main button and dismisses on Escape', () => {
    renderPopup();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'See the offers' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(navigationState.push).not.toHaveBeenCalled();
  });

  it('keeps Tab between its two buttons', () => {
    renderPopup();
    const main = screen.getByRole('button', { name: 'See the offers' });
    const close = screen.getByRole('button', { name: 'Not now' });
    fireEvent.keyDown(main, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(main);
  });
});
