import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { articleResponseSchema, articlesResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
let hiddenId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [hidden] = await t.db
    .insert(schema.articles)
    .values({
      slug: 'api-test-hidden',
      routePath: '/',
      title: { en: 'Hidden' },
      content: { en: '<p>Hidden</p>' },
      active: false,
    })
    .returning({ id: schema.articles.id });
  hiddenId = hidden!.id;
});
afterAll(async () => t.close());

async function activeArticles(routePath: string) {
  return t.db
    .select()
    .from(schema.articles)
    .where(and(eq(schema.articles.routePath, routePath), eq(schema.articles.active, true)))
    .orderBy(asc(schema.articles.position), asc(schema.articles.id));
}

describe('GET /spa/articles', () => {
  it.each(['en', 'de'] as const)(
    'GET /spa/articles?routePath=/ returns the main article and the rest in %s',
    async (lng) => {
      const response = await t.app.inject({ url: '/spa/articles?routePath=/', headers: { 'x-locale': lng } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const body = articlesResponseSchema.parse(response.json());
      const rows = await activeArticles('/');
      const main = rows.find((row) => row.isMain);
      if (!main) throw new Error('the content has no main article for /');
      const toArticle = (row: (typeof rows)[number]) => ({
        id: row.id,
        slug: row.slug,
        routePath: row.routePath,
        title: row.title[lng],
        content: row.content[lng],
      });
      expect(body.mainArticle).toEqual(toArticle(main));
      expect(body.articles).toEqual(rows.filter((row) => row !== main).map(toArticle));
      expect(body.articles.map((article) => article.id)).not.toContain(hiddenId);
    },
  );

  it('GET /spa/articles treats a trailing slash as the same page', async () => {
    await t.db.insert(schema.articles).values({
      slug: 'api-test-trailing',
      routePath: '/api-test/trailing',
      isMain: true,
      title: { en: 'The app' },
      content: { en: '<p>Get it.</p>' },
    });
    const response = await t.app.inject({ url: '/spa/articles?routePath=/api-test/trailing/' });
    expect(response.json<{ mainArticle: { slug: string } }>().mainArticle.slug).toBe('api-test-trailing');
  });

  it('GET /spa/articles returns no articles for a page without any', async () => {
    const response = await t.app.inject({ url: '/spa/articles?routePath=/nothing-here' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mainArticle: null, articles: [] });
  });

  it.each(['casino', '', '/with space', '/q?x=1', `/${'a'.repeat(400)}`])(
    'GET /spa/articles returns 400 validation_failed for the bad routePath %j',
    async (routePath) => {
      const response = await t.app.inject({ url: '/spa/articles', query: { routePath } });
      const body = expectErrorEnvelope(response, 400, 'validation_failed');
      expect(Object.keys(body.error.fields ?? {})).toEqual(['routePath']);
    },
  );

  it('GET /spa/articles returns 400 validation_failed without a routePath', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/articles' }), 400, 'validation_failed');
  });
});

describe('GET /spa/articles/{id}', () => {
  it.each(['en', 'de'] as const)('GET /spa/articles/{id} returns one article in %s', async (lng) => {
    const [row] = await activeArticles('/');
    if (!row) throw new Error('the content has no article for /');
    const response = await t.app.inject({ url: `/spa/articles/${row.id}`, headers: { 'x-locale': lng } });
    expect(response.statusCode).toBe(200);
    expect(articleResponseSchema.parse(response.json()).article).toEqual({
      id: row.id,
      slug: row.slug,
      routePath: row.routePath,
      title: row.title[lng],
      content: row.content[lng],
    });
  });

  it('GET /spa/articles/{id} returns 404 for an unknown or inactive article', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/articles/999999' }), 404, 'not_found');
    expectErrorEnvelope(await t.app.inject({ url: `/spa/articles/${hiddenId}` }), 404, 'not_found');
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'GET /spa/articles/%s returns 400 validation_failed',
    async (id) => {
      const body = expectErrorEnvelope(await t.app.inject({ url: `/spa/articles/${id}` }), 400, 'validation_failed');
      expect(Object.keys(body.error.fields ?? {})).toEqual(['id']);
    },
  );
});
