import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import type { Messages } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(schema.translations).values([
    { locale: 'en', key: 'apiTest.onlyInEnglish', value: 'Only in English' },
    { locale: 'en', key: 'apiTest.both', value: 'In English' },
    { locale: 'de', key: 'apiTest.both', value: 'Auf Deutsch' },
  ]);
});
afterAll(async () => t.close());

/** The flat dotted keys a nested message object holds. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [deeper, text] of flatten(value, path)) flat.set(deeper, text);
  }
  return flat;
}

async function storedTexts(locale: string): Promise<Map<string, string>> {
  const rows = await t.db.select().from(schema.translations);
  return new Map(rows.filter((row) => row.locale === locale).map((row) => [row.key, row.value]));
}

describe('GET /spa/translation/{lang}', () => {
  it('GET /spa/translation/en returns every English text nested by its dotted key', async () => {
    const response = await t.app.inject({ url: '/spa/translation/en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const messages = response.json<Messages>();
    expect(flatten(messages)).toEqual(await storedTexts('en'));
    expect(messages.apiTest).toEqual({ onlyInEnglish: 'Only in English', both: 'In English' });
  });

  it('GET /spa/translation/de returns the German texts and falls back to English for a missing key', async () => {
    const response = await t.app.inject({ url: '/spa/translation/de' });
    expect(response.statusCode).toBe(200);
    const flat = flatten(response.json<Messages>());
    for (const [key, value] of await storedTexts('de')) expect(flat.get(key)).toBe(value);
    expect(flat.get('apiTest.both')).toBe('Auf Deutsch');
    expect(flat.get('apiTest.onlyInEnglish')).toBe('Only in English');
    expect([...flat.keys()].sort()).toEqual([...(await storedTexts('en')).keys()].sort());
  });

  it('answers changed texts within a second: a text added, rewritten or removed', async () => {
    // Kept answers are dropped when the database announces the change (on PostgreSQL a moment after the commit).
    const text = (lang: string, key: string) =>
      expect.poll(
        async () =>
          flatten((await t.app.inject({ method: 'GET', url: `/spa/translation/${lang}` })).json<Messages>()).get(key),
        { timeout: 15_000 },
      );
    await text('de', 'apiTest.later').toBeUndefined();
    await t.db.insert(schema.translations).values({ locale: 'en', key: 'apiTest.later', value: 'Later' });
    await text('de', 'apiTest.later').toBe('Later');
    await t.db
      .update(schema.translations)
      .set({ value: 'Später' })
      .where(and(eq(schema.translations.locale, 'en'), eq(schema.translations.key, 'apiTest.later')));
    await text('de', 'apiTest.later').toBe('Später');
    await text('en', 'apiTest.later').toBe('Später');
    await t.db
      .delete(schema.translations)
      .where(and(eq(schema.translations.locale, 'en'), eq(schema.translations.key, 'apiTest.later')));
    await text('de', 'apiTest.later').toBeUndefined();
  });

  it('GET /spa/translation/{lang} returns 400 unknown_locale for a language that is not enabled', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/translation/xx' }), 400, 'unknown_locale');
    expectErrorEnvelope(await t.app.inject({ url: '/spa/translation/en-GB' }), 400, 'unknown_locale');
  });

  it('GET /spa/translation/{lang} returns 400 validation_failed for an overlong language', async () => {
    const body = expectErrorEnvelope(
      await t.app.inject({ url: `/spa/translation/${'a'.repeat(40)}` }),
      400,
      'validation_failed',
    );
    expect(body.error.fields).toHaveProperty('lang');
  });
});
