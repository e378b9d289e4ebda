import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { manifestResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /spa/manifest', () => {
  it.each(['en', 'de'] as const)('GET /spa/manifest returns the web app manifest in %s', async (lng) => {
    const [settings] = await t.db.select().from(schema.siteSettings);
    const [site] = await t.db.select().from(schema.pageMetadata).where(eq(schema.pageMetadata.routePath, '*'));
    if (!settings || !site) throw new Error('the content has no site settings or default metadata');
    const response = await t.app.inject({ url: '/spa/manifest', headers: { 'x-locale': lng } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(manifestResponseSchema.strict().parse(response.json())).toEqual({
      name: site.title[lng],
      short_name: settings.siteName,
      start_url: `/${lng}`,
      display: 'standalone',
      background_color: settings.backgroundColor,
      theme_color: settings.themeColor,
      icons: settings.manifestIcons,
    });
  });

  it('GET /spa/manifest returns 400 unknown_locale for an unknown X-Locale', async () => {
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/manifest', headers: { 'x-locale': 'zz' } }),
      400,
      'unknown_locale',
    );
  });
});
