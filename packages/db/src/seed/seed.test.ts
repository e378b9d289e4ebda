import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, isLocale } from '@playhouse/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbHandle } from '../client';
import {
  articles,
  htmlSnippets,
  infoPopups,
  locales,
  navCategories,
  pageMetadata,
  siteSettings,
  slides,
  translations,
} from '../schema/content';
import { readPngSize } from './assets/png';
import { WEB_PUBLIC_DIR } from './assets/media-paths';
import { MESSAGES_DIR, loadMessages, readMessageCatalogues, seedDemo } from './index';

const CONTENT_TABLES = {
  locales,
  translations,
  navCategories,
  slides,
  articles,
  pageMetadata,
  siteSettings,
  htmlSnippets,
  infoPopups,
} as const;

async function rowCounts(db: Db): Promise<Record<keyof typeof CONTENT_TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(CONTENT_TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ value: count() }).from(table);
      return [name, row?.value ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof CONTENT_TABLES, number>;
}

/** Every seeded text column of type LocalizedText, with the rows it holds. */
async function localizedTexts(db: Db): Promise<{ where: string; text: Record<string, string | undefined> }[]> {
  const texts: { where: string; text: Record<string, string | undefined> }[] = [];
  for (const row of await db.select().from(navCategories)) {
    texts.push(
      { where: `category ${row.slug} title`, text: row.title },
      { where: `category ${row.slug} description`, text: row.description },
    );
  }
  for (const row of await db.select().from(slides)) {
    texts.push(
      { where: `slide ${row.slug} body`, text: row.body },
      { where: `slide ${row.slug} buttonText`, text: row.buttonText },
    );
  }
  for (const row of await db.select().from(articles)) {
    texts.push(
      { where: `article ${row.slug} title`, text: row.title },
      { where: `article ${row.slug} content`, text: row.content },
    );
  }
  for (const row of await db.select().from(pageMetadata)) {
    texts.push(
      { where: `metadata ${row.routePath} title`, text: row.title },
      { where: `metadata ${row.routePath} keywords`, text: row.keywords },
      { where: `metadata ${row.routePath} description`, text: row.description },
    );
  }
  for (const row of await db.select().from(infoPopups)) {
    texts.push(
      { where: 'info popup text', text: row.text },
      { where: 'info popup buttonText', text: row.buttonText },
      { where: 'info popup closeButtonText', text: row.closeButtonText },
    );
  }
  return texts;
}

const htmlTags = (html: string): Set<string> =>
  new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => (match[1] as string).toLowerCase()));

let handle: DbHandle;
let db: Db;
let firstRun: { seeded: boolean };

beforeAll(async () => {
  handle = await createDb();
  db = handle.db;
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('seedDemo', { timeout: 30_000 }, () => {
  it('writes nothing at all when it fails half-way', async () => {
    // A slide already holding the seed's (kind, slug) makes the slides insert fail after locales and translations.
    const [blocker] = await db
      .insert(slides)
      .values({ kind: 'home', slug: 'welcome', body: { en: 'x' }, buttonText: { en: 'x' }, url: 'x' })
      .returning({ id: slides.id });
    await expect(seedDemo(db)).rejects.toThrow(/insert into "slides"/);
    const counts = await rowCounts(db);
    expect({ ...counts, slides: counts.slides - 1 }).toEqual(
      Object.fromEntries(Object.keys(CONTENT_TABLES).map((name) => [name, 0])),
    );
    await db.delete(slides).where(eq(slides.id, blocker?.id ?? -1));
  });

  it('seeds an empty database and fills every content table', async () => {
    firstRun = await seedDemo(db);
    expect(firstRun).toEqual({ seeded: true });
    const counts = await rowCounts(db);
    for (const [name, rows] of Object.entries(counts)) expect(rows, name).toBeGreaterThan(0);
    expect(counts.locales).toBe(LOCALES.length);
    expect(counts.navCategories).toBeGreaterThanOrEqual(8);
    expect(counts.siteSettings).toBe(1);
  });

  it('is a no-op on a database that already has content', async () => {
    const before = await rowCounts(db);
    await expect(seedDemo(db)).resolves.toEqual({ seeded: false });
    expect(await rowCounts(db)).toEqual(before);
  });

  it('seeds the shared locale list, named in their own languages, with the shared default', async () => {
    const rows = await db.select().from(locales).orderBy(asc(locales.position));
    expect(rows.map((row) => row.code)).toEqual([...LOCALES]);
    expect(rows.filter((row) => row.isDefault).map((row) => row.code)).toEqual([DEFAULT_LOCALE]);
    expect(Object.fromEntries(rows.map((row) => [row.code, row.title]))).toEqual({
      en: 'English',
      de: 'Deutsch',
      es: 'Español',
      pt: 'Português',
      ru: 'Русский',
    });
    for (const row of rows) expect(row.imagePath).toBe(`/media/flags/${row.code}.svg`);
  });

  it('loads every UI message of every locale into the translations table', async () => {
    const catalogues = await readMessageCatalogues();
    for (const locale of LOCALES) {
      const rows = await db.select().from(translations).where(eq(translations.locale, locale));
      expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual(catalogues[locale]);
    }
  });

  it('gives every localized text all five locales, non-empty, with no English left in the others', async () => {
    const problems: string[] = [];
    for (const { where, text } of await localizedTexts(db)) {
      for (const locale of LOCALES) {
        if (!text[locale]?.trim()) problems.push(`${where}: no ${locale} text`);
        else if (locale !== DEFAULT_LOCALE && text[locale] === text[DEFAULT_LOCALE])
          problems.push(`${where}: ${locale} is the English text`);
      }
      const extra = Object.keys(text).filter((key) => !isLocale(key));
      if (extra.length > 0) problems.push(`${where}: unknown locales ${extra.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('seeds categories with icons, some opening a head game and some their catalogue', async () => {
    const rows = await db.select().from(navCategories).orderBy(asc(navCategories.position));
    expect(rows.map((row) => row.slug)).toEqual(
      expect.arrayContaining([
        'top',
        'slots',
        'shared-tables',
        'table-games',
        'jackpots',
        'new',
        'originals',
        'sports',
      ]),
    );
    expect(
      Object.fromEntries(rows.filter((row) => row.headGameSlug).map((row) => [row.slug, row.headGameSlug])),
    ).toEqual({
      originals: 'dice',
      sports: 'prematch-mts',
    });
    expect(rows.filter((row) => row.headGameSlug === null).length).toBeGreaterThan(0);
    for (const row of rows) expect(row.slug).toMatch(/^[a-z0-9][a-z0-9-]{0,79}$/);
  });

  it('seeds home and banner slides with three responsive images, simple HTML and locale-free links', async () => {
    const rows = await db.select().from(slides);
    const byKind = (kind: 'home' | 'banner') => rows.filter((row) => row.kind === kind);
    expect(byKind('home').length).toBeGreaterThanOrEqual(3);
    expect(byKind('banner').length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect([row.imageMobile, row.imageTablet, row.imageDesktop].every(Boolean), row.slug).toBe(true);
      expect(row.url).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
      expect(isLocale(row.url.split('/')[0])).toBe(false);
      for (const html of Object.values(row.body)) {
        expect(
          [...htmlTags(html ?? '')].every((tag) => ['h2', 'p', 'strong'].includes(tag)),
          html,
        ).toBe(true);
      }
    }
  });

  it('seeds a main article for /, /app-page and /category/slots, with a heading and a list', async () => {
    for (const routePath of ['/', '/app-page', '/category/slots']) {
      const main = await db
        .select()
        .from(articles)
        .where(and(eq(articles.routePath, routePath), eq(articles.isMain, true)));
      expect(main, routePath).toHaveLength(1);
      for (const html of Object.values(main[0]?.content ?? {})) {
        const tags = htmlTags(html ?? '');
        expect(tags.has('h2') && tags.has('ul') && tags.has('li') && tags.has('p'), `${routePath}: ${html}`).toBe(true);
      }
    }
  });

  it('seeds page metadata for the default, the main routes and every category', async () => {
    const rows = await db.select().from(pageMetadata);
    const byPath = new Map(rows.map((row) => [row.routePath, row]));
    const categories = await db.select({ slug: navCategories.slug }).from(navCategories);
    for (const routePath of [
      '*',
      '/',
      '/app-page',
      '/landing',
      '/cashbox',
      '/auth/register',
      '/search',
      ...categories.map((c) => `/category/${c.slug}`),
    ]) {
      expect(byPath.has(routePath), routePath).toBe(true);
    }
    expect(byPath.get('/landing')).toMatchObject({ robotsIndex: false, robotsFollow: false });
    expect(byPath.get('/search')).toMatchObject({ robotsIndex: false });
    expect(byPath.get('/')).toMatchObject({
      robotsIndex: true,
      robotsFollow: true,
      imageUrl: '/media/og/home-900x600.png',
    });
    expect(byPath.get('/')?.customMetaTags.length).toBeGreaterThan(0);
    const graph = (byPath.get('/')?.jsonLd?.['@graph'] ?? []) as { '@type': string }[];
    expect(graph.map((node) => node['@type']).sort()).toEqual(['Organization', 'WebSite']);
  });

  it('seeds site settings, one snippet per slot and an info popup with an {email} sample', async () => {
    const [settings] = await db.select().from(siteSettings);
    expect(settings).toMatchObject({ id: 1, siteName: 'Playhouse', defaultDomain: 'http://localhost:3000' });
    expect(settings?.themeColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(settings?.manifestIcons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
    expect(settings?.manifestIcons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(settings?.appleIcons.map((icon) => icon.sizes)).toEqual(['180x180']);

    const snippets = await db.select().from(htmlSnippets);
    expect(snippets.map((row) => row.slot).sort()).toEqual(['body/bottom', 'body/top', 'head/bottom']);
    for (const row of snippets) expect(row.html).not.toMatch(/<script|<iframe|src=|https?:/i);

    const [popup] = await db.select().from(infoPopups);
    expect(popup).toMatchObject({ hrefOnCloseButton: '/', hrefOnMainButton: '/app-page', active: true });
    for (const locale of LOCALES) expect(popup?.text[locale]).toContain('{email}');
  });

  it('references only images that exist under apps/web/public, PNG icons at their declared sizes', async () => {
    const everything = JSON.stringify(
      await Promise.all(Object.values(CONTENT_TABLES).map((table) => db.select().from(table))),
    );
    const paths = new Set([...everything.matchAll(/\/media\/[\w./-]+\.(?:svg|png)/g)].map((match) => match[0]));
    expect(paths.size).toBeGreaterThanOrEqual(30);
    expect([...paths].filter((imagePath) => !existsSync(path.join(WEB_PUBLIC_DIR, imagePath)))).toEqual([]);

    const [settings] = await db.select().from(siteSettings);
    const icons = [
      ...(settings?.favicons ?? []).map((icon) => ({ href: icon.href, sizes: icon.sizes, type: icon.type })),
      ...(settings?.appleIcons ?? []).map((icon) => ({ href: icon.href, sizes: icon.sizes, type: icon.type })),
      ...(settings?.manifestIcons ?? []).map((icon) => ({ href: icon.src, sizes: icon.sizes, type: icon.type })),
    ].filter((icon) => icon.type === 'image/png');
    expect(icons.length).toBeGreaterThanOrEqual(5);
    for (const icon of icons) {
      const { width, height } = readPngSize(readFileSync(path.join(WEB_PUBLIC_DIR, icon.href)));
      expect(`${width}x${height}`, icon.href).toBe(icon.sizes);
    }
    expect(readPngSize(readFileSync(path.join(WEB_PUBLIC_DIR, '/media/og/home-900x600.png')))).toEqual({
      width: 900,
      height: 600,
    });
  });
});

describe('loadMessages', { timeout: 30_000 }, () => {
  it('restores edited texts and drops keys that are no longer in the files', async () => {
    const [first] = await db.select().from(translations).where(eq(translations.locale, 'de')).limit(1);
    if (!first) throw new Error('the seed wrote no translations');
    await db
      .update(translations)
      .set({ value: 'bearbeitet' })
      .where(and(eq(translations.locale, 'de'), eq(translations.key, first.key)));
    await db.insert(translations).values({ locale: 'ru', key: 'retired.text', value: 'устарело' });

    const { keys } = await loadMessages(db);

    const catalogues = await readMessageCatalogues();
    expect(keys).toBe(LOCALES.reduce((sum, locale) => sum + Object.keys(catalogues[locale]).length, 0));
    const [restored] = await db
      .select()
      .from(translations)
      .where(and(eq(translations.locale, 'de'), eq(translations.key, first.key)));
    expect(restored?.value).toBe(first.value);
    expect(await db.select().from(translations).where(eq(translations.key, 'retired.text'))).toEqual([]);
  });

  it('keeps a text a staff member set in the back office', async () => {
    const [first] = await db.select().from(translations).where(eq(translations.locale, 'es')).limit(1);
    if (!first) throw new Error('the seed wrote no translations');
    const mine = and(eq(translations.locale, 'es'), eq(translations.key, first.key));
    await db.update(translations).set({ value: 'editado por el equipo', editedAt: new Date() }).where(mine);

    await loadMessages(db);

    const [kept] = await db.select().from(translations).where(mine);
    expect(kept?.value).toBe('editado por el equipo');
  });

  it('fails loudly, naming the file, when a locale has no message file, and changes nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playhouse-messages-'));
    try {
      for (const locale of LOCALES.filter((code) => code !== 'pt')) {
        writeFileSync(path.join(dir, `${locale}.json`), readFileSync(path.join(MESSAGES_DIR, `${locale}.json`)));
      }
      const before = await db.select().from(translations).orderBy(asc(translations.locale), asc(translations.key));
      await expect(loadMessages(db, { dir })).rejects.toThrow(/"pt" are missing: cannot read .*pt\.json/);
      expect(await db.select().from(translations).orderBy(asc(translations.locale), asc(translations.key))).toEqual(
        before,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a message file that is not valid messages', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'playhouse-messages-'));
    try {
      for (const locale of LOCALES) {
        const messages = JSON.parse(readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), 'utf8')) as Record<
          string,
          unknown
        >;
        writeFileSync(
          path.join(dir, `${locale}.json`),
          JSON.stringify(locale === 'es' ? { ...messages, broken: 42 } : messages),
        );
      }
      await expect(loadMessages(db, { dir })).rejects.toThrow(/es\.json: "broken" must be a string/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
