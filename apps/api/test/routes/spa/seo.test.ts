import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { headDataSchema, pageMetadataSchema, snippetsResponseSchema, SNIPPET_SLOTS } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(schema.pageMetadata).values({
    routePath: '/api-test/partial',
    title: { en: 'Partial page', de: 'Teilseite' },
    keywords: {},
    description: { en: 'Only English here' },
    robotsIndex: false,
    robotsFollow: true,
  });
  await t.db.insert(schema.htmlSnippets).values([
    { slot: 'body/bottom', html: '<p>second</p>', position: 10 },
    { slot: 'body/bottom', html: '<p>switched off</p>', position: 20, active: false },
  ]);
});
afterAll(async () => t.close());

async function metadataRow(routePath: string) {
  const [row] = await t.db.select().from(schema.pageMetadata).where(eq(schema.pageMetadata.routePath, routePath));
  if (!row) throw new Error(`the content has no page metadata for ${routePath}`);
  return row;
}

describe('GET /spa/seo/page-metadata', () => {
  it.each(['en', 'de'] as const)('GET /spa/seo/page-metadata returns the route own metadata in %s', async (lng) => {
    const row = await metadataRow('/app-page');
    const site = await metadataRow('*');
    const response = await t.app.inject({
      url: '/spa/seo/page-metadata?routePath=/app-page',
      headers: { 'x-locale': lng },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const metadata = pageMetadataSchema.strict().parse(response.json());
    expect(metadata.title).toBe(row.title[lng]);
    expect(metadata.description).toBe(row.description[lng] || site.description[lng]);
    expect(metadata.customMetaTags).toEqual(row.customMetaTags);
    expect(metadata.robots).toEqual({ index: row.robotsIndex, follow: row.robotsFollow });
    expect(metadata.gameTitle).toBeNull();
  });

  it.each(['en', 'de'] as const)('GET /spa/seo/page-metadata falls back to the site default in %s', async (lng) => {
    const site = await metadataRow('*');
    const response = await t.app.inject({
      url: '/spa/seo/page-metadata?routePath=/category/nothing-configured',
      headers: { 'x-locale': lng },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: site.title[lng],
      keywords: site.keywords[lng] ?? '',
      description: site.description[lng] ?? '',
      imageUrl: site.imageUrl,
      gameTitle: null,
      jsonId: site.jsonLd ? JSON.stringify(site.jsonLd) : null,
      customMetaTags: site.customMetaTags,
      robots: { index: site.robotsIndex, follow: site.robotsFollow },
    });
  });

  it('GET /spa/seo/page-metadata fills fields a route leaves empty from its default locale, then the site default', async () => {
    const site = await metadataRow('*');
    const response = await t.app.inject({
      url: '/spa/seo/page-metadata?routePath=/api-test/partial',
      headers: { 'x-locale': 'de' },
    });
    expect(response.json()).toMatchObject({
      title: 'Teilseite',
      description: 'Only English here',
      keywords: site.keywords.de,
      robots: { index: false, follow: true },
    });
  });

  it('GET /spa/seo/page-metadata accepts a gameId (no such game: no game title)', async () => {
    const response = await t.app.inject({ url: '/spa/seo/page-metadata?routePath=/game/42&gameId=999999' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ gameTitle: null });
  });

  it.each([
    ['routePath=casino', 'routePath'],
    ['routePath=/ok&gameId=abc', 'gameId'],
    ['routePath=/ok&gameId=-1', 'gameId'],
    ['', 'routePath'],
  ])('GET /spa/seo/page-metadata?%s returns 400 validation_failed naming %s', async (query, field) => {
    const body = expectErrorEnvelope(
      await t.app.inject({ url: `/spa/seo/page-metadata?${query}` }),
      400,
      'validation_failed',
    );
    expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
  });

  it('GET /spa/seo/page-metadata returns 400 unknown_locale for an unknown X-Locale', async () => {
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/seo/page-metadata?routePath=/', headers: { 'x-locale': 'fr' } }),
      400,
      'unknown_locale',
    );
  });
});

describe('GET /spa/seo/head/top', () => {
  it('GET /spa/seo/head/top returns the site head data with the enabled locales', async () => {
    const [settings] = await t.db.select().from(schema.siteSettings);
    if (!settings) throw new Error('the content has no site settings');
    const response = await t.app.inject({ url: '/spa/seo/head/top', headers: { 'x-locale': 'de' } });
    expect(response.statusCode).toBe(200);
    const head = headDataSchema.strict().parse(response.json());
    expect(head).toEqual({
      configLocales: (await t.app.inject({ url: '/spa/locales' })).json<{ locales: unknown[] }>().locales,
      defaultDomain: settings.defaultDomain,
      siteName: settings.siteName,
      fbAppId: settings.fbAppId,
      themeColor: settings.themeColor,
      appleIcons: settings.appleIcons,
      favicons: settings.favicons,
      msTiles: { color: settings.msTileColor, image: settings.msTileImage },
    });
  });

  it('GET /spa/seo/head/top returns 404 not_found when the site settings are missing', async () => {
    const empty = await buildTestApp({ empty: true });
    try {
      expectErrorEnvelope(await empty.app.inject({ url: '/spa/seo/head/top' }), 404, 'not_found');
    } finally {
      await empty.close();
    }
  });
});

describe('GET /spa/seo/{slot}', () => {
  it.each(SNIPPET_SLOTS)('GET /spa/seo/%s returns that slot active snippets in order', async (slot) => {
    const rows = await t.db
      .select()
      .from(schema.htmlSnippets)
      .where(and(eq(schema.htmlSnippets.slot, slot), eq(schema.htmlSnippets.active, true)))
      .orderBy(asc(schema.htmlSnippets.position), asc(schema.htmlSnippets.id));
    const response = await t.app.inject({ url: `/spa/seo/${slot}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { snippets } = snippetsResponseSchema.parse(response.json());
    expect(snippets).toEqual(rows.map((row) => ({ id: row.id, html: row.html })));
    expect(snippets.length).toBeGreaterThan(0);
  });

  it('GET /spa/seo/body/bottom leaves out a switched-off snippet', async () => {
    const response = await t.app.inject({ url: '/spa/seo/body/bottom' });
    const htmls = response.json<{ snippets: { html: string }[] }>().snippets.map((snippet) => snippet.html);
    expect(htmls.at(-1)).toBe('<p>second</p>');
    expect(htmls).not.toContain('<p>switched off</p>');
  });

  it('GET /spa/seo/body/middle returns 404 not_found', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/seo/body/middle' }), 404, 'not_found');
  });
});
