import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import {
  NONCE_HEADER,
  ORIGINALS_HOST_PREFIX,
  contentSecurityPolicy,
  newNonce,
} from './lib/security/content-security-policy';
import { REQUEST_PATH_HEADER } from './lib/request-path';

const handleI18nRouting = createMiddleware(routing);

/**
 * Every page gets a content policy with a nonce of its own: Next reads it from the request to mark its scripts, the
 * layouts read it to pass to the ALTCHA widget, the browser from the response. Then the locale: every page lives
 * under /{lng}, and a path without one (including `/`) is redirected to the visitor's best locale (the NEXT_LOCALE
 * cookie, then Accept-Language, then the default), keeping the rest of the path and the query. The Originals game
 * host carries its locale in its own path and may be framed by this site only.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
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

  const response = framedBySite
    ? NextResponse.next({ request: { headers } })
    : handleI18nRouting(new NextRequest(request, { headers }));
  response.headers.set('content-security-policy', policy);
  if (framedBySite) response.headers.set('x-frame-options', 'SAMEORIGIN');
  return response;
}

export const config = {
  // Not the api (/spa/...), Next's own assets, or files such as robots.txt, sitemap.xml and images.
  matcher: ['/((?!spa/|_next/|_vercel/|.*\\..*).*)'],
};
