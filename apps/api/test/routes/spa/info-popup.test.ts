import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { infoPopupSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /spa/info-popup', () => {
  it.each(['en', 'de'] as const)('GET /spa/info-popup returns the active popup in %s', async (lng) => {
    const [row] = await t.db.select().from(schema.infoPopups).orderBy(desc(schema.infoPopups.updatedAt)).limit(1);
    if (!row) throw new Error('the content has no info popup');
    const response = await t.app.inject({ url: '/spa/info-popup', headers: { 'x-locale': lng } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(infoPopupSchema.strict().parse(response.json())).toEqual({
      id: row.id,
      text: row.text[lng],
      buttonText: row.buttonText[lng],
      closeButtonText: row.closeButtonText[lng],
      hrefOnCloseButton: row.hrefOnCloseButton,
      hrefOnMainButton: row.hrefOnMainButton,
      showInfoPopup: true,
    });
  });

  it('GET /spa/info-popup falls back to the default locale where a translation is missing', async () => {
    await t.db.insert(schema.infoPopups).values({
      text: { en: 'English only', ru: 'Только по-русски' },
      buttonText: { en: 'Go' },
      closeButtonText: { en: 'Close' },
      hrefOnCloseButton: '/',
      hrefOnMainButton: '/app-page',
      updatedAt: new Date(Date.now() + 60_000),
    });
    const [newest] = await t.db.select().from(schema.infoPopups).orderBy(desc(schema.infoPopups.updatedAt)).limit(1);
    // Kept answers are dropped when the database announces the change (on PostgreSQL a moment after the commit).
    await expect
      .poll(async () => (await t.app.inject({ url: '/spa/info-popup', headers: { 'x-locale': 'de' } })).json(), {
        timeout: 15_000,
      })
      .toMatchObject({ id: newest?.id, text: 'English only', buttonText: 'Go', showInfoPopup: true });
    const russian = await t.app.inject({ url: '/spa/info-popup', headers: { 'x-locale': 'ru' } });
    expect(russian.json()).toMatchObject({ text: 'Только по-русски', buttonText: 'Go' });
  });

  it('GET /spa/info-popup says showInfoPopup false when no popup is active', async () => {
    await t.db.update(schema.infoPopups).set({ active: false });
    const response = await t.app.inject({ url: '/spa/info-popup' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: null,
      text: '',
      buttonText: '',
      closeButtonText: '',
      hrefOnCloseButton: '',
      hrefOnMainButton: '',
      showInfoPopup: false,
    });
  });

  it('GET /spa/info-popup returns 400 unknown_locale for an unknown X-Locale', async () => {
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/info-popup', headers: { 'x-locale': '../etc' } }),
      400,
      'unknown_locale',
    );
  });
});
