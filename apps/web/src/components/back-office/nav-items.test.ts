// @vitest-environment node
import { STAFF_ROLES } from '@playhouse/shared/staff/permissions';
import { describe, expect, it } from 'vitest';
import { seededMessages } from '@/test/messages';
import { NAV_ITEMS, currentNavItem, navItemsFor } from './nav-items';

const hrefs = (roles: Parameters<typeof navItemsFor>[0]) => navItemsFor(roles).map((item) => item.href);

describe('back-office navigation', () => {
  it('shows each role only the screens its permissions allow', () => {
    expect(hrefs(['support'])).toEqual([
      '/staff',
      '/staff/players',
      '/staff/receipts',
      '/staff/money/adjustments',
      '/staff/chat',
      '/staff/campaigns',
    ]);
    expect(hrefs(['finance'])).toEqual([
      '/staff',
      '/staff/dashboard',
      '/staff/players',
      '/staff/receipts',
      '/staff/money/withdrawals',
      '/staff/money/payments',
      '/staff/money/adjustments',
      '/staff/campaigns',
      '/staff/affiliates',
    ]);
    expect(hrefs(['marketing'])).toEqual([
      '/staff',
      '/staff/dashboard',
      '/staff/campaigns',
      '/staff/affiliates',
      '/staff/content/slides',
      '/staff/content/banners',
      '/staff/content/bonus-infos',
      '/staff/content/articles',
      '/staff/content/page-metadata',
      '/staff/content/pictures',
      '/staff/content/announcement',
      '/staff/content/texts',
      '/staff/content/languages',
    ]);
    expect(hrefs(['risk'])).toEqual([
      '/staff',
      '/staff/dashboard',
      '/staff/players',
      '/staff/receipts',
      '/staff/money/withdrawals',
      '/staff/money/payments',
      '/staff/trading',
      '/staff/trading/bets',
      '/staff/audit',
    ]);
    expect(hrefs(['admin'])).toEqual([
      '/staff',
      '/staff/dashboard',
      '/staff/money/settings',
      '/staff/casino',
      '/staff/casino/categories',
      '/staff/casino/providers',
      '/staff/audit',
      '/staff/accounts',
    ]);
    expect(hrefs(['trader'])).toEqual(['/staff', '/staff/trading', '/staff/trading/bets']);
    expect(hrefs(['content'])).toEqual([
      '/staff',
      '/staff/casino',
      '/staff/casino/categories',
      '/staff/casino/providers',
      '/staff/content/slides',
      '/staff/content/banners',
      '/staff/content/bonus-infos',
      '/staff/content/articles',
      '/staff/content/page-metadata',
      '/staff/content/pictures',
      '/staff/content/announcement',
      '/staff/content/texts',
      '/staff/content/languages',
    ]);
  });

  it('gives a member with several roles the union of their screens, in nav order', () => {
    expect(hrefs(['support', 'admin'])).toEqual([
      '/staff',
      '/staff/dashboard',
      '/staff/players',
      '/staff/receipts',
      '/staff/money/adjustments',
      '/staff/money/settings',
      '/staff/chat',
      '/staff/casino',
      '/staff/casino/categories',
      '/staff/casino/providers',
      '/staff/campaigns',
      '/staff/audit',
      '/staff/accounts',
    ]);
  });

  it('shows nothing to someone without a staff role', () => {
    expect(navItemsFor([])).toEqual([]);
  });

  it('names every screen in every role’s messages, once per address', () => {
    const nav = (seededMessages('en').backOffice as { nav: Record<string, string> }).nav;
    for (const item of NAV_ITEMS) expect(nav[item.labelKey], item.labelKey).toBeTruthy();
    expect(new Set(NAV_ITEMS.map((item) => item.href)).size).toBe(NAV_ITEMS.length);
    expect(STAFF_ROLES.every((role) => navItemsFor([role]).length > 0)).toBe(true);
  });

  it('marks the screen an address belongs to', () => {
    const items = navItemsFor(['admin']);
    expect(currentNavItem(items, '/staff')?.labelKey).toBe('home');
    expect(currentNavItem(items, '/staff/audit')?.labelKey).toBe('audit');
    expect(currentNavItem(items, '/staff/accounts/12')?.labelKey).toBe('staffAccounts');
    expect(currentNavItem(items, '/staff/auditx')?.labelKey).toBe('home');
    expect(currentNavItem(navItemsFor(['trader']), '/staff/trading/matches/7')?.labelKey).toBe('trading');
    expect(currentNavItem(navItemsFor(['trader']), '/staff/trading/bets')?.labelKey).toBe('tradingBets');
  });
});
