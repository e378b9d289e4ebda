import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { categoriesResponseSchema, categoryResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(schema.navCategories).values({
    slug: 'retired',
    title: { en: 'Retired', de: 'Eingestellt' },
    imagePath: '/images/categories/retired.svg',
    position: -1,
    active: false,
  });
});
afterAll(async () => t.close());

async function activeCategories() {
  return t.db
    .select()
    .from(schema.navCategories)
    .where(eq(schema.navCategories.active, true))
    .orderBy(asc(schema.navCategories.position), asc(schema.navCategories.id));
}

describe('GET /spa/categories', () => {
  it.each(['en', 'de'] as const)(
    'GET /spa/categories lists the active categories in order, titled in %s',
    async (lng) => {
      const response = await t.app.inject({ url: '/spa/categories', headers: { 'x-locale': lng } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers.vary).toBe('X-Locale');
      const { categories } = categoriesResponseSchema.strict().parse(response.json());
      const rows = await activeCategories();
      expect(rows.length).toBeGreaterThan(1);
      expect(categories).toEqual(
        rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title[lng],
          imagePath: row.imagePath,
          headGameSlug: row.headGameSlug,
        })),
      );
      expect(categories.map((category) => category.slug)).not.toContain('retired');
    },
  );

  it('GET /spa/categories answers in the default locale without an X-Locale header', async () => {
    const withoutHeader = await t.app.inject({ url: '/spa/categories' });
    const inEnglish = await t.app.inject({ url: '/spa/categories', headers: { 'x-locale': 'en' } });
    expect(withoutHeader.json()).toEqual(inEnglish.json());
    const inGerman = await t.app.inject({ url: '/spa/categories', headers: { 'x-locale': 'de' } });
    expect(inGerman.json()).not.toEqual(inEnglish.json());
  });

  it('GET /spa/categories returns 400 unknown_locale for an unknown X-Locale', async () => {
    const body = expectErrorEnvelope(
      await t.app.inject({ url: '/spa/categories', headers: { 'x-locale': 'klingon' } }),
      400,
      'unknown_locale',
    );
    expect(body.error.message).toContain('klingon');
  });

  it('GET /spa/categories does not expose columns outside the contract', async () => {
    const response = await t.app.inject({ url: '/spa/categories' });
    const [first] = response.json<{ categories: Record<string, unknown>[] }>().categories;
    expect(Object.keys(first ?? {}).sort()).toEqual(['headGameSlug', 'id', 'imagePath', 'slug', 'title']);
  });
});

describe('GET /spa/categories/{slug}', () => {
  it.each(['en', 'de'] as const)(
    'GET /spa/categories/{slug} returns the category with its %s description',
    async (lng) => {
      const [row] = await activeCategories();
      if (!row) throw new Error('the content has no active category');
      const response = await t.app.inject({ url: `/spa/categories/${row.slug}`, headers: { 'x-locale': lng } });
      expect(response.statusCode).toBe(200);
      expect(categoryResponseSchema.parse(response.json()).category).toEqual({
        id: row.id,
        slug: row.slug,
        title: row.title[lng],
        description: row.description[lng] ?? '',
        imagePath: row.imagePath,
        headGameSlug: row.headGameSlug,
      });
    },
  );

  it('GET /spa/categories/{slug} returns 404 for an unknown slug', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/categories/no-such-category' }), 404, 'not_found');
  });

  it('GET /spa/categories/{slug} returns 404 for an inactive category', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/categories/retired' }), 404, 'not_found');
  });

  it('GET /spa/categories/{slug} returns 400 validation_failed for a malformed slug', async () => {
    const body = expectErrorEnvelope(
      await t.app.inject({ url: '/spa/categories/Not_A%20Slug' }),
      400,
      'validation_failed',
    );
    expect(Object.keys(body.error.fields ?? {})).toEqual(['slug']);
  });
});
