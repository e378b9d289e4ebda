import { LRUCache } from 'lru-cache';
import type { Locale } from '@playhouse/shared';

/** One searchable game as the database stores it (games.search_text and games.search_titles, migrations 0006, 0017). */
export interface SearchEntry {
  id: number;
  slug: string;
  title: Record<string, string | undefined>;
  /** Every locale's title folded by casino_normalize and joined: what a term is looked for in. */
  searchText: string;
  /** Each locale's title folded by casino_normalize: what "starts with the term" reads. */
  searchTitles: Record<string, string | undefined>;
}

export interface SearchPage {
  items: { id: number; slug: string; title: string }[];
  total: number;
}

export interface IndexSearch {
  /** Already folded (see `createTermFolder`). */
  folded: string;
  limit: number;
  offset: number;
  locale: Locale;
  defaultLocale: Locale;
}

/** A locale's value, else the default locale's; an empty string counts as missing (SQL's coalesce(nullif(...))). */
function localized(values: Record<string, string | undefined>, locale: Locale, defaultLocale: Locale) {
  return values[locale] || values[defaultLocale];
}

/** Between two games' search texts: PostgreSQL text never holds a NUL, so no title and no match spans it. */
const SEPARATOR = '\u0000';

/**
 * The active catalogue's folded titles in memory, most popular first: a search scans them in JavaScript instead of
 * asking the database, with the answer the SQL search gives (createGameSearch): every title containing the term
 * counts, titles that start with it in the request's language come first, then by popularity, then by id.
 * `entries` must come in that popularity order (listSearchEntries).
 *
 * Every search text sits in one string, each followed by a separator: the engine's native indexOf scans it, and
 * after a hit the scan resumes at the next game, so a search costs one pass over the text plus a step per match.
 */
export function createSearchIndex(entries: readonly SearchEntry[]) {
  const starts = new Uint32Array(entries.length + 1);
  let length = 0;
  entries.forEach((entry, index) => {
    starts[index] = length;
    length += entry.searchText.length + 1;
  });
  starts[entries.length] = length;
  const text = entries.map((entry) => entry.searchText + SEPARATOR).join('');
  // Each language's folded titles (else the default language's), in the same order, made on the first search in it.
  const titlesIn = new Map<string, (string | undefined)[]>();
  const titlesOf = (locale: Locale, defaultLocale: Locale) => {
    const key = `${locale}:${defaultLocale}`;
    let titles = titlesIn.get(key);
    if (!titles)
      titlesIn.set(key, (titles = entries.map((entry) => localized(entry.searchTitles, locale, defaultLocale))));
    return titles;
  };

  /**
   * Calls `found` with each game whose search text contains `folded`, in order. After a hit the scan resumes at the
   * next game's text: a game counts once however often the term occurs in it.
   */
  function eachMatch(folded: string, found: (index: number) => void): void {
    if (folded === '') {
      for (let index = 0; index < entries.length; index++) found(index);
      return;
    }
    if (folded.includes(SEPARATOR)) return;
    let entry = 0;
    for (let at = text.indexOf(folded); at !== -1; at = text.indexOf(folded, starts[entry]!)) {
      while (starts[entry + 1]! <= at) entry++;
      found(entry);
      entry++;
      if (entry === entries.length) return;
    }
  }

  return {
    size: entries.length,
    search({ folded, limit, offset, locale, defaultLocale }: IndexSearch): SearchPage {
      const titles = titlesOf(locale, defaultLocale);
      // Only the first offset + limit of each group can be on the page; the rest are counted.
      const keep = offset + limit;
      const starting: number[] = [];
      const containing: number[] = [];
      let startingCount = 0;
      let containingCount = 0;
      eachMatch(folded, (index) => {
        const title = titles[index];
        if (title !== undefined && title.startsWith(folded)) {
          if (startingCount++ < keep) starting.push(index);
        } else if (containingCount++ < keep) containing.push(index);
      });
      const page = starting.slice(offset, offset + limit);
      if (page.length < limit) {
        const from = Math.max(0, offset - startingCount);
        page.push(...containing.slice(from, from + limit - page.length));
      }
      return {
        items: page.map((index) => {
          const entry = entries[index]!;
          return { id: entry.id, slug: entry.slug, title: localized(entry.title, locale, defaultLocale) ?? '' };
        }),
        total: startingCount + containingCount,
      };
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/** How many non-ASCII characters' foldings one instance remembers. */
const REMEMBERED_CHARACTERS = 10_000;

/**
 * Folds a term as casino_normalize folds it, without a query for terms the instance has seen the characters of.
 * casino_normalize works a character at a time (unaccent's rules each replace one character, translate() maps one
 * character to one, lower() lowers each), so a term's folding is its characters' foldings in a row. ASCII characters
 * only meet lower() (unaccent has no rule for them, translate() only maps Cyrillic and Greek), which folds them as
 * toLowerCase() does; any other character is asked of the database once (`foldInDatabase`, one round trip for all the
 * new ones of a term) and remembered.
 */
export function createTermFolder(foldInDatabase: (characters: string[]) => Promise<string[]>) {
  const remembered = new LRUCache<string, string>({ max: REMEMBERED_CHARACTERS });
  return async (term: string): Promise<string> => {
    const characters = [...term];
    const foldings = new Map<string, string>();
    const unknown: string[] = [];
    for (const character of characters) {
      if (character.charCodeAt(0) <= 0x7f || foldings.has(character) || unknown.includes(character)) continue;
      const folding = remembered.get(character);
      if (folding === undefined) unknown.push(character);
      else foldings.set(character, folding);
    }
    if (unknown.length > 0) {
      const folded = await foldInDatabase(unknown);
      unknown.forEach((character, index) => {
        const folding = folded[index];
        if (folding === undefined) throw new Error(`The database did not fold "${character}".`);
        foldings.set(character, folding);
        remembered.set(character, folding);
      });
    }
    return characters
      .map((character) => (character.charCodeAt(0) <= 0x7f ? character.toLowerCase() : foldings.get(character)))
      .join('');
  };
}
