import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { slidesResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function activeSlides(kind: 'home' | 'banner') {
  return t.db
    .select()
    .from(schema.slides)
    .where(and(eq(schema.slides.kind, kind), eq(schema.slides.active, true)))
    .orderBy(asc(schema.slides.position), asc(schema.slides.id));
}

describe('GET /spa/slides', () => {
  it.each([
    ['home', 'en'],
    ['home', 'de'],
    ['banner', 'en'],
    ['banner', 'de'],
  ] as const)('GET /spa/slides?type=%s returns that slider in %s', async (type, lng) => {
    const response = await t.app.inject({ url: `/spa/slides?type=${type}`, headers: { 'x-locale': lng } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { slides } = slidesResponseSchema.parse(response.json());
    const rows = await activeSlides(type);
    expect(rows.length).toBeGreaterThan(0);
    expect(slides).toEqual(
      rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
        bodyTranslated: row.body[lng],
        btnTextKeyTranslated: row.buttonText[lng],
        url: row.url,
        // The campaign a slide advertises, with its terms (promotions-truth.test.ts checks the terms themselves).
        campaign: row.campaignSlug === null ? null : expect.objectContaining({ slug: row.campaignSlug }),
      })),
    );
  });

  it('GET /spa/slides without a type returns the home-page slider', async () => {
    const implicit = await t.app.inject({ url: '/spa/slides' });
    const explicit = await t.app.inject({ url: '/spa/slides?type=home' });
    expect(implicit.json()).toEqual(explicit.json());
  });

  it('GET /spa/slides returns 400 validation_failed for an unknown slider type', async () => {
    const body = expectErrorEnvelope(
      await t.app.inject({ url: '/spa/slides?type=carousel' }),
      400,
      'validation_failed',
    );
    expect(Object.keys(body.error.fields ?? {})).toEqual(['type']);
  });

  it('GET /spa/slides returns 400 unknown_locale for an unknown X-Locale', async () => {
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/slides', headers: { 'x-locale': 'xx' } }),
      400,
      'unknown_locale',
    );
  });
});
