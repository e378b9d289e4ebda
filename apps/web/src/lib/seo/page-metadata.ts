import {
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  SPEC,
  localizePath,
  type HeadData,
  type LocaleItem,
  type Locale,
  type PageMetadata,
} from '@playhouse/shared';
import type { Metadata } from 'next';

export type OgImage = { url: string; width: number; height: number };

/** SPEC.md §9: open-graph images are 900x600, or 512x512 when the image path contains 'manifest'. */
export function ogImageFor(url: string): OgImage {
  const size = url.includes('manifest') ? SPEC.ogManifestImage : SPEC.ogImage;
  return { url, width: size.width, height: size.height };
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

export function robotsContent(robots: PageMetadata['robots']): string {
  return `${robots.index ? 'index' : 'noindex'},${robots.follow ? 'follow' : 'nofollow'}`;
}

/**
 * One alternate per locale the site offers plus x-default (the default locale), all absolute. The set depends only on
 * the route and the locale list, so every locale's version of a page carries the same one.
 */
export function alternateLanguages(
  siteUrl: string,
  routePath: string,
  locales: readonly Pick<LocaleItem, 'value' | 'isDefault'>[],
): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const locale of locales) {
    languages[LOCALE_TAGS[locale.value]] = absoluteUrl(siteUrl, localizePath(locale.value, routePath));
  }
  const defaultLocale = locales.find((locale) => locale.isDefault)?.value ?? DEFAULT_LOCALE;
  languages['x-default'] = absoluteUrl(siteUrl, localizePath(defaultLocale, routePath));
  return languages;
}

/** Parses the page's structured data; null when there is none or it is not valid JSON. */
export function structuredData(jsonId: string | null): string | null {
  if (!jsonId) return null;
  try {
    // Re-serialized so nothing but JSON reaches the page, with `<` escaped so it can never close the script element.
    return JSON.stringify(JSON.parse(jsonId)).replace(/</g, '\\u003c');
  } catch {
    return null;
  }
}

export type ComposeInput = {
  lng: Locale;
  routePath: string;
  siteUrl: string;
  meta: PageMetadata;
  head: HeadData;
  locales: readonly LocaleItem[];
  /** Used as the open-graph image when the page has none of its own: the 512x512 icon of the web manifest. */
  fallbackImage: string | null;
};

/** SPEC.md §2 "Page head": everything but the icons and theme colour, which the layout sets for every page. */
export function composePageMetadata({
  lng,
  routePath,
  siteUrl,
  meta,
  head,
  locales,
  fallbackImage,
}: ComposeInput): Metadata {
  const canonical = absoluteUrl(siteUrl, localizePath(lng, routePath));
  // A game page leads with the game's title (SPEC.md §3 page meta: gameTitle).
  const title = meta.gameTitle ? `${meta.gameTitle} – ${meta.title}` : meta.title;
  const imagePath = meta.imageUrl ?? fallbackImage;
  const image = imagePath ? ogImageFor(absoluteUrl(siteUrl, imagePath)) : null;
  const other: Record<string, string> = {
    'msapplication-TileColor': head.msTiles.color,
    'msapplication-TileImage': absoluteUrl(siteUrl, head.msTiles.image),
  };
  for (const tag of meta.customMetaTags) other[tag.name] = tag.content;

  return {
    title: { absolute: title },
    description: meta.description,
    keywords: meta.keywords,
    robots: robotsContent(meta.robots),
    alternates: { canonical, languages: alternateLanguages(siteUrl, routePath, locales) },
    openGraph: {
      type: 'website',
      url: canonical,
      title,
      description: meta.description,
      siteName: head.siteName,
      locale: LOCALE_TAGS[lng].replace('-', '_'),
      alternateLocale: locales.filter((l) => l.value !== lng).map((l) => LOCALE_TAGS[l.value].replace('-', '_')),
      ...(image ? { images: [image] } : {}),
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title,
      description: meta.description,
      ...(image ? { images: [image.url] } : {}),
    },
    ...(head.fbAppId ? { facebook: { appId: head.fbAppId } } : {}),
    other,
  };
}
