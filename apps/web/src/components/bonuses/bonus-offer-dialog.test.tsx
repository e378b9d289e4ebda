import type { ActiveBonus, BonusOffer } from '@playhouse/shared/contracts/bonuses';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BonusOfferDialog } from './bonus-offer-dialog';

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ITEMS = ['1.00', '5.00', '10.00', '25.00'];

const COIN_OFFER: BonusOffer = {
  id: '3f1d2c4b-5a69-4f7e-8d9c-0b1a2c3d4e5f',
  template: 'coins',
  kind: 'coins',
  amount: null,
  currency: '€',
  currencyCode: 'EUR',
  wager: 30,
  quantity: null,
  items: ITEMS,
  pickedAmount: null,
  expiresAt: '2026-12-01T12:00:00.000Z',
  bonus: { slug: 'lucky-coins', noticeTextKey: 'none.notice', nameKey: 'none.name', firstFreeSpinGame: null },
  maxBet: '5.00',
  validDays: 7,
};

const STANDARD_OFFER: BonusOffer = {
  ...COIN_OFFER,
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  template: 'standard',
  kind: 'free_money',
  amount: '20.00',
  items: [],
  bonus: { ...COIN_OFFER.bonus, slug: 'free-twenty' },
};

const activeBonus = (offer: BonusOffer, amount: string): ActiveBonus => ({
  id: offer.id,
  kind: offer.kind,
  slug: offer.bonus.slug,
  nameKey: offer.bonus.nameKey,
  amount,
  currencyCode: 'EUR',
  wagerRequired: String(Number(amount) * offer.wager),
  wagered: '0.00',
  left: String(Number(amount) * offer.wager),
  maxBet: offer.maxBet,
  expiresAt: '2026-12-08T12:00:00.000Z',
  freeSpinsLeft: null,
});

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
  }));

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderDialog(offer: BonusOffer) {
  const handlers = { onAccepted: vi.fn(), onRejected: vi.fn(), onClose: vi.fn() };
  // random() = 0 turns [1, 5, 10, 25] into [5, 10, 25, 1] before the drawn amount is swapped in.
  renderWithProviders(<BonusOfferDialog offer={offer} {...handlers} random={() => 0} />);
  return handlers;
}

const coinNames = () =>
  screen.getAllByRole('button', { name: /^Coin \d/ }).map((coin) => coin.getAttribute('aria-label'));

describe('BonusOfferDialog, coins template', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('/pick/')) return json({ pickedAmount: '10.00', items: ITEMS });
      if (path.includes('/get/')) return json({ bonus: activeBonus(COIN_OFFER, '10.00') });
      return json({ error: { code: 'not_found', message: 'no' } }, 404);
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('picks through the api, reveals all coins 3100 ms later and accepts 4000 ms after that', async () => {
    const { onAccepted } = renderDialog(COIN_OFFER);
    expect(screen.getByRole('dialog', { name: 'lucky-coins' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Pick a coin to find out your bonus.');
    expect(coinNames()).toEqual(['Coin 1', 'Coin 2', 'Coin 3', 'Coin 4']);

    fireEvent.click(screen.getByRole('button', { name: 'Coin 3' }));
    await advance(0);
    expect(calls()).toEqual([
      { url: `/spa/users/bonuses/pick/${COIN_OFFER.id}`, method: 'POST', key: expect.any(String) },
    ]);
    expect(screen.getByRole('button', { name: 'Coin 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Later' }).hasAttribute('disabled')).toBe(true);

    await advance(3099);
    expect(coinNames()).toEqual(['Coin 1', 'Coin 2', 'Coin 3', 'Coin 4']);
    await advance(1);
    expect(coinNames()).toEqual(['Coin 1: €5.00', 'Coin 2: €25.00', 'Coin 3: €10.00 (your coin)', 'Coin 4: €1.00']);
    expect(screen.getByRole('status').textContent).toBe('Your bonus: €10.00');

    await advance(3999);
    expect(calls()).toHaveLength(1);
    await advance(1);
    expect(calls()[1]).toEqual({
      url: `/spa/users/bonuses/get/${COIN_OFFER.id}`,
      method: 'POST',
      key: expect.any(String),
    });
    expect(calls()[1]!.key).not.toBe(calls()[0]!.key);
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe(
      'Congratulations! €10.00 is on your bonus balance. Wager it 30 times and it is yours to keep.',
    );
    expect(onAccepted).toHaveBeenCalledWith(activeBonus(COIN_OFFER, '10.00'));
    expect(screen.getByRole('button', { name: 'Close' }).hasAttribute('disabled')).toBe(false);
  });

  it('ignores clicks on coins while a pick is under way and after it', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDialog(COIN_OFFER);
    fireEvent.click(screen.getByRole('button', { name: 'Coin 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Coin 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Coin 4' }));
    await advance(1000);
    expect(calls()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Coin 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Coin 2' }).getAttribute('aria-pressed')).toBe('true');

    // The answer comes after the reveal time: the coins show at once.
    await advance(2500);
    answer(json({ pickedAmount: '1.00', items: ITEMS }));
    await advance(0);
    expect(coinNames()[1]).toBe('Coin 2: €1.00 (your coin)');
    fireEvent.click(screen.getByRole('button', { name: /^Coin 1/ }));
    await advance(0);
    expect(calls()).toHaveLength(1);
  });

  it('Escape does not close the dialog during the game; before a pick it puts the offer aside', async () => {
    const { onClose } = renderDialog(COIN_OFFER);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Coin 1' }));
    await advance(0);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a failed pick says so and lets the player pick again with the same retry key', async () => {
    fetchMock.mockImplementationOnce(async () => json({ error: { code: 'internal_error', message: 'x' } }, 500));
    renderDialog(COIN_OFFER);
    fireEvent.click(screen.getByRole('button', { name: 'Coin 1' }));
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe('Something went wrong. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Coin 4' }));
    await advance(0);
    expect(calls()).toHaveLength(2);
    expect(calls()[1]!.key).toBe(calls()[0]!.key);
  });
});

describe('BonusOfferDialog, standard template', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows and hides the more information section', () => {
    renderDialog(STANDARD_OFFER);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const more = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(more.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide');
    expect(more.hidden).toBe(false);
    expect(more.textContent).toContain('More information');
    expect(more.textContent).toContain('Total to bet€600.00');
    expect(more.textContent).toContain('Maximum bet while wagering€5.00');
    expect(more.textContent).toContain('7 days from when you accept');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Show more');
    expect(more.hidden).toBe(true);
  });

  it('receive accepts the offer through the api and congratulates', async () => {
    fetchMock.mockImplementation(async () => json({ bonus: activeBonus(STANDARD_OFFER, '20.00') }));
    const { onAccepted } = renderDialog(STANDARD_OFFER);
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await advance(0);
    expect(calls()).toEqual([
      { url: `/spa/users/bonuses/get/${STANDARD_OFFER.id}`, method: 'POST', key: expect.any(String) },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Congratulations! €20.00 is on your bonus balance.');
    expect(onAccepted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
  });

  it('reject declines the offer through the api', async () => {
    fetchMock.mockImplementation(async () => json({ id: STANDARD_OFFER.id, status: 'rejected' }));
    const { onRejected, onAccepted } = renderDialog(STANDARD_OFFER);
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(reject);
    await advance(0);
    expect(calls()).toEqual([
      { url: `/spa/users/bonuses/reject/${STANDARD_OFFER.id}`, method: 'POST', key: expect.any(String) },
    ]);
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('shows the api refusal in the player language', async () => {
    fetchMock.mockImplementation(async () =>
      json({ error: { code: 'bonus_active_exists', message: 'one at a time' }, requestId: 'r1' }, 409),
    );
    renderDialog(STANDARD_OFFER);
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe(
      'Finish or give up your current bonus before you take another.',
    );
    expect(screen.getByRole('button', { name: 'Receive' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('BonusOfferDialog texts', () => {
  it('fill every placeholder, game and provider titles with a capital first letter, in the player language', () => {
    const spins: BonusOffer = {
      ...STANDARD_OFFER,
      kind: 'free_spins',
      amount: '0.00',
      wager: 25,
      quantity: 20,
      bonus: {
        slug: 'lucky-reels-spins',
        nameKey: 'campaigns.lucky-reels-spins.name',
        noticeTextKey: 'campaigns.lucky-reels-spins.notice',
        firstFreeSpinGame: {
          id: 3,
          slug: 'lucky-reels',
          title: 'lucky reels',
          producer: { title: 'playhouse originals' },
        },
      },
    };
    const handlers = { onAccepted: vi.fn(), onRejected: vi.fn(), onClose: vi.fn() };
    renderWithProviders(<BonusOfferDialog offer={spins} {...handlers} />, { locale: 'de' });
    const dialog = screen.getByRole('dialog', { name: 'Freispiele für Lucky Reels' });
    expect(dialog.textContent).toContain(
      '20 Freispiele für Lucky reels von Playhouse originals. Gewinne landen auf deinem Bonusguthaben und werden 25-mal umgesetzt.',
    );
    expect(dialog.textContent).toContain('Setze den Bonusbetrag 25-mal um, bevor er zu echtem Geld wird.');
    expect(screen.getByRole('button', { name: 'Annehmen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mehr anzeigen' })).toBeTruthy();
  });
});
