import { DEFAULT_LOCALE, LOCALES } from '@playhouse/shared';
import { describe, expect, it } from 'vitest';
import { flattenMessages, icuArgumentNames, readMessageCatalogues, unflattenMessages } from './messages';

const catalogues = await readMessageCatalogues();
const english = catalogues[DEFAULT_LOCALE];
const translated = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** Names that stay the same in every language. Keep this list short: anything else must be translated. */
const SAME_IN_EVERY_LANGUAGE = ['Playhouse', 'Android', 'iPhone', 'iPad', 'Chrome', 'Safari', 'Megaways'];

/**
 * The words of a message that a translator should have translated: without ICU arguments, e-mail addresses, URLs
 * and the names above.
 */
function translatableWords(message: string): string {
  let words = message
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  for (const name of SAME_IN_EVERY_LANGUAGE) words = words.replaceAll(name, ' ');
  return words;
}
const hasLetters = (text: string): boolean => /\p{L}/u.test(text);

describe('UI message catalogues (packages/db/src/messages)', () => {
  it('has messages in the default locale', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  it.each(translated)('%s has exactly the keys of the default locale', (locale) => {
    const keys = Object.keys(catalogues[locale]);
    expect(
      keys.filter((key) => !(key in english)),
      'keys the default locale does not have',
    ).toEqual([]);
    expect(
      Object.keys(english).filter((key) => !keys.includes(key)),
      'keys missing',
    ).toEqual([]);
  });

  it.each(translated)('%s leaves no English text untranslated', (locale) => {
    const untranslated = Object.entries(catalogues[locale])
      .filter(([key, value]) => value === english[key] && hasLetters(translatableWords(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(untranslated).toEqual([]);
  });

  it('ru texts are written in Cyrillic', () => {
    const latinOnly = Object.entries(catalogues.ru)
      .filter(([, value]) => {
        const words = translatableWords(value);
        return /[a-z]/i.test(words) && !/\p{Script=Cyrillic}/u.test(words);
      })
      .map(([key, value]) => `${key}: ${value}`);
    expect(latinOnly).toEqual([]);
  });

  it.each(LOCALES)('%s messages are non-empty ICU messages with the same arguments as the default locale', (locale) => {
    const problems: string[] = [];
    for (const [key, value] of Object.entries(catalogues[locale])) {
      if (value.trim() === '') {
        problems.push(`${key}: empty`);
        continue;
      }
      try {
        const expected = [...icuArgumentNames(english[key] ?? '')].sort();
        const actual = [...icuArgumentNames(value)].sort();
        if (expected.join() !== actual.join())
          problems.push(`${key}: {${actual.join('}, {')}} instead of {${expected.join('}, {')}}`);
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('flattenMessages and unflattenMessages', () => {
  it('turn nested namespaces into dotted keys and back', () => {
    const nested = { home: { title: 'Welcome', hero: { cta: 'Play {game}' } }, footer: { year: '© {year}' } };
    const flat = flattenMessages(nested);
    expect(flat).toEqual({ 'home.title': 'Welcome', 'home.hero.cta': 'Play {game}', 'footer.year': '© {year}' });
    expect(unflattenMessages(flat)).toEqual(nested);
  });

  it('round-trip every catalogue', () => {
    for (const locale of LOCALES)
      expect(flattenMessages(unflattenMessages(catalogues[locale]))).toEqual(catalogues[locale]);
  });

  it('reject keys with dots, and values that are neither text nor namespaces', () => {
    expect(() => flattenMessages({ 'home.title': 'x' }, 'en.json')).toThrow(
      'en.json: invalid message key "home.title"',
    );
    expect(() => flattenMessages({ home: { count: 3 } }, 'en.json')).toThrow('"home.count" must be a string');
    expect(() => flattenMessages({ list: ['a'] }, 'en.json')).toThrow('"list" must be a string');
    expect(() => flattenMessages(['a'], 'en.json')).toThrow('the root must be an object');
  });

  it('unflattenMessages refuses a key that is both a message and a namespace', () => {
    expect(() => unflattenMessages({ home: 'Home', 'home.title': 'Welcome' })).toThrow('collides');
  });
});

describe('icuArgumentNames', () => {
  it('finds simple, formatted and nested plural/select arguments', () => {
    expect([...icuArgumentNames('Hello {name}, you have {count, number} points')]).toEqual(['name', 'count']);
    expect([
      ...icuArgumentNames('{count, plural, offset:1 =0 {No games} one {# game by {provider}} other {# games}}'),
    ]).toEqual(['count', 'provider']);
    expect([...icuArgumentNames('{gender, select, female {She} male {He} other {They}} won')]).toEqual(['gender']);
    expect([...icuArgumentNames('No arguments, <b>rich</b> text only.')]).toEqual([]);
  });

  it('rejects unbalanced braces', () => {
    expect(() => icuArgumentNames('Hello {name')).toThrow('invalid ICU message');
    expect(() => icuArgumentNames('Hello name}')).toThrow('invalid ICU message');
    expect(() => icuArgumentNames('{count, plural, one {# game}')).toThrow('invalid ICU message');
  });
});

describe('namespace files ({locale}/{namespace}.json)', () => {
  async function catalogueDir(files: Record<string, unknown>): Promise<string> {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'playhouse-messages-'));
    for (const locale of LOCALES) await writeFile(path.join(dir, `${locale}.json`), JSON.stringify({ a: { b: 'x' } }));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), JSON.stringify(content));
    }
    return dir;
  }

  it('adds each file as the namespace its name says', async () => {
    const dir = await catalogueDir({ 'en/chat.json': { title: 'Chat' }, 'de/chat.json': { title: 'Chat-Hilfe' } });
    const read = await readMessageCatalogues(dir);
    expect(read.en).toEqual({ 'a.b': 'x', 'chat.title': 'Chat' });
    expect(read.de).toEqual({ 'a.b': 'x', 'chat.title': 'Chat-Hilfe' });
    expect(read.ru).toEqual({ 'a.b': 'x' });
  });

  it('refuses a namespace file that repeats a key of the locale file, naming both', async () => {
    const dir = await catalogueDir({ 'en/a.json': { b: 'y' } });
    await expect(readMessageCatalogues(dir)).rejects.toThrow(/a\.json: "a\.b" is already in en\.json/);
  });
});
