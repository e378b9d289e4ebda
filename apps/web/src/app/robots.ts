import type { MetadataRoute } from 'next';
import { serverEnv } from '@/lib/env';

// SITE_URL is read when served, not frozen at build time.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const { SITE_URL } = serverEnv();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/spa/'] }],
    sitemap: `${SITE_URL}/sitemap.xml`,
    host: SITE_URL,
  };
}
