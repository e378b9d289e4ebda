import { DEFAULT_LOCALE } from '@playhouse/shared';
import type { MetadataRoute } from 'next';
import { getManifest } from '@/lib/api-client';

export const dynamic = 'force-dynamic';

type IconPurpose = 'any' | 'maskable' | 'monochrome';
type Display = NonNullable<MetadataRoute.Manifest['display']>;
const PURPOSES = new Set<string>(['any', 'maskable', 'monochrome']);
const DISPLAYS = new Set<string>(['fullscreen', 'standalone', 'minimal-ui', 'browser']);

/** The web app manifest from GET /spa/manifest, served as /manifest.webmanifest and linked from every page. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const data = await getManifest(DEFAULT_LOCALE);
  return {
    ...data,
    display: DISPLAYS.has(data.display) ? (data.display as Display) : 'standalone',
    // The installed app opens at `/`, where the proxy picks the visitor's language as it does for any visit.
    id: '/',
    start_url: '/',
    scope: '/',
    icons: data.icons.map(({ purpose, ...icon }) => ({
      ...icon,
      ...(purpose && PURPOSES.has(purpose) ? { purpose: purpose as IconPurpose } : {}),
    })),
  };
}
