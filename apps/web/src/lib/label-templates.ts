/**
 * Texts a server component translated for a client component that must not load the message formatter (the pages'
 * first load): `{name}` placeholders the client fills with its own values, and for a count the server's text per
 * plural category of the locale ("one", "few", "many", "other"), picked with the browser's Intl.PluralRules.
 */
export type PluralTexts = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

export function pluralText(texts: PluralTexts, locale: string, count: number): string {
  return texts[new Intl.PluralRules(locale).select(count)] ?? texts.other;
}
