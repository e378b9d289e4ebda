import type { FormField } from '@playhouse/shared/contracts/accounts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PromoCodeForm } from './promo-code-form';

const FIELDS: FormField[] = [
  {
    name: 'code',
    type: 'text',
    required: true,
    label: 'Promo code',
    constraints: { pattern: '^[A-Za-z0-9_-]{3,32}$' },
  },
];

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const OFFER = {
  id: '0b9f4a7e-2f4c-4b8e-9a57-3c2f3d7d1a11',
  template: 'standard',
  kind: 'free_money',
  amount: '5.00',
  currency: '€',
  currencyCode: 'EUR',
  wager: 10,
  quantity: null,
  items: [],
  pickedAmount: null,
  expiresAt: null,
  bonus: {
    slug: 'spring',
    noticeTextKey: 'campaigns.spring.notice',
    nameKey: 'campaigns.spring.name',
    firstFreeSpinGame: null,
  },
  maxBet: null,
  validDays: 7,
};

describe('PromoCodeForm', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('redeems the code, tells the player the offer is waiting and asks the page to read the offers again', async () => {
    fetchMock.mockImplementation(async () => json(201, { offer: OFFER }));
    const onRedeemed = vi.fn();
    renderWithProviders(<PromoCodeForm fields={FIELDS} onRedeemed={onRedeemed} />);
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'spring25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByText('Your bonus offer is waiting for you below.')).toBeTruthy();
    expect(onRedeemed).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/spa\/users\/promocodes$/);
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'spring25' });
  });

  it('shows the refusal in the player’s words and redeems nothing', async () => {
    fetchMock.mockImplementation(async () =>
      json(404, { error: { code: 'promo_code_unknown', message: 'There is no such promo code.' }, requestId: 'r' }),
    );
    const onRedeemed = vi.fn();
    renderWithProviders(<PromoCodeForm fields={FIELDS} onRedeemed={onRedeemed} />, { locale: 'de' });
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'NOPE99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code einlösen' }));
    expect(await screen.findByText(/Diesen Promo-Code gibt es nicht/)).toBeTruthy();
    expect(onRedeemed).not.toHaveBeenCalled();
  });
});
