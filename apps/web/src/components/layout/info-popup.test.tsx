import type { InfoPopup as InfoPopupData } from '@playhouse/shared/contracts/content';
import { act, fireEvent, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slipStore, SLIP_STORAGE_KEY } from '@/lib/sports/bet-slip-store';
import { EMPTY_SLIP } from '@/lib/sports/bet-slip';
import { infoPopupStateFrom } from '@/store/info-popup-slice';
import { makeStore } from '@/store/store';
import { navigationState } from '@/test/navigation-mock';
import { infoPopupLabels } from '@/test/labels';
import { seededMessages } from '@/test/messages';
import { renderWithProviders } from '@/test/render';
import { announcementGateScript, ANNOUNCEMENT_SHOWN_ATTRIBUTE } from './announcement-gate';
import { CLOSED_ANNOUNCEMENT_KEY } from './announcement-memory';
import { InfoPopup } from './info-popup';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const POPUP: InfoPopupData = {
  id: 7,
  text: 'Questions? Write to {email} any time.',
  buttonText: 'See the offers',
  closeButtonText: 'Not now',
  hrefOnMainButton: '/category/slots',
  hrefOnCloseButton: '/',
  showInfoPopup: true,
};

function renderPopup(popup: Partial<InfoPopupData> = {}, locale: 'en' | 'de' = 'en') {
  const store = makeStore({ infoPopup: infoPopupStateFrom({ ...POPUP, ...popup }) });
  return renderWithProviders(<InfoPopup labels={infoPopupLabels(locale)} />, { store, locale });
}

const dialog = () => screen.queryByRole('dialog');

describe('InfoPopup', () => {
  beforeEach(() => navigationState.reset('/en/app-page'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    slipStore.update(() => EMPTY_SLIP);
  });

  it('is shown when the store says so, with the operator text and buttons, without taking the focus', () => {
    renderPopup();
    expect(dialog()).not.toBeNull();
    expect(dialog()?.getAttribute('aria-modal')).toBeNull();
    expect(screen.getByRole('button', { name: 'See the offers' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Not now' })).not.toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('is not shown when the store says not to, or when there is no announcement', () => {
    renderPopup({ showInfoPopup: false });
    expect(dialog()).toBeNull();
    renderPopup({ id: null });
    expect(dialog()).toBeNull();
  });

  it.each(['/en/landing', '/en/cashbox', '/en/withdrawals', '/en/psp/checkout/abc', '/en/game/lucky-reels'])(
    'is never shown on %s',
    (path) => {
      navigationState.reset(path);
      renderPopup();
      expect(dialog()).toBeNull();
    },
  );

  it('is shown on a match page, but not over a bet slip in progress', () => {
    navigationState.reset('/en/game/prematch-mts/12');
    renderPopup();
    expect(dialog()).not.toBeNull();
    act(() => slipStore.update((slip) => ({ ...slip, selections: [{ outcomeId: 1 } as never] })));
    expect(dialog()).toBeNull();
  });

  it('waits on the cashbox and shows once the visitor goes elsewhere', () => {
    navigationState.reset('/en/cashbox');
    const { rerender } = renderPopup();
    expect(dialog()).toBeNull();
    navigationState.pathname = '/en';
    rerender(<InfoPopup labels={infoPopupLabels()} />);
    expect(dialog()).not.toBeNull();
  });

  it('shows the e-mail sample in the visitor language in place of {email}', () => {
    renderPopup({}, 'de');
    expect(dialog()?.textContent).toContain('Questions? Write to ihr.name@beispiel.de any time.');
  });

  it('closes with its close icon, and the browser remembers that this announcement was closed', () => {
    const { unmount } = renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(dialog()).toBeNull();
    expect(localStorage.getItem(CLOSED_ANNOUNCEMENT_KEY)).toBe('7');
    expect(navigationState.push).not.toHaveBeenCalled();
    unmount();
    // A reload (or another tab): the same announcement stays closed, a new one shows.
    renderPopup().unmount();
    expect(dialog()).toBeNull();
    renderPopup({ id: 8 });
    expect(dialog()).not.toBeNull();
  });

  it('closes when another tab closes it', () => {
    renderPopup();
    act(() => {
      localStorage.setItem(CLOSED_ANNOUNCEMENT_KEY, '7');
      window.dispatchEvent(new StorageEvent('storage', { key: CLOSED_ANNOUNCEMENT_KEY, newValue: '7' }));
    });
    expect(dialog()).toBeNull();
  });

  it('closes on any path change, for good', () => {
    const { rerender, store } = renderPopup();
    navigationState.pathname = '/en/category/slots';
    rerender(<InfoPopup labels={infoPopupLabels()} />);
    expect(dialog()).toBeNull();
    expect(store.getState().infoPopup.showInfoPopup).toBe(false);
    expect(localStorage.getItem(CLOSED_ANNOUNCEMENT_KEY)).toBe('7');
  });

  it('closes on the main button and goes to its link with the loading flag set', () => {
    const { store } = renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'See the offers' }));
    expect(dialog()).toBeNull();
    expect(store.getState().loader.loading).toBe(true);
    expect(navigationState.push.mock.calls[0]?.[0]).toBe('/en/category/slots');
    expect(localStorage.getItem(CLOSED_ANNOUNCEMENT_KEY)).toBe('7');
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

  it('closes on Escape from inside, without following a link', () => {
    renderPopup();
    const main = screen.getByRole('button', { name: 'See the offers' });
    main.focus();
    fireEvent.keyDown(main, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(navigationState.push).not.toHaveBeenCalled();
    expect(localStorage.getItem(CLOSED_ANNOUNCEMENT_KEY)).toBe('7');
  });
});

describe('the announcement drawn by the server, and its gate', () => {
  beforeEach(() => navigationState.reset('/en/app-page'));
  afterEach(() => {
    localStorage.clear();
    slipStore.update(() => EMPTY_SLIP);
    document.documentElement.removeAttribute(ANNOUNCEMENT_SHOWN_ATTRIBUTE);
    document.body.replaceChildren();
  });

  function Providers({ children }: { children: ReactNode }) {
    const store = makeStore({ infoPopup: infoPopupStateFrom(POPUP) });
    return (
      <NextIntlClientProvider locale="en" messages={seededMessages('en')} timeZone="UTC">
        <Provider store={store}>{children}</Provider>
      </NextIntlClientProvider>
    );
  }
  const popupTree = () => (
    <Providers>
      <InfoPopup labels={infoPopupLabels()} />
    </Providers>
  );
  /** Runs the gate as the page does, once the popup is parsed; answers whether it let the popup show. */
  const gateLets = (id = POPUP.id!) => {
    document.documentElement.removeAttribute(ANNOUNCEMENT_SHOWN_ATTRIBUTE);
    new Function(announcementGateScript(id))();
    return document.documentElement.getAttribute(ANNOUNCEMENT_SHOWN_ATTRIBUTE) === 'shown';
  };

  it('is in the server render, marked for its gate, so it paints with the page', () => {
    const html = renderToString(popupTree());
    expect(html).toContain('role="dialog"');
    expect(html).toContain('data-announcement-gate=""');
    expect(html).toContain('Questions? Write to');
  });

  it('is let through by the gate unless this browser closed it or holds a bet slip in progress', () => {
    expect(gateLets()).toBe(true);
    localStorage.setItem(CLOSED_ANNOUNCEMENT_KEY, '6');
    expect(gateLets()).toBe(true);
    localStorage.setItem(CLOSED_ANNOUNCEMENT_KEY, '7');
    expect(gateLets()).toBe(false);
    localStorage.clear();
    localStorage.setItem(SLIP_STORAGE_KEY, JSON.stringify({ ...EMPTY_SLIP, selections: [{ outcomeId: 1 }] }));
    expect(gateLets()).toBe(false);
    localStorage.setItem(SLIP_STORAGE_KEY, '{not json');
    expect(gateLets()).toBe(false);
  });

  it.each([
    ['open', null, true],
    ['closed before', '7', false],
  ])('hydrates into the browser rules (%s)', async (_, closed, shown) => {
    if (closed) localStorage.setItem(CLOSED_ANNOUNCEMENT_KEY, closed);
    const container = document.createElement('div');
    container.innerHTML = renderToString(popupTree());
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, popupTree());
    });
    const popup = container.querySelector('[role="dialog"]');
    expect(popup !== null).toBe(shown);
    // Once hydrated the popup follows its own rules: the gate's mark is gone.
    expect(popup?.hasAttribute('data-announcement-gate') ?? false).toBe(false);
  });
});
