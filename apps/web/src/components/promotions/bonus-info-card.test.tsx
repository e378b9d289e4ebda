import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { BonusInfoCard, bonusLinks } from './bonus-info-card';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const LABELS = {
  getBonusUpper: 'GET BONUS',
  getBonus: 'Get bonus',
  terms: 'Terms & conditions',
  termsHeading: 'Terms of this offer',
};

function renderCard(options: { signedIn: boolean; omit: boolean }) {
  const store = makeStore();
  if (options.signedIn) store.dispatch(login({ id: 7, username: 'ada', login: 'ada@example.com' }));
  return renderWithProviders(
    <BonusInfoCard
      slug="welcome-bonus"
      title="100% welcome bonus"
      descriptionHtml="<p>Wager it 30 times.</p>"
      headline="100% up to €200.00"
      termLines={['Minimum deposit: €10.00.', 'While wagering, a single bet may not exceed €10.00.']}
      omitGetBonusButton={options.omit}
      labels={LABELS}
      picture={null}
    />,
    { store },
  );
}

describe('bonusLinks', () => {
  it('sends players to the cashbox and visitors to registration; omitting drops only the players’ inner link', () => {
    expect(bonusLinks(true, false)).toEqual({ getBonus: '/cashbox', termsGetBonus: '/cashbox' });
    expect(bonusLinks(true, true)).toEqual({ getBonus: '/cashbox', termsGetBonus: null });
    expect(bonusLinks(false, false)).toEqual({ getBonus: '/auth/register', termsGetBonus: '/auth/register' });
    expect(bonusLinks(false, true)).toEqual({ getBonus: '/auth/register', termsGetBonus: '/auth/register' });
  });
});

describe('BonusInfoCard', () => {
  beforeEach(() => navigationState.reset('/en'));

  it('names the card by its title and opens the terms with an accessible toggle', () => {
    renderCard({ signedIn: false, omit: false });
    expect(screen.getByRole('article', { name: '100% welcome bonus' })).not.toBeNull();
    const toggle = screen.getByRole('button', { name: 'Terms & conditions' });
    const terms = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(terms.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(terms.hidden).toBe(false);
    expect(terms.textContent).toContain('Wager it 30 times.');
    const list = screen.getByRole('list', { name: 'Terms of this offer' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Minimum deposit: €10.00.',
      'While wagering, a single bet may not exceed €10.00.',
    ]);
    expect(screen.getByText('100% up to €200.00')).not.toBeNull();
    fireEvent.click(toggle);
    expect(terms.hidden).toBe(true);
  });

  it('sends a visitor to registration from both links', () => {
    renderCard({ signedIn: false, omit: true });
    fireEvent.click(screen.getByRole('button', { name: 'Terms & conditions' }));
    expect(screen.getByRole('link', { name: 'GET BONUS' }).getAttribute('href')).toBe('/en/auth/register');
    expect(screen.getByRole('link', { name: 'Get bonus' }).getAttribute('href')).toBe('/en/auth/register');
  });

  it('sends a signed-in player to the cashbox, without the inner link when it is omitted', () => {
    renderCard({ signedIn: true, omit: false });
    fireEvent.click(screen.getByRole('button', { name: 'Terms & conditions' }));
    expect(screen.getByRole('link', { name: 'GET BONUS' }).getAttribute('href')).toBe('/en/cashbox');
    expect(screen.getByRole('link', { name: 'Get bonus' }).getAttribute('href')).toBe('/en/cashbox');
  });

  it('leaves out the inner Get bonus link for a signed-in player when the operator omitted it', () => {
    renderCard({ signedIn: true, omit: true });
    fireEvent.click(screen.getByRole('button', { name: 'Terms & conditions' }));
    expect(screen.getByRole('link', { name: 'GET BONUS' }).getAttribute('href')).toBe('/en/cashbox');
    expect(screen.queryByRole('link', { name: 'Get bonus' })).toBeNull();
  });
});
