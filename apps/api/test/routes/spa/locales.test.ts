import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { localesResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /spa/locales', () => {
  it('GET /spa/locales lists the enabled locales in display order with the default flagged', async () => {
    const response = await t.app.inject({ url: '/spa/locales' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { locales } = localesResponseSchema.parse(response.json());
    expect(locales.map((locale) => locale.value)).toEqual(['en', 'de', 'es', 'pt', 'ru']);
    expect(locales.filter((locale) => locale.isDefault).map((locale) => locale.value)).toEqual(['en']);
    for (const locale of locales) expect(locale.imagePath).toMatch(/^\//);
  });

  it('GET /spa/locales leaves out a disabled locale, and X-Locale naming it becomes unknown_locale', async () => {
    await t.db.update(schema.locales).set({ enabled: false }).where(eq(schema.locales.code, 'pt'));
    try {
      // Kept answers are dropped when the database announces the change (on PostgreSQL a moment after the commit).
      await expect
        .poll(
          async () =>
            (await t.app.inject({ url: '/spa/locales' }))
              .json<{ locales: { value: string }[] }>()
              .locales.map((locale) => locale.value),
          { timeout: 15_000 },
        )
        .not.toContain('pt');
      const categories = await t.app.inject({ url: '/spa/categories', headers: { 'x-locale': 'pt' } });
      expectErrorEnvelope(categories, 400, 'unknown_locale');
    } finally {
      await t.db.update(schema.locales).set({ enabled: true }).where(eq(schema.locales.code, 'pt'));
    }
  });
});

describe('GET /spa/locales/default', () => {
  it('GET /spa/locales/default returns the default locale', async () => {
    const response = await t.app.inject({ url: '/spa/locales/default' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      value: 'en',
      title: 'English',
      imagePath: expect.stringMatching(/^\//),
      isDefault: true,
    });
  });

  it('GET /spa/locales/default follows the operator moving the default flag', async () => {
    await t.db.update(schema.locales).set({ isDefault: false }).where(eq(schema.locales.code, 'en'));
    await t.db.update(schema.locales).set({ isDefault: true }).where(eq(schema.locales.code, 'de'));
    // The kept answer goes when the database announces the change (on PostgreSQL a moment after the commit).
    const defaultLocale = async () =>
      (await t.app.inject({ url: '/spa/locales/default' })).json<{ value: string; isDefault: boolean }>();
    try {
      await expect.poll(defaultLocale, { timeout: 15_000 }).toMatchObject({ value: 'de', isDefault: true });
    } finally {
      await t.db.update(schema.locales).set({ isDefault: false }).where(eq(schema.locales.code, 'de'));
      await t.db.update(schema.locales).set({ isDefault: true }).where(eq(schema.locales.code, 'en'));
      await expect.poll(defaultLocale, { timeout: 15_000 }).toMatchObject({ value: 'en' });
    }
  });

  it('GET /spa/locales/default returns 404 not_found when no locale is enabled', async () => {
    const empty = await buildTestApp({ empty: true });
    try {
      expectErrorEnvelope(await empty.app.inject({ url: '/spa/locales/default' }), 404, 'not_found');
      expect((await empty.app.inject({ url: '/spa/locales' })).json()).toEqual({ locales: [] });
    } finally {
      await empty.close();
    }
  });
});
