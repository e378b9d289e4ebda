import { staffMay, type StaffPermission, type StaffRole } from '@playhouse/shared/staff/permissions';

export interface NavItem {
  /** The screen's address under /{lng}. */
  href: `/staff${string}`;
  /** Its name in the `backOffice` messages (`nav.<key>`). */
  labelKey: string;
  /** The permission a staff member needs to use the screen (packages/shared/src/staff/permissions.ts). */
  permission: StaffPermission;
}

/**
 * The back office's screens, ONE line each, in the order the navigation shows them. A screen shows only to staff
 * whose roles allow its permission; the api refuses the rest anyway.
 */
export const NAV_ITEMS = [
  { href: '/staff', labelKey: 'home', permission: 'staff.self' },
  { href: '/staff/dashboard', labelKey: 'dashboard', permission: 'dashboard.read' },
  { href: '/staff/players', labelKey: 'players', permission: 'players.read' },
  { href: '/staff/receipts', labelKey: 'receipts', permission: 'receipts.verify' },
  { href: '/staff/money/withdrawals', labelKey: 'withdrawals', permission: 'withdrawals.read' },
  { href: '/staff/money/payments', labelKey: 'payments', permission: 'payments.read' },
  { href: '/staff/money/adjustments', labelKey: 'adjustments', permission: 'adjustments.request' },
  { href: '/staff/money/settings', labelKey: 'moneySettings', permission: 'settings.money' },
  { href: '/staff/chat', labelKey: 'chat', permission: 'chat.read' },
  { href: '/staff/trading', labelKey: 'trading', permission: 'trading.read' },
  { href: '/staff/trading/bets', labelKey: 'tradingBets', permission: 'trading.read' },
  { href: '/staff/casino', labelKey: 'casino', permission: 'casino.read' },
  { href: '/staff/casino/categories', labelKey: 'casinoCategories', permission: 'casino.read' },
  { href: '/staff/casino/providers', labelKey: 'casinoProviders', permission: 'casino.read' },
  { href: '/staff/campaigns', labelKey: 'campaigns', permission: 'bonuses.read' },
  { href: '/staff/affiliates', labelKey: 'affiliates', permission: 'affiliates.read' },
  { href: '/staff/audit', labelKey: 'audit', permission: 'audit.read' },
  { href: '/staff/accounts', labelKey: 'staffAccounts', permission: 'staff.read' },
  { href: '/staff/content/slides', labelKey: 'contentSlides', permission: 'content.read' },
  { href: '/staff/content/banners', labelKey: 'contentBanners', permission: 'content.read' },
  { href: '/staff/content/bonus-infos', labelKey: 'contentBonusInfos', permission: 'content.read' },
  { href: '/staff/content/articles', labelKey: 'contentArticles', permission: 'content.read' },
  { href: '/staff/content/page-metadata', labelKey: 'contentPageMetadata', permission: 'content.read' },
  { href: '/staff/content/pictures', labelKey: 'contentPictures', permission: 'content.read' },
  { href: '/staff/content/announcement', labelKey: 'contentInfoPopups', permission: 'content.read' },
  { href: '/staff/content/texts', labelKey: 'contentTexts', permission: 'content.read' },
  { href: '/staff/content/languages', labelKey: 'contentLocales', permission: 'content.read' },
] as const satisfies readonly NavItem[];

export type NavLabelKey = (typeof NAV_ITEMS)[number]['labelKey'];

/** The screens a staff member holding `roles` may use. */
export function navItemsFor(roles: readonly StaffRole[]): NavItem[] {
  return NAV_ITEMS.filter((item) => staffMay(roles, item.permission));
}

/** The screen an address belongs to: the longest nav address it starts with. */
export function currentNavItem<T extends { href: string }>(items: readonly T[], path: string): T | undefined {
  return items
    .filter((item) => path === item.href || path.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
}
