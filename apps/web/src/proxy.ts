import { isLocale } from '@playhouse/shared';
import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import {
  NONCE_HEADER,
  ORIGINALS_HOST_PREFIX,
  RENDER_NONCE_HEADER,
  contentSecurityPolicy,
  newNonce,
} from './lib/security/content-security-policy';
import { REQUEST_PATH_HEADER } from './lib/request-path';
import { siteLocales, type SiteLocales } from './lib/site-locales';

const handleI18nRouting = createMiddleware(routing);

/** One locale router per set of enabled locales and default (they change rarely: a handful over a process's life). */
const sendersToLocale = new Map<string, ReturnType<typeof createMiddleware>>();

function senderToLocale(site: SiteLocales | null) {
  if (!site) return handleI18nRouting;
  const key = `${site.defaultLocale}:${site.locales.join(',')}`;
  let handler = sendersToLocale.get(key);
  if (!handler) {
    handler = createMiddleware({ ...routing, locales: site.locales, defaultLocale: site.defaultLocale });
    sendersToLocale.set(key, handler);
  }
  return handler;
}

/**
 * Every page gets a content policy with a nonce of its own: Next reads it from the request to mark its scripts, the
 * layouts read it to pass to the ALTCHA widget, the browser from the response. Then the locale: every page lives
 * under /{lng}, and a path without one (including `/`) is redirected to the visitor's best locale among those the back
 * office has enabled (the NEXT_LOCALE cookie, then Accept-Language, then the default the back office set; the built-in
 * list and default when the api cannot say), keeping the rest of the path and the query. The Originals game host
 * carries its locale in its own path and may be framed by this site only.
 */
export async function proxy(request: NextRequest) {
  // The web server's door renders the visitors' pages it keeps with a placeholder nonce of its own, which it replaces
  // in every answer (server/render-cache.mjs); it drops this header from every request that comes from outside.
  const nonce = request.headers.get(RENDER_NONCE_HEADER) ?? newNonce();
  const framedBySite = request.nextUrl.pathname.startsWith(ORIGINALS_HOST_PREFIX);
  const policy = contentSecurityPolicy({
    nonce,
    framedBySite,
    https: request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https',
    development: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', policy);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);

  const withoutLocale = !framedBySite && !isLocale(request.nextUrl.pathname.split('/')[1]);
  const routeLocale = withoutLocale ? senderToLocale(await siteLocales()) : handleI18nRouting;
  const response = framedBySite
    ? NextResponse.next({ request: { headers } })
    : routeLocale(new NextRequest(request, { headers }));
  response.headers.set('content-security-policy', policy);
  if (framedBySite) response.headers.set('x-frame-options', 'SAMEORIGIN');
  return response;
}

export const config = {
  // Not the api (/spa/...), Next's own assets, or files such as robots.txt, sitemap.xml and images.
  matcher: ['/((?!spa/|_next/|_vercel/|.*\\..*).*)'],
};
