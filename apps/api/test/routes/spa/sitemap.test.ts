import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { LOCALE_TAGS, sitemapResponseSchema, type Locale } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const LOCALES: Locale[] = ['en', 'de', 'es', 'pt', 'ru'];

// SPEC.md §7 names the sitemap at both addresses: /spa/sitemap and /spa/seo/sitemap?host={host}.
describe.each(['/spa/sitemap', '/spa/seo/sitemap'])('GET %s', (path) => {
  it(`GET ${path} lists every public page in every locale, absolute on the given host`, async () => {
    const categories = await t.db
      .select({ slug: schema.navCategories.slug })
      .from(schema.navCategories)
      .where(eq(schema.navCategories.active, true));
    const response = await t.app.inject({ url: `${path}?host=https://casino.example/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { urls } = sitemapResponseSchema.parse(response.json());
    const paths = [
      '',
      '/app-page',
      '/promotions',
      ...categories.map((category) => `/category/${category.slug}`),
      // The sportsbook's home and live section; its sports, countries and leagues come with matches (the book is empty).
      '/sports',
      '/sports/live',
    ];
    const expected = paths.flatMap((path) => LOCALES.map((locale) => `https://casino.example/${locale}${path}`));
    expect(urls.map((url) => url.loc).sort()).toEqual(expected.sort());
    for (const url of urls) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
  });

  it(`GET ${path} gives each page the same alternates: one per locale plus x-default to the default locale`, async () => {
    const response = await t.app.inject({ url: `${path}?host=http://localhost:3000` });
    const { urls } = sitemapResponseSchema.parse(response.json());
    const appPage = urls.filter((url) => url.loc.endsWith('/app-page'));
    expect(appPage).toHaveLength(LOCALES.length);
    const expectedAlternates = [
      ...LOCALES.map((locale) => ({ hreflang: LOCALE_TAGS[locale], href: `http://localhost:3000/${locale}/app-page` })),
      { hreflang: 'x-default', href: 'http://localhost:3000/en/app-page' },
    ];
    for (const url of appPage) expect(url.alternates).toEqual(expectedAlternates);
    const home = urls.find((url) => url.loc === 'http://localhost:3000/de');
    expect(home?.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'http://localhost:3000/en' });
  });

  it.each(['example.com', 'ftp://example.com', 'javascript:alert(1)', `https://${'a'.repeat(250)}.com`])(
    `GET ${path} returns 400 validation_failed for the bad host %j`,
    async (host) => {
      const body = expectErrorEnvelope(await t.app.inject({ url: path, query: { host } }), 400, 'validation_failed');
      expect(Object.keys(body.error.fields ?? {})).toEqual(['host']);
    },
  );

  it(`GET ${path} returns 400 validation_failed without a host`, async () => {
    expectErrorEnvelope(await t.app.inject({ url: path }), 400, 'validation_failed');
  });
});
