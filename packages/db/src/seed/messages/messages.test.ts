import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Messages = { [key: string]: string | Messages };

const LOCALES = ['en', 'de', 'es', 'pt', 'ru'] as const;
const catalogue = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`./${locale}.json`, import.meta.url), 'utf8')) as Messages,
  ]),
) as Record<(typeof LOCALES)[number], Messages>;

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
const english = flatten(catalogue.en);

describe('UI messages', () => {
  it('use keys without dots, as the translations table stores dotted paths', () => {
    for (const key of english.keys()) expect(key.split('.').every((part) => /^[A-Za-z0-9_]+$/.test(part))).toBe(true);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the English keys', (locale) => {
    expect([...flatten(catalogue[locale]).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is translated: no text left as in English', (locale) => {
    const untranslated = [...flatten(catalogue[locale])].filter(
      ([key, text]) => text.trim().toLowerCase() === english.get(key)?.trim().toLowerCase(),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty text and the same placeholders as English', (locale) => {
    for (const [key, text] of flatten(catalogue[locale])) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
