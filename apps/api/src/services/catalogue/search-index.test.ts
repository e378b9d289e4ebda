import { describe, expect, it } from 'vitest';
import { createSearchIndex, createTermFolder, SEARCH_COUNTED, type SearchEntry } from './search-index';

const entry = (id: number, en: string, de?: string): SearchEntry => {
  const title = de === undefined ? { en } : { en, de };
  const fold = (text: string) => text.toLowerCase();
  return {
    id,
    slug: `game-${id}`,
    title,
    searchText: Object.values(title).map(fold).join(' | '),
    searchTitles: Object.fromEntries(Object.entries(title).map(([locale, text]) => [locale, fold(text)])),
  };
};

describe('createSearchIndex', () => {
  // Most popular first, as listSearchEntries reads them.
  const index = createSearchIndex([
    entry(1, 'Mega Gold', 'Mega Gold DE'),
    entry(2, 'Gold Rush', 'Goldrausch'),
    entry(3, 'Book of Gold'),
    entry(4, 'Golden Book', ''),
    entry(5, 'Fruit'),
  ]);
  const search = (folded: string, offset = 0, limit = 10, locale: 'en' | 'de' = 'en') =>
    index.search({ folded, limit, offset, locale, defaultLocale: 'en' });

  it('puts titles that start with the term first, each group in popularity order, and counts every match', () => {
    expect(search('gold')).toEqual({
      items: [
        { id: 2, slug: 'game-2', title: 'Gold Rush' },
        { id: 4, slug: 'game-4', title: 'Golden Book' },
        { id: 1, slug: 'game-1', title: 'Mega Gold' },
        { id: 3, slug: 'game-3', title: 'Book of Gold' },
      ],
      total: 4,
    });
  });

  it('pages across the two groups and past the end', () => {
    expect(search('gold', 1, 2).items.map((item) => item.id)).toEqual([4, 1]);
    expect(search('gold', 3, 2).items.map((item) => item.id)).toEqual([3]);
    expect(search('gold', 10, 2)).toEqual({ items: [], total: 4 });
  });

  it("reads the asked language's title, else the default language's (an empty one counts as missing)", () => {
    expect(search('gold', 0, 10, 'de').items).toEqual([
      { id: 2, slug: 'game-2', title: 'Goldrausch' },
      { id: 4, slug: 'game-4', title: 'Golden Book' },
      { id: 1, slug: 'game-1', title: 'Mega Gold DE' },
      { id: 3, slug: 'game-3', title: 'Book of Gold' },
    ]);
  });
});

describe('createSearchIndex at the edges', () => {
  const index = createSearchIndex([entry(1, 'Ab'), entry(2, 'Cd'), entry(3, 'ab cd')]);
  const ids = (folded: string) =>
    index.search({ folded, limit: 10, offset: 0, locale: 'en', defaultLocale: 'en' }).items.map((item) => item.id);

  it('never matches across two games', () => {
    expect(ids('bc')).toEqual([]);
    expect(ids('b\u0000c')).toEqual([]);
    expect(ids('b c')).toEqual([3]);
  });

  it('finds a term in the first and the last game, and every game for a term that folds to nothing', () => {
    expect(ids('ab')).toEqual([1, 3]);
    expect(ids('cd')).toEqual([2, 3]);
    expect(ids('')).toEqual([1, 2, 3]);
  });

  it('answers an empty catalogue', () => {
    const empty = createSearchIndex([]);
    expect(empty.search({ folded: 'a', limit: 10, offset: 0, locale: 'en', defaultLocale: 'en' })).toEqual({
      items: [],
      total: 0,
    });
  });
});

describe('createSearchIndex on a term that matches most of a large catalogue', () => {
  // 2,500 games containing "ul", most popular first; the least popular one starts with it.
  const entries = Array.from({ length: 2_500 }, (_, i) => entry(i + 1, `Bulk ${i + 1}`));
  entries.push(entry(9_999, 'Ultra'));
  const index = createSearchIndex(entries);
  const search = (folded: string, offset: number, limit: number) =>
    index.search({ folded, limit, offset, locale: 'en', defaultLocale: 'en' });

  it('counts up to the limit, and always past the page asked for', () => {
    expect(search('ul', 0, 10).total).toBe(SEARCH_COUNTED);
    expect(search('b', 0, 10).total).toBe(SEARCH_COUNTED);
    expect(search('ul', 1_000, 10).total).toBe(1_011);
    expect(search('ul', 2_490, 50).total).toBe(2_501);
    expect(search('zz', 0, 10).total).toBe(0);
    expect(search('ultra', 0, 10).total).toBe(1);
  });

  it('still puts a title that starts with the term first, however far down the popularity order it is', () => {
    expect(search('ul', 0, 3).items.map((item) => item.id)).toEqual([9_999, 1, 2]);
    expect(search('ul', 1_000, 2).items.map((item) => item.id)).toEqual([1_000, 1_001]);
    expect(search('ul', 2_499, 10).items.map((item) => item.id)).toEqual([2_499, 2_500]);
  });
});

describe('createTermFolder', () => {
  function folder() {
    const asked: string[][] = [];
    const fold = createTermFolder(async (characters) => {
      asked.push(characters);
      return characters.map((character) => (character === 'ß' ? 'ss' : character.normalize('NFD')[0]!.toLowerCase()));
    });
    return { fold, asked };
  }

  it('lowers ASCII itself and asks for each other character once, all of a term in one call', async () => {
    const { fold, asked } = folder();
    expect(await fold('Große ÉTÉ')).toBe('grosse ete');
    expect(asked).toEqual([['ß', 'É']]);
    expect(await fold('ÉTÉ straße GOLD')).toBe('ete strasse gold');
    expect(asked).toHaveLength(1);
    expect(await fold('gold')).toBe('gold');
    expect(asked).toHaveLength(1);
  });

  it('refuses to fold when the database leaves a character out', async () => {
    const fold = createTermFolder(async () => []);
    await expect(fold('é')).rejects.toThrow(/did not fold/);
  });
});
