import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { LOCALES, bonusInfosResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const list = (lng?: string) => t.app.inject({ url: '/spa/bonus-infos', headers: lng ? { 'x-locale': lng } : {} });

describe('GET /spa/bonus-infos', () => {
  it.each(LOCALES)('GET /spa/bonus-infos returns every active bonus info in order, in %s', async (lng) => {
    const response = await list(lng);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { bonusInfos } = bonusInfosResponseSchema.strict().parse(response.json());
    const rows = await t.db
      .select()
      .from(schema.bonusInfos)
      .where(eq(schema.bonusInfos.active, true))
      .orderBy(asc(schema.bonusInfos.position), asc(schema.bonusInfos.id));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // The campaign's terms are checked field by field in promotions-truth.test.ts; here, that the entry names it.
    expect(bonusInfos.map((info) => ({ ...info, campaign: info.campaign?.slug ?? null }))).toEqual(
      rows.map((row) => ({
        slug: row.slug,
        images: { mobile: row.imageMobile, tablet: row.imageTablet, desktop: row.imageDesktop },
        imageTitle: row.imageTitle[lng],
        fullDescription: row.fullDescription[lng],
        omitGetBonusButton: row.omitGetBonusButton,
        campaign: row.campaignSlug,
      })),
    );
  });

  it('GET /spa/bonus-infos seeds artwork for every device and at least one entry without the inner button', async () => {
    const { bonusInfos } = bonusInfosResponseSchema.parse((await list('en')).json());
    for (const info of bonusInfos) {
      expect(Object.values(info.images).every((path) => path?.startsWith('/media/'))).toBe(true);
      expect(info.fullDescription).toMatch(/^<p>/);
    }
    expect(bonusInfos.some((info) => info.omitGetBonusButton)).toBe(true);
    expect(bonusInfos.some((info) => !info.omitGetBonusButton)).toBe(true);
  });

  it('GET /spa/bonus-infos falls back to the default locale without X-Locale and leaves out inactive entries', async () => {
    const [first] = await t.db.select().from(schema.bonusInfos).orderBy(asc(schema.bonusInfos.position)).limit(1);
    await t.db.update(schema.bonusInfos).set({ active: false }).where(eq(schema.bonusInfos.id, first!.id));
    try {
      // Kept answers are dropped when the database announces the change (on PostgreSQL a moment after the commit).
      await expect
        .poll(async () => bonusInfosResponseSchema.parse((await list()).json()).bonusInfos.map((info) => info.slug), {
          timeout: 15_000,
        })
        .not.toContain(first!.slug);
      const { bonusInfos } = bonusInfosResponseSchema.parse((await list()).json());
      expect(bonusInfos[0]?.imageTitle).toMatch(/weekend reload/i);
    } finally {
      await t.db.update(schema.bonusInfos).set({ active: true }).where(eq(schema.bonusInfos.id, first!.id));
    }
  });

  it('GET /spa/bonus-infos returns 400 unknown_locale for an unknown X-Locale', async () => {
    expectErrorEnvelope(await list('xx'), 400, 'unknown_locale');
  });
});
