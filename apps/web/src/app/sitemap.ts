import type { MetadataRoute } from 'next';
import { getSitemap } from '@/lib/api-client';
import { serverEnv } from '@/lib/env';

// Rendered when requested (the api answer itself is cached), so the build never needs a running api.
export const dynamic = 'force-dynamic';

/** Every public page in every locale, each with its language alternates and x-default, from GET /spa/sitemap. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const urls = await getSitemap(serverEnv().SITE_URL);
  return urls.map((entry) => ({
    url: entry.loc,
    lastModified: entry.lastmod,
    alternates: { languages: Object.fromEntries(entry.alternates.map((link) => [link.hreflang, link.href])) },
  }));
}
