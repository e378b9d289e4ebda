import type { Locale } from '@playhouse/shared';
import type { Metadata } from 'next';
import { getHeadData, getLocales, getManifest, getPageMetadata } from '../api-client';
import { serverEnv } from '../env';
import { composePageMetadata } from './page-metadata';

/**
 * The head of the page at `routePath` (the path without the locale) in locale `lng`, from the api's SEO data; a game
 * page passes its game id, so the titles carry the game's title.
 */
export async function buildPageMetadata(lng: Locale, routePath: string, gameId?: number): Promise<Metadata> {
  const [meta, head, locales, manifest] = await Promise.all([
    getPageMetadata(lng, routePath, gameId),
    getHeadData(lng),
    getLocales(),
    getManifest(lng),
  ]);
  const manifestIcon = manifest.icons.find((icon) => icon.sizes.split(/\s+/).includes('512x512'));
  return composePageMetadata({
    lng,
    routePath,
    siteUrl: serverEnv().SITE_URL,
    meta,
    head,
    locales,
    fallbackImage: manifestIcon?.src ?? null,
  });
}
