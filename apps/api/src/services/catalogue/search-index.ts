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

/** Matches a search counts at least before it stops counting (see `searchCountLimit`). */
export const SEARCH_COUNTED = 1_000;

/**
 * How many matches a search counts: all of them up to SEARCH_COUNTED, and always at least one past the page asked
 * for, so the answer's `total` says whether another page exists (the suggestions box asks for the next page while it
 * holds fewer items than `total`). A term that matches most of a large catalogue stops being counted there instead
 * of costing a step for every game; the database's search caps its count the same way.
 */
export function searchCountLimit(offset: number, limit: number): number {
  return Math.max(SEARCH_COUNTED, offset + limit + 1);
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
 * after a hit the scan resumes at the next game. The titles that start with the term are looked for first, among the
 * games whose title starts with its first character; then the scan finds the others, and stops once the page is
 * filled and the count limit reached (`searchCountLimit`). A search costs at most one pass over the text plus a step
 * per match counted: a term that matches nearly every game stops after about a thousand steps.
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
  // Each language's folded titles (else the default language's), in the same order, made on the first search in it,
  // with the games grouped by their title's first character: where the titles starting with a term are looked for.
  const languages = new Map<string, { titles: (string | undefined)[]; byFirst: Map<string, number[]> }>();
  const languageOf = (locale: Locale, defaultLocale: Locale) => {
    const key = `${locale}:${defaultLocale}`;
    let language = languages.get(key);
    if (!language) {
      const titles = entries.map((entry) => localized(entry.searchTitles, locale, defaultLocale));
      const byFirst = new Map<string, number[]>();
      titles.forEach((title, index) => {
        if (title === undefined || title === '') return;
        const first = title.charAt(0);
        const group = byFirst.get(first);
        if (group) group.push(index);
        else byFirst.set(first, [index]);
      });
      languages.set(key, (language = { titles, byFirst }));
    }
    return language;
  };
  const everyIndex = entries.map((_, index) => index);

  /**
   * Calls `found` with each game whose search text contains `folded`, in order, until it answers true. After a hit
   * the scan resumes at the next game's text: a game counts once however often the term occurs in it.
   */
  function eachMatch(folded: string, found: (index: number) => boolean): void {
    if (folded === '') {
      for (let index = 0; index < entries.length; index++) if (found(index)) return;
      return;
    }
    if (folded.includes(SEPARATOR)) return;
    let entry = 0;
    for (let at = text.indexOf(folded); at !== -1; at = text.indexOf(folded, starts[entry]!)) {
      while (starts[entry + 1]! <= at) entry++;
      if (found(entry)) return;
      entry++;
      if (entry === entries.length) return;
    }
  }

  return {
    size: entries.length,
    search({ folded, limit, offset, locale, defaultLocale }: IndexSearch): SearchPage {
      const { titles, byFirst } = languageOf(locale, defaultLocale);
      // Only the first offset + limit of each group can be on the page; the rest are counted, up to the count limit.
      const keep = offset + limit;
      const counted = searchCountLimit(offset, limit);
      const starting: number[] = [];
      const containing: number[] = [];
      let startingCount = 0;
      let containingCount = 0;
      // The titles that start with the term, from the games whose title starts with its first character. A title
      // is part of its game's search text, so each of them contains the term.
      const candidates = folded === '' ? everyIndex : (byFirst.get(folded.charAt(0)) ?? []);
      for (const index of candidates) {
        if (startingCount === counted) break;
        if (!titles[index]?.startsWith(folded)) continue;
        if (startingCount++ < keep) starting.push(index);
      }
      if (startingCount < counted)
        eachMatch(folded, (index) => {
          if (titles[index]?.startsWith(folded)) return false;
          if (containingCount++ < keep) containing.push(index);
          return startingCount + containingCount === counted;
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
