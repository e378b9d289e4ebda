import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stakeFunding } from '@/lib/funding/funding';
import { bonusRules, stakePreview } from '@/test/funding-fixtures';
import { renderWithProviders } from '@/test/render';
import { FundingPreview } from './funding-preview';
import type { FundingPreviewState } from './use-funding-preview';

const answered = (view: FundingPreviewState['view']): FundingPreviewState => ({ view, busy: false, failed: false });

function renderPreview(
  state: FundingPreviewState,
  product: 'sports' | 'casino' = 'sports',
  locale: 'en' | 'de' = 'en',
) {
  return renderWithProviders(<FundingPreview state={state} currency="EUR" product={product} />, { locale });
}

describe('the funding preview', () => {
  it('says how much comes from cash and how much from bonus money, and what the bonus counts', () => {
    renderPreview(answered(stakeFunding(stakePreview())));
    const group = screen.getByRole('group', { name: 'How it is paid' });
    expect(group.textContent).toContain('€5.00 from your cash, €15.00 from your bonus money.');
    expect(group.textContent).toContain('Your bonus: Welcome sports bonus');
    expect(group.textContent).toContain('Largest stake while it runs: €25.00');
    expect(group.textContent).toContain(
      'Counts €20.00 towards the wagering when it settles, won or lost (100% of the stake, odds from 1.50)',
    );
    expect(group.textContent).toContain('Wagered €40.00 of €300.00');
  });

  it('says a bet under the minimum odds counts nothing towards the wagering', () => {
    renderPreview(answered(stakeFunding(stakePreview({ bonus: bonusRules({ counts: '0.00' }) }))));
    expect(screen.getByText('Counts nothing towards the wagering: the odds are below 1.50')).toBeTruthy();
  });

  it('says when the bonus does not take part (cash only, no largest stake, no wagering)', () => {
    const preview = stakePreview({
      funding: { cash: '20.00', bonus: '0.00', freeSpin: '0.00' },
      bonus: bonusRules({ takesPart: false, counts: '0.00' }),
    });
    renderPreview(answered(stakeFunding(preview)), 'casino');
    expect(screen.getByText(/does not take part in casino games here/)).toBeTruthy();
    expect(screen.queryByText(/Largest stake/)).toBeNull();
  });

  it('names a free spin the house pays', () => {
    const preview = stakePreview({
      funding: { cash: '0.00', bonus: '0.00', freeSpin: '0.20' },
      bonus: bonusRules({
        countsWhen: 'taken',
        minOdd: null,
        counts: '0.00',
        freeSpins: { left: 3, stake: '0.20', game: 'dice', thisStake: true },
      }),
    });
    renderPreview(answered(stakeFunding(preview)), 'casino');
    expect(screen.getByText('A free spin: we pay the €0.20 stake.')).toBeTruthy();
    expect(screen.getByText('3 free spins left at €0.20 This stake is one of them.')).toBeTruthy();
  });

  it('names the refusal the placement would meet, with its values', () => {
    const refusal = { code: 'insufficient_funds', message: 'Insufficient funds' };
    renderPreview(answered(stakeFunding(stakePreview({ funding: null, refusal }))));
    expect(screen.getByText(/^This would be refused: /)).toBeTruthy();
  });

  it('keeps the last answer while a newer one is asked, and says so to assistive technology', () => {
    renderPreview({ view: stakeFunding(stakePreview()), busy: true, failed: false });
    const group = screen.getByRole('group', { name: 'How it is paid' });
    expect(group.getAttribute('aria-busy')).toBe('true');
    expect(group.textContent).toContain('€5.00 from your cash');
  });

  it('says it is working before the first answer, and when no answer came', () => {
    const { rerender } = renderPreview({ view: null, busy: true, failed: false });
    expect(screen.getByText('Working out how this would be paid…')).toBeTruthy();
    rerender(<FundingPreview state={{ view: null, busy: false, failed: true }} currency="EUR" product="sports" />);
    expect(screen.getByText('How this would be paid cannot be shown right now.')).toBeTruthy();
  });

  it('speaks the page language', () => {
    renderPreview(answered(stakeFunding(stakePreview())), 'sports', 'de');
    expect(screen.getByRole('group', { name: 'So wird bezahlt' }).textContent).toMatch(
      /5,00\s€ aus Ihrem Guthaben, 15,00\s€ aus Ihrem Bonusgeld\./,
    );
  });
});
