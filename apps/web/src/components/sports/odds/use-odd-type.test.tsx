import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOddType } from '@/lib/sports/sports-api';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { topOfferLabels } from '@/test/labels';
import { renderWithProviders } from '@/test/render';
import { OddsFormatSwitcher } from './odds-format-switcher';

vi.mock('@/lib/sports/sports-api', () => ({
  fetchOddType: vi.fn(),
  saveOddType: vi.fn(() => Promise.resolve({ oddType: 'decimal' })),
}));

const switcher = () => <OddsFormatSwitcher lng="en" labels={topOfferLabels().oddsFormat} />;

describe('the odds format', () => {
  beforeEach(() => vi.mocked(fetchOddType).mockReset());

  it("asks a visitor's page nothing: the browser's choice, else decimal, which is all the call would answer", () => {
    renderWithProviders(switcher());
    expect((screen.getByRole('combobox', { name: 'Odds format' }) as HTMLSelectElement).value).toBe('decimal');
    expect(fetchOddType).not.toHaveBeenCalled();
  });

  it("keeps what the player picked when the player's saved choice answers later", async () => {
    let answer: (oddType: 'decimal') => void = () => undefined;
    vi.mocked(fetchOddType).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = makeStore();
    store.dispatch(login({ id: 7, username: 'ada' }));
    renderWithProviders(switcher(), { store });
    expect(fetchOddType).toHaveBeenCalledWith('en');
    const select = screen.getByRole('combobox', { name: 'Odds format' });
    expect((select as HTMLSelectElement).value).toBe('decimal');
    fireEvent.change(select, { target: { value: 'malay' } });
    await act(async () => answer('decimal'));
    expect((select as HTMLSelectElement).value).toBe('malay');
    expect(window.localStorage.getItem('oddType')).toBe('malay');
  });
});
