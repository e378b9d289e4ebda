import type { PspCheckoutSession } from '@playhouse/shared/contracts/cashbox';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PspCheckout, groupCardNumber } from './psp-checkout';

const SESSION: PspCheckoutSession = {
  id: 'cs_test_session_1',
  merchantName: 'Playhouse',
  amount: '25.00',
  currency: 'EUR',
  status: 'open',
  returnUrl: 'http://localhost:3000/en/cashbox?deposit=7a1b5c3e-1111-4222-8333-944445555666',
  testCards: [
    { number: '4242424242424242', outcome: 'succeeded' },
    { number: '4000000000000002', outcome: 'declined' },
    { number: '4000000000000077', outcome: 'pending' },
  ],
};

const fetchMock = vi.fn<typeof fetch>();

describe('the sandbox payment page', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('groups card numbers by four', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('lists the test cards with what each does, and fills one in', () => {
    renderWithProviders(<PspCheckout lng="en" session={SESSION} />);
    expect(screen.getByText('€25.00')).toBeTruthy();
    expect(screen.getByText('stays pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use card 4000 0000 0000 0002' }));
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('4000 0000 0000 0002');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry date (MM/YY)').value).toMatch(/^12\/\d{2}$/);
  });

  it('checks the card fields before paying', () => {
    renderWithProviders(<PspCheckout lng="en" session={SESSION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pay €25.00' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pays and shows the outcome with the way back to the shop', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ status: 'declined', declineReason: 'card_declined', returnUrl: SESSION.returnUrl }),
        {
          status: 200,
        },
      ),
    );
    renderWithProviders(<PspCheckout lng="en" session={SESSION} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use card 4000 0000 0000 0002' }));
    fireEvent.change(screen.getByLabelText('Name on the card'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay €25.00' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Payment declined.'));
    expect(screen.getByText('The card was declined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Playhouse' }).getAttribute('href')).toBe(SESSION.returnUrl);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/spa/psp/sandbox/checkout/cs_test_session_1');
    expect(JSON.parse(String(init?.body))).toMatchObject({ cardNumber: '4000 0000 0000 0002', holder: 'Ada Lovelace' });
  });

  it('shows a finished payment at once', () => {
    renderWithProviders(<PspCheckout lng="de" session={{ ...SESSION, status: 'succeeded' }} />, { locale: 'de' });
    expect(screen.getByRole('status').textContent).toContain('Zahlung erfolgreich.');
    expect(screen.queryByRole('button', { name: /bezahlen/ })).toBeNull();
  });
});
