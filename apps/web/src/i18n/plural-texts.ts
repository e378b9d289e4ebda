import type { PluralTexts } from '@/lib/label-templates';

/** A number of each plural category of the locale (Russian: 1 one, 2 few, 5 many, 1.5 other). */
function samples(locale: string): Map<Intl.LDMLPluralRule, number> {
  const rules = new Intl.PluralRules(locale);
  const found = new Map<Intl.LDMLPluralRule, number>();
  for (const n of [...Array.from({ length: 200 }, (_, index) => index), 0.5, 1.5, 2.5]) {
    const category = rules.select(n);
    if (!found.has(category)) found.set(category, n);
  }
  return found;
}

/**
 * One text per plural category of a message with a `count` (for `pluralText` in the browser). The message must not
 * print the count itself (`#`): each text is made with a sample number of its category.
 */
export function pluralTexts(locale: string, translate: (count: number) => string): PluralTexts {
  const texts: Partial<Record<Intl.LDMLPluralRule, string>> = {};
  for (const [category, n] of samples(locale)) texts[category] = translate(n);
  return { ...texts, other: texts.other ?? translate(0) };
}
