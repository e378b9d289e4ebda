import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const handleI18nRouting = createMiddleware(routing);

/**
 * Every page lives under /{lng}. A path without a locale (including `/`) is redirected to the visitor's best locale:
 * the NEXT_LOCALE cookie, then Accept-Language, then the default; the rest of the path and the query are kept.
 */
export function proxy(request: NextRequest) {
  return handleI18nRouting(request);
}

export const config = {
  // Not the api (/spa/...), Next's own assets, files such as robots.txt, sitemap.xml and images, or the Originals
  // game host, which carries its locale in its own path and runs in the game page's iframe.
  matcher: ['/((?!spa/|_next/|_vercel/|originals-host/|.*\\..*).*)'],
};
