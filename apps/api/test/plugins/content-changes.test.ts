import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { readMessageCatalogues, writeMessages } from '@playhouse/db/messages';
import {
  categoriesResponseSchema,
  gameSearchResponseSchema,
  gamesResponseSchema,
  slidesResponseSchema,
  type Messages,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { twoInstances, type App } from '../helpers/two-instances';

let two: Awaited<ReturnType<typeof twoInstances>>;
let instances: [App, App];

beforeAll(async () => {
  two = await twoInstances();
  instances = two.instances;
});
afterAll(() => two.close());

const db = () => two.shared.handles[0].db;

/**
 * Every instance's answer, asked until it passes or a second has gone by: on PostgreSQL the notification reaches the
 * other connections a moment after the commit; on PGlite it is there before the commit returns.
 */
async function onEveryInstance(ask: (app: App) => Promise<void>): Promise<void> {
  for (const app of instances)
    await expect.poll(() => ask(app).then(() => true), { timeout: 15_000, interval: 20 }).toBe(true);
}

async function json<T>(app: App, url: string, parse: { parse: (value: unknown) => T }, locale = 'en'): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { 'x-locale': locale } });
  expect(response.statusCode).toBe(200);
  return parse.parse(response.json());
}

describe('public content from memory on two instances of one database', () => {
  it('shows a UI text loaded by the message loader on every instance', async () => {
    const messages = async (app: App) =>
      (await app.inject({ method: 'GET', url: '/spa/translation/de' })).json<Messages>();
    // Both instances hold the German texts in memory.
    for (const app of instances) expect((await messages(app)).contentCacheTest).toBeUndefined();
    const catalogues = await readMessageCatalogues();
    catalogues.en = { ...catalogues.en, 'contentCacheTest.greeting': 'Hello' };
    catalogues.de = { ...catalogues.de, 'contentCacheTest.greeting': 'Hallo' };
    await writeMessages(db(), catalogues);
    await onEveryInstance(async (app) => {
      expect((await messages(app)).contentCacheTest).toEqual({ greeting: 'Hallo' });
    });
  });

  it('shows a catalogue edit on the games page and in search on every instance', async () => {
    const page = '/spa/games?categorySlug=originals&limit=6&sort=3';
    const titles = async (app: App) => (await json(app, page, gamesResponseSchema)).games.map((game) => game.title);
    const found = async (app: App) =>
      (await json(app, '/spa/games/search?search=deluxe', gameSearchResponseSchema)).items.map((item) => item.title);
    for (const app of instances) {
      expect(await titles(app)).toContain('Dice');
      expect(await found(app)).not.toContain('Dice Deluxe');
    }
    // What the back office's game editor will write.
    const [dice] = await db().select().from(schema.games).where(eq(schema.games.slug, 'dice'));
    await db()
      .update(schema.games)
      .set({ title: { ...dice!.title, en: 'Dice Deluxe' } })
      .where(eq(schema.games.id, dice!.id));
    await onEveryInstance(async (app) => {
      expect(await titles(app)).toContain('Dice Deluxe');
      expect(await found(app)).toContain('Dice Deluxe');
    });
  });

  it('shows a slide and a category edited in one transaction on every instance, and nothing of a rolled-back one', async () => {
    const slideTitles = async (app: App) =>
      (await json(app, '/spa/slides?type=home', slidesResponseSchema)).slides.map((slide) => slide.bodyTranslated);
    const categoryTitles = async (app: App) =>
      (await json(app, '/spa/categories', categoriesResponseSchema)).categories.map((category) => category.title);
    const before = { slides: await slideTitles(instances[1]), categories: await categoryTitles(instances[1]) };
    const [slide] = await db().select().from(schema.slides).where(eq(schema.slides.kind, 'home')).limit(1);
    const [category] = await db().select().from(schema.navCategories).limit(1);

    await expect(
      db().transaction(async (tx) => {
        await tx
          .update(schema.slides)
          .set({ body: { en: '<p>Never</p>' } })
          .where(eq(schema.slides.id, slide!.id));
        throw new Error('the editor cancelled');
      }),
    ).rejects.toThrow('the editor cancelled');
    for (const app of instances) expect(await slideTitles(app)).toEqual(before.slides);

    await db().transaction(async (tx) => {
      await tx
        .update(schema.slides)
        .set({ body: { ...slide!.body, en: '<p>Summer cup</p>' } })
        .where(eq(schema.slides.id, slide!.id));
      await tx
        .update(schema.navCategories)
        .set({ title: { ...category!.title, en: 'Jackpots' } })
        .where(eq(schema.navCategories.id, category!.id));
    });
    await onEveryInstance(async (app) => {
      expect(await slideTitles(app)).toContain('<p>Summer cup</p>');
      expect(await categoryTitles(app)).toContain('Jackpots');
    });
  });

  it('refuses a locale an operator disabled on every instance', async () => {
    for (const app of instances) await json(app, '/spa/categories', categoriesResponseSchema, 'pt');
    await db().update(schema.locales).set({ enabled: false }).where(eq(schema.locales.code, 'pt'));
    try {
      await onEveryInstance(async (app) => {
        expectErrorEnvelope(
          await app.inject({ method: 'GET', url: '/spa/categories', headers: { 'x-locale': 'pt' } }),
          400,
          'unknown_locale',
        );
      });
    } finally {
      await db().execute(sql`update locales set enabled = true where code = 'pt'`);
    }
    await onEveryInstance(async (app) => {
      await json(app, '/spa/categories', categoriesResponseSchema, 'pt');
    });
  });
});
