import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { slidesResponseSchema } from '@playhouse/shared';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const banners = async (lng = 'en') =>
  slidesResponseSchema.parse(
    (await t.app.inject({ url: '/spa/slides?type=banner', headers: { 'x-locale': lng } })).json(),
  ).slides;

describe('GET /spa/slides?type=banner', () => {
  it('GET /spa/slides?type=banner returns the seeded banners with a slug, artwork for each device and a link', async () => {
    const slides = await banners('es');
    expect(slides.length).toBeGreaterThanOrEqual(3);
    expect(new Set(slides.map((slide) => slide.slug)).size).toBe(slides.length);
    for (const slide of slides) {
      expect(slide.slug).toMatch(/^[a-z0-9-]+$/);
      expect(Object.values(slide.images).every((path) => path?.startsWith('/media/slides/'))).toBe(true);
      expect(slide.bodyTranslated).toMatch(/^<h2>/);
      expect(slide.url).not.toMatch(/^\//);
    }
  });

  it('GET /spa/slides?type=banner keeps the home-page slides apart', async () => {
    const home = slidesResponseSchema.parse((await t.app.inject({ url: '/spa/slides?type=home' })).json()).slides;
    const bannerIds = new Set((await banners()).map((slide) => slide.id));
    expect(home.some((slide) => bannerIds.has(slide.id))).toBe(false);
  });

  it('GET /spa/slides?type=banner gives null images when the operator removed the artwork, and the slide still comes', async () => {
    const bannerKind = eq(schema.slides.kind, 'banner');
    const before = await t.db.select().from(schema.slides).where(bannerKind);
    await t.db
      .update(schema.slides)
      .set({ imageMobile: null, imageTablet: null, imageDesktop: null })
      .where(bannerKind);
    try {
      // Kept answers are dropped when the database announces the change (on PostgreSQL a moment after the commit).
      await expect
        .poll(
          async () => (await banners()).every((slide) => Object.values(slide.images).every((path) => path === null)),
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(await banners()).toHaveLength(before.filter((row) => row.active).length);
    } finally {
      for (const row of before) {
        await t.db
          .update(schema.slides)
          .set({ imageMobile: row.imageMobile, imageTablet: row.imageTablet, imageDesktop: row.imageDesktop })
          .where(and(bannerKind, eq(schema.slides.id, row.id)));
      }
    }
    await expect
      .poll(async () => (await banners()).every((slide) => slide.images.desktop !== null), { timeout: 15_000 })
      .toBe(true);
  });
});
