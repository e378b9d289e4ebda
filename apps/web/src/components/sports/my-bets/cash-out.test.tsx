import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CashOutOffer } from '@playhouse/shared/contracts/cash-out';
import { ApiError } from '@/lib/api-error';
import { cashOutBet } from '@/lib/sports/cash-out-api';
import { renderWithProviders } from '@/test/render';
import { CashOut, partAmount, toMinor } from './cash-out';

vi.mock('@/lib/sports/cash-out-api', () => ({ cashOutBet: vi.fn(), setCashOutTarget: vi.fn() }));

const offer: CashOutOffer = {
  betId: '00000000-0000-4000-8000-000000000001',
  price: '9.06',
  unavailable: null,
  stake: '10.00',
  currency: 'EUR',
  minStake: '0.10',
  autoTarget: null,
};

describe('cash out on My bets', () => {
  it('reads amounts as the api does and pays a part its share rounded down', () => {
    expect(toMinor('4')).toBe(400n);
    expect(toMinor('4,5')).toBe(450n);
    expect(toMinor('4.567')).toBeNull();
    expect(partAmount(906n, 400n, 1000n)).toBe(362n);
  });

  it('confirms the whole bet at the value shown and sends that value as the one seen', async () => {
    vi.mocked(cashOutBet).mockResolvedValue({
      amount: '9.06',
      price: '9.06',
      stake: '10.00',
      bet: {} as never,
    });
    const done = vi.fn();
    renderWithProviders(<CashOut lng="en" offer={offer} onCashedOut={done} />);
    expect(screen.getByTestId('cash-out-value').textContent).toBe('Cash-out value: 9.06 EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Cash out 9.06 EUR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cash out for 9.06 EUR' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith('9.06'));
    expect(vi.mocked(cashOutBet).mock.calls[0]![1]).toEqual({ betId: offer.betId, seenPrice: '9.06' });
  });

  it('cashes out a part of the stake and says so when the value dropped meanwhile', async () => {
    vi.mocked(cashOutBet).mockRejectedValue(
      new ApiError(409, 'cash_out_price_changed', 'dropped', 'req', { price: '8.00' }),
    );
    renderWithProviders(<CashOut lng="en" offer={offer} onCashedOut={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cash out 9.06 EUR' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Part of the stake' }));
    fireEvent.change(screen.getByLabelText('Stake to cash out (EUR)'), { target: { value: '4' } });
    expect(screen.getByText('You get 3.62 EUR')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cash out for 3.62 EUR' }));
    const refusal = await screen.findByText('The value dropped to 8.00 EUR. Check it and confirm again.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(vi.mocked(cashOutBet).mock.calls.at(-1)![1]).toEqual({
      betId: offer.betId,
      seenPrice: '9.06',
      stake: '4.00',
    });
  });
});
