import type { HeadData, LocaleItem, PageMetadata } from '@playhouse/shared';
import { describe, expect, it } from 'vitest';
import { alternateLanguages, composePageMetadata, ogImageFor, robotsContent, structuredData } from './page-metadata';

const SITE = 'https://play.example.com';
const LOCALES: LocaleItem[] = [
  { value: 'en', title: 'English', imagePath: '/f/en.svg', isDefault: true },
  { value: 'de', title: 'Deutsch', imagePath: '/f/de.svg', isDefault: false },
  { value: 'ru', title: 'Русский', imagePath: '/f/ru.svg', isDefault: false },
];
const META: PageMetadata = {
  title: 'Slots',
  keywords: 'slots, casino',
  description: 'All slots',
  imageUrl: '/images/og/slots.png',
  gameTitle: null,
  jsonId: null,
  customMetaTags: [{ name: 'author', content: 'Playhouse' }],
  robots: { index: true, follow: true },
};
const HEAD: HeadData = {
  configLocales: LOCALES,
  defaultDomain: 'play.example.com',
  siteName: 'Playhouse',
  fbAppId: '1234',
  themeColor: '#0b0718',
  appleIcons: [],
  favicons: [],
  msTiles: { color: '#5b21b6', image: '/icons/mstile-150.png' },
};

describe('ogImageFor', () => {
  it('sizes ordinary images 900x600', () => {
    expect(ogImageFor('https://x/images/og.png')).toEqual({ url: 'https://x/images/og.png', width: 900, height: 600 });
  });

  it("sizes images whose path contains 'manifest' 512x512", () => {
    expect(ogImageFor('https://x/manifest/icon-512.png')).toMatchObject({ width: 512, height: 512 });
  });
});

describe('robotsContent', () => {
  it('is index,follow unless excluded', () => {
    expect(robotsContent({ index: true, follow: true })).toBe('index,follow');
    expect(robotsContent({ index: false, follow: true })).toBe('noindex,follow');
    expect(robotsContent({ index: true, follow: false })).toBe('index,nofollow');
  });
});

describe('alternateLanguages', () => {
  it('has one absolute link per locale and x-default to the default locale', () => {
    expect(alternateLanguages(SITE, '/category/slots', LOCALES)).toEqual({
      'en-GB': 'https://play.example.com/en/category/slots',
      'de-DE': 'https://play.example.com/de/category/slots',
      'ru-RU': 'https://play.example.com/ru/category/slots',
      'x-default': 'https://play.example.com/en/category/slots',
    });
  });

  it('points x-default at whichever locale is the default', () => {
    const germanFirst = LOCALES.map((locale) => ({ ...locale, isDefault: locale.value === 'de' }));
    expect(alternateLanguages(SITE, '/', germanFirst)['x-default']).toBe('https://play.example.com/de');
  });
});

describe('composePageMetadata', () => {
  const compose = (lng: 'en' | 'de' | 'ru', overrides: Partial<PageMetadata> = {}) =>
    composePageMetadata({
      lng,
      routePath: '/category/slots',
      siteUrl: SITE,
      meta: { ...META, ...overrides },
      head: HEAD,
      locales: LOCALES,
      fallbackImage: '/manifest/icon-512.png',
    });

  it('gives every locale version of a page the same alternates and a canonical to itself', () => {
    const en = compose('en');
    const de = compose('de');
    expect(en.alternates?.languages).toEqual(de.alternates?.languages);
    expect(en.alternates?.canonical).toBe('https://play.example.com/en/category/slots');
    expect(de.alternates?.canonical).toBe('https://play.example.com/de/category/slots');
  });

  it('carries title, keywords, description, robots, open graph and twitter tags', () => {
    const metadata = compose('de');
    expect(metadata.title).toEqual({ absolute: 'Slots' });
    expect(metadata.keywords).toBe('slots, casino');
    expect(metadata.description).toBe('All slots');
    expect(metadata.robots).toBe('index,follow');
    expect(metadata.openGraph).toMatchObject({
      title: 'Slots',
      url: 'https://play.example.com/de/category/slots',
      locale: 'de_DE',
      siteName: 'Playhouse',
      images: [{ url: 'https://play.example.com/images/og/slots.png', width: 900, height: 600 }],
    });
    expect(metadata.twitter).toMatchObject({
      card: 'summary_large_image',
      images: ['https://play.example.com/images/og/slots.png'],
    });
    expect(metadata.facebook).toEqual({ appId: '1234' });
    expect(metadata.other).toMatchObject({ author: 'Playhouse', 'msapplication-TileColor': '#5b21b6' });
  });

  it('uses the 512x512 manifest icon when the page has no image', () => {
    expect(compose('en', { imageUrl: null }).openGraph).toMatchObject({
      images: [{ url: 'https://play.example.com/manifest/icon-512.png', width: 512, height: 512 }],
    });
  });

  it("leads a game page's titles with the game's title", () => {
    const metadata = compose('en', { gameTitle: 'Dice' });
    expect(metadata.title).toEqual({ absolute: 'Dice – Slots' });
    expect(metadata.openGraph).toMatchObject({ title: 'Dice – Slots' });
    expect(metadata.twitter).toMatchObject({ title: 'Dice – Slots' });
  });

  it('says noindex or nofollow when the metadata excludes them', () => {
    expect(compose('en', { robots: { index: false, follow: false } }).robots).toBe('noindex,nofollow');
  });
});

describe('structuredData', () => {
  it('re-serializes valid JSON with < escaped so it cannot end the script', () => {
    expect(structuredData('{"name":"</script><b>"}')).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });

  it('is null for no data or invalid JSON', () => {
    expect(structuredData(null)).toBeNull();
    expect(structuredData('{oops')).toBeNull();
  });
});
