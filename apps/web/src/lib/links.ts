import type { NavCategory } from '@playhouse/shared/contracts/content';
import { splitLocalePath, type Locale } from '@playhouse/shared/locales';

/** A path without the locale prefix, always starting with `/` ("casino" → "/casino"). */
export function toAppPath(path: string): string {
  const trimmed = path.trim();
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The head "game" of the Sports category: the sportsbook itself (SPEC.md §2's /{lng}/game/prematch-mts). */
const SPORTSBOOK_HEAD_GAME = 'prematch-mts';

/** Where a navigation category leads: its head game when it has one (the sportsbook for Sports), else its own page. */
export function categoryHref(category: Pick<NavCategory, 'slug' | 'headGameSlug'>): string {
  if (category.headGameSlug === SPORTSBOOK_HEAD_GAME) return '/sports';
  return category.headGameSlug
    ? `/game/${encodeURIComponent(category.headGameSlug)}`
    : `/category/${encodeURIComponent(category.slug)}`;
}

export type LinkTarget =
  { kind: 'external'; href: string } | { kind: 'internal'; path: string; search: string; locale: Locale | null };

/**
 * Reads a configured link (info popup buttons): a full http(s)/mailto/tel address stays external; anything else is a
 * site path, with or without a locale prefix. Other schemes (javascript:, data:) and empty values give null.
 */
export function parseConfiguredHref(href: string): LinkTarget | null {
  const value = href.trim();
  if (value === '') return null;
  if (/^(https?:)?\/\//i.test(value)) {
    try {
      return { kind: 'external', href: new URL(value, 'https://invalid.example').href };
    } catch {
      return null;
    }
  }
  if (/^(mailto|tel):/i.test(value)) return { kind: 'external', href: value };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const [pathPart = '', ...rest] = toAppPath(value).split('?');
  const search = rest.length > 0 ? `?${rest.join('?')}` : '';
  const { locale, rest: path } = splitLocalePath(pathPart.split('#')[0] ?? '/');
  return { kind: 'internal', path, search, locale };
}
