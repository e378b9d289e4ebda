import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fetchOddType } from '@/lib/sports/sports-api';
import { topOfferLabels } from '@/test/labels';
import { renderWithProviders } from '@/test/render';
import { OddsFormatSwitcher } from './odds-format-switcher';

vi.mock('@/lib/sports/sports-api', () => ({
  fetchOddType: vi.fn(),
  saveOddType: vi.fn(() => Promise.resolve({ oddType: 'decimal' })),
}));

describe('the odds format', () => {
  it('keeps what the visitor picked when the odd-type call answers later', async () => {
    let answer: (oddType: 'decimal') => void = () => undefined;
    vi.mocked(fetchOddType).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<OddsFormatSwitcher lng="en" labels={topOfferLabels().oddsFormat} />);
    const select = screen.getByRole('combobox', { name: 'Odds format' });
    expect((select as HTMLSelectElement).value).toBe('decimal');
    fireEvent.change(select, { target: { value: 'malay' } });
    await act(async () => answer('decimal'));
    expect((select as HTMLSelectElement).value).toBe('malay');
    expect(window.localStorage.getItem('oddType')).toBe('malay');
  });
});
