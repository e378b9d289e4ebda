import type { Locale } from '@playhouse/shared';
import type { Metadata } from 'next';
import { redirect } from '@/i18n/navigation';
import { getHeadData } from '../api-client';
import { buildPageMetadata } from '../seo/build-page-metadata';
import { hasSessionCookie } from './session-cookie';

/**
 * The head of an account page: the site's SEO data for the route with the page's own title. Pages that only make
 * sense for one visitor (profile, cashbox, history, checkout) are kept out of search engines.
 */
export async function accountPageMetadata(
  lng: Locale,
  routePath: string,
  title: string,
  { indexable = false }: { indexable?: boolean } = {},
): Promise<Metadata> {
  const [metadata, head] = await Promise.all([buildPageMetadata(lng, routePath), getHeadData(lng)]);
  return {
    ...metadata,
    title: `${title} | ${head.siteName}`,
    ...(indexable ? {} : { robots: { index: false, follow: false } }),
  };
}

/** SPEC.md §2/§6: a visitor without a session who opens a player-only page is sent to registration, and back after. */
export async function requireSessionCookie(lng: Locale, routePath: string): Promise<void> {
  if (await hasSessionCookie()) return;
  redirect({ href: { pathname: '/auth/register', query: { next: routePath } }, locale: lng });
}

/** The first value of a query parameter. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
