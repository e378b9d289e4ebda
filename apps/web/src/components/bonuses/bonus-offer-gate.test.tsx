import type { ActiveBonus, BonusOffer } from '@playhouse/shared/contracts/bonuses';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { BonusOfferGate } from './bonus-offer-gate';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const fetchMock = vi.fn<typeof fetch>();

const offer = (id: string, slug: string): BonusOffer => ({
  id,
  template: 'standard',
  kind: 'free_money',
  amount: '10.00',
  currency: '€',
  currencyCode: 'EUR',
  wager: 30,
  quantity: null,
  items: [],
  pickedAmount: null,
  expiresAt: null,
  bonus: {
    slug,
    noticeTextKey: `campaigns.${slug}.notice`,
    nameKey: `campaigns.${slug}.name`,
    firstFreeSpinGame: null,
  },
  maxBet: null,
  validDays: 7,
});

const OFFERS = [
  offer('11111111-1111-4111-8111-111111111111', 'welcome-free-money'),
  offer('22222222-2222-4222-8222-222222222222', 'first-deposit-match'),
];

const ACTIVE: ActiveBonus = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'coins',
  slug: 'welcome-coins',
  nameKey: 'campaigns.welcome-coins.name',
  amount: '10.00',
  currencyCode: 'EUR',
  wagerRequired: '200.00',
  wagered: '0.00',
  left: '200.00',
  maxBet: '5.00',
  expiresAt: '2026-12-01T00:00:00.000Z',
  freeSpinsLeft: null,
};

function renderGate() {
  const store = makeStore();
  store.dispatch(login({ id: 7, username: 'ada' }));
  renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <BonusOfferGate />
    </SWRConfig>,
    { store },
  );
  return store;
}

async function settle() {
  await act(async () => {
    for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('BonusOfferGate', () => {
  beforeEach(() => {
    navigationState.reset('/en');
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () => answer({ offers: OFFERS, active: null }));
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('offers the waiting bonuses behind a button; Later moves on to the next offer', async () => {
    renderGate();
    await settle();
    expect(fetchMock).toHaveBeenCalledWith('/spa/users/bonuses', expect.objectContaining({ credentials: 'include' }));
    // Nothing opens by itself.
    expect(screen.queryByRole('dialog')).toBeNull();

    const button = screen.getByRole('button', { name: 'Bonus offers for you: 2' });
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Free welcome money' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'First deposit match' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await settle();
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Free welcome money' })).toBeTruthy();
  });

  it('has no button while a bonus is being wagered, nor without offers', async () => {
    fetchMock.mockImplementation(async () => answer({ offers: OFFERS, active: ACTIVE }));
    renderGate();
    await settle();
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    fetchMock.mockImplementation(async () => answer({ offers: [], active: null }));
    renderGate();
    await settle();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
