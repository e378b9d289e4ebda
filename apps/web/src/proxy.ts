import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { localTimePath } from './lib/time-zone-route';

const handleI18nRouting = createMiddleware(routing);

/**
 * Every page lives under /{lng}. A path without a locale (including `/`) is redirected to the visitor's best locale:
 * the NEXT_LOCALE cookie, then Accept-Language, then the default; the rest of the path and the query are kept.
 * The home page of a visitor whose time zone is known is served from its render for that zone.
 */
export function proxy(request: NextRequest) {
  const response = handleI18nRouting(request);
  const zoned = response.headers.has('location') ? null : localTimePath(request);
  if (zoned) {
    response.headers.delete('x-middleware-next');
    response.headers.set('x-middleware-rewrite', new URL(zoned, request.url).toString());
  }
  return response;
}
export const config = {
  // Not the api (/spa/...), Next's own assets, files such as robots.txt, sitemap.xml and images, or the Originals
  // game host, which carries its locale in its own path and runs in the game page's iframe.
  matcher: ['/((?!spa/|_next/|_vercel/|originals-host/|.*\\..*).*)'],
};
