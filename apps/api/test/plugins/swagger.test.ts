import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } & Record<string, unknown> }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Every endpoint of issue 2 with the parameters the contract gives it. */
const ENDPOINTS: Record<string, { query?: string[]; path?: string[]; locale?: boolean; errors: string[] }> = {
  '/spa/health': { errors: ['503'] },
  '/spa/locales': { errors: [] },
  '/spa/locales/default': { errors: ['404'] },
  '/spa/translation/{lang}': { path: ['lang'], errors: ['400'] },
  '/spa/categories': { locale: true, errors: ['400'] },
  '/spa/categories/{slug}': { path: ['slug'], locale: true, errors: ['400', '404'] },
  '/spa/slides': { query: ['type'], locale: true, errors: ['400'] },
  '/spa/articles': { query: ['routePath'], locale: true, errors: ['400'] },
  '/spa/articles/{id}': { path: ['id'], locale: true, errors: ['400', '404'] },
  '/spa/seo/page-metadata': { query: ['routePath', 'gameId'], locale: true, errors: ['400'] },
  '/spa/seo/head/top': { errors: ['404'] },
  '/spa/seo/head/bottom': { errors: [] },
  '/spa/seo/body/top': { errors: [] },
  '/spa/seo/body/bottom': { errors: [] },
  '/spa/sitemap': { query: ['host'], errors: ['400'] },
  '/spa/seo/sitemap': { query: ['host'], errors: ['400'] },
  '/spa/manifest': { locale: true, errors: ['400', '404'] },
  '/spa/info-popup': { locale: true, errors: ['400'] },
};

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await buildTestApp({ empty: true });
  const response = await t.app.inject({ url: '/spa/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
});
afterAll(async () => t.close());

describe('GET /spa/openapi.json', () => {
  it('GET /spa/openapi.json documents every content, locale and SEO route', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    for (const path of Object.keys(ENDPOINTS)) expect(doc.paths[path]?.get, path).toBeDefined();
  });

  it('GET /spa/openapi.json leaves out its own and the reference page routes', () => {
    const paths = Object.keys(doc.paths);
    expect(paths).not.toContain('/spa/openapi.json');
    expect(paths.filter((path) => path.startsWith('/spa/docs'))).toEqual([]);
  });

  it('GET /spa/openapi.json gives every operation a unique operationId, tags and a success response', () => {
    const ids: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        ids.push(operation.operationId ?? '');
        expect(operation.tags?.length, where).toBeGreaterThan(0);
        const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        expect(success.length, where).toBeGreaterThan(0);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const path of Object.keys(ENDPOINTS)) {
      expect(doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema, path).toBeDefined();
    }
  });

  it('GET /spa/openapi.json documents the parameters of every route', () => {
    for (const [path, expected] of Object.entries(ENDPOINTS)) {
      const parameters = doc.paths[path]?.get?.parameters ?? [];
      const names = (place: string) =>
        parameters
          .filter((p) => p.in === place)
          .map((p) => p.name)
          .sort();
      expect(names('path'), path).toEqual([...(expected.path ?? [])].sort());
      expect(names('query'), path).toEqual([...(expected.query ?? [])].sort());
      expect(names('header'), path).toEqual(expected.locale ? ['x-locale'] : []);
    }
  });

  it('GET /spa/openapi.json describes each error status with the shared error envelope', () => {
    expect(doc.components.schemas).toHaveProperty('ErrorEnvelope');
    for (const [path, expected] of Object.entries(ENDPOINTS)) {
      const responses = doc.paths[path]?.get?.responses ?? {};
      for (const status of [...expected.errors, '429', '500']) {
        expect(responses[status]?.content?.['application/json']?.schema?.$ref, `${path} ${status}`).toBe(
          '#/components/schemas/ErrorEnvelope',
        );
      }
    }
  });

  it('GET /spa/openapi.json gives response objects closed allow-lists', () => {
    const categories = doc.paths['/spa/categories/{slug}']?.get?.responses['200']?.content?.['application/json']
      ?.schema as { properties: { category: { additionalProperties: boolean } } };
    expect(categories.properties.category.additionalProperties).toBe(false);
  });
});
