import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FundingSplit } from './funding-split';

describe('the split of a bet or round', () => {
  it('shows how the stake was paid and where the payout went, leaving out empty parts', () => {
    renderWithProviders(
      <FundingSplit
        currency="EUR"
        split={{
          stake: { cash: '5.00', bonus: '15.00', freeSpin: '0.00' },
          payout: { cash: '0.00', bonus: '28.60', bonusPool: '0.00', withheld: '1.00' },
        }}
      />,
    );
    expect(screen.getByText('Stake').nextSibling?.textContent).toContain('€5.00 cash and €15.00 bonus money');
    expect(screen.getByText('Paid out').nextSibling?.textContent).toContain(
      '€28.60 bonus money and €1.00 kept for what you owe',
    );
  });

  it('says an open bet has no payout yet and a lost one paid nothing', () => {
    const stake = { cash: '2.00', bonus: '0.00', freeSpin: '0.00' };
    const { rerender } = renderWithProviders(<FundingSplit currency="EUR" split={{ stake, payout: null }} />);
    expect(screen.queryByText('Paid out')).toBeNull();
    rerender(
      <FundingSplit
        currency="EUR"
        split={{ stake, payout: { cash: '0.00', bonus: '0.00', bonusPool: '0.00', withheld: '0.00' } }}
      />,
    );
    expect(screen.getByText('Paid out').nextSibling?.textContent).toContain('nothing');
  });

  it('names a free spin and winnings that went with an ended bonus', () => {
    renderWithProviders(
      <FundingSplit
        currency="EUR"
        split={{
          stake: { cash: '0.00', bonus: '0.00', freeSpin: '0.20' },
          payout: { cash: '0.00', bonus: '0.00', bonusPool: '4.00', withheld: '0.00' },
        }}
      />,
    );
    expect(screen.getByText('€0.20 free spin')).toBeTruthy();
    expect(screen.getByText('€4.00 gone with the ended bonus')).toBeTruthy();
  });
});
