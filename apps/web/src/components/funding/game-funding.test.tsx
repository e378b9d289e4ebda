import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewCasinoStake } from '@/lib/funding/funding-api';
import { balancesReceived } from '@/store/balance-slice';
import { bonusRules, stakePreview } from '@/test/funding-fixtures';
import { renderWithProviders } from '@/test/render';
import { GameFunding } from './game-funding';

vi.mock('@/lib/funding/funding-api', () => ({ previewCasinoStake: vi.fn(), previewBets: vi.fn() }));

const casinoRules = stakePreview({
  amount: null,
  funding: null,
  available: { cash: '12.50', bonus: '30.00' },
  bonus: bonusRules({
    contributionPercent: 10,
    countsWhen: 'taken',
    minOdd: null,
    counts: '0.00',
    maxBet: '5.00',
    freeSpins: { left: 2, stake: '0.20', game: 'dice', thisStake: false },
  }),
});

describe('the game page: the money for this game', () => {
  afterEach(() => vi.mocked(previewCasinoStake).mockReset());

  it("asks the api's dry run for the game's rules and shows the money, the order, and the bonus's rules here", async () => {
    vi.mocked(previewCasinoStake).mockResolvedValue(casinoRules);
    renderWithProviders(<GameFunding game="dice" />);
    const section = await screen.findByRole('region', { name: 'Your money for this game' });
    expect(vi.mocked(previewCasinoStake).mock.calls[0]?.slice(0, 2)).toEqual(['dice', undefined]);
    expect(section.textContent).toContain('Cash €12.50 · Bonus money €30.00');
    expect(section.textContent).toContain('Each bet takes your cash first, then your bonus money.');
    expect(section.textContent).toContain('Largest stake while it runs: €5.00');
    expect(section.textContent).toContain('Bets here count 10% towards your bonus wagering.');
    expect(section.textContent).toContain('2 free spins at €0.20 on this game, paid by us.');
    expect(section.textContent).toContain('Wagered €40.00 of €300.00');
  });

  it('asks again when the balances change (a round played in the frame)', async () => {
    vi.mocked(previewCasinoStake).mockResolvedValue(casinoRules);
    const { store } = renderWithProviders(<GameFunding game="dice" />);
    await screen.findByRole('region');
    vi.mocked(previewCasinoStake).mockResolvedValue({ ...casinoRules, available: { cash: '11.50', bonus: '30.00' } });
    act(() => {
      store.dispatch(
        balancesReceived({
          code: 'EUR',
          flipBalances: false,
          mainBalance: { balance: '11.50', ajaxRefreshRoute: '/spa/users/balances/main' },
          bonusBalance: { balance: '30.00', ajaxRefreshRoute: '/spa/users/balances/bonus' },
        }),
      );
    });
    await screen.findByText('Cash €11.50 · Bonus money €30.00');
    expect(previewCasinoStake).toHaveBeenCalledTimes(2);
  });

  it('shows nothing when no answer comes (the game plays anyway)', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(previewCasinoStake).mockRejectedValue(new Error('offline'));
    renderWithProviders(<GameFunding game="dice" />);
    await waitFor(() => expect(errorLog).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
    errorLog.mockRestore();
  });
});
