import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOddType } from '@/lib/sports/sports-api';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { topOfferLabels } from '@/test/labels';
import { renderWithProviders } from '@/test/render';
import { oddTypeStore } from './odd-type-store';
import { OddsFormatSwitcher } from './odds-format-switcher';

vi.mock('@/lib/sports/sports-api', () => ({
  fetchOddType: vi.fn(),
  saveOddType: vi.fn(() => Promise.resolve({ oddType: 'decimal' })),
}));

const switcher = () => <OddsFormatSwitcher lng="en" labels={topOfferLabels().oddsFormat} />;

describe('the odds format', () => {
  beforeEach(() => vi.mocked(fetchOddType).mockReset());

  // First: the hook asks once per page and language, and this one's language is asked for by no other test.
  it("takes the language's format from the server when the page has it, and asks nothing (no contracts, no zod)", async () => {
    renderWithProviders(<OddsFormatSwitcher lng="de" labels={topOfferLabels().oddsFormat} siteOddType="american" />);
    const select = screen.getByRole('combobox', { name: 'Odds format' }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('american'));
    expect(fetchOddType).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('oddType')).toBeNull();
    act(() => oddTypeStore.setDefault('decimal'));
  });

  it("shows a visitor the format the operator set for the page's language, without storing it as the visitor's", async () => {
    vi.mocked(fetchOddType).mockResolvedValue('fractional');
    renderWithProviders(switcher());
    expect(fetchOddType).toHaveBeenCalledWith('en');
    const select = screen.getByRole('combobox', { name: 'Odds format' }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('fractional'));
    expect(window.localStorage.getItem('oddType')).toBeNull();
    act(() => oddTypeStore.setDefault('decimal'));
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
