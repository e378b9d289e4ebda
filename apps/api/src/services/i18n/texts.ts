import type { DbOrTx } from '@playhouse/db';
import { readMessageCatalogues, type MessageCatalogues } from '@playhouse/db/messages';
import type { LocaleContext } from '../../lib/localize';
import { listTranslationsUnder } from './locale-queries';

/** UI texts under one key prefix ("forms.", "emails."), looked up by the rest of the key. */
export interface Texts {
  /** The text in the context's locale, else in the default locale, else the full key (next-intl's own fallback). */
  get: (key: string, values?: Record<string, string>) => string;
  has: (key: string) => boolean;
}

let shipped: Promise<MessageCatalogues> | undefined;

/**
 * The catalogues shipped with the code: used where the translations table lacks a key (a database seeded without the
 * UI texts, or an operator deleted one), so that a reset e-mail never loses its link to a missing text.
 */
function shippedCatalogues(): Promise<MessageCatalogues> {
  shipped ??= readMessageCatalogues().catch((error: unknown) => {
    shipped = undefined;
    throw error;
  });
  return shipped;
}

/**
 * Loads the operator-editable UI messages (the translations table the web's next-intl catalogue comes from) under a
 * prefix, so the api words forms and e-mails exactly as the site does.
 */
export async function loadTexts(db: DbOrTx, context: LocaleContext, prefix: string): Promise<Texts> {
  const [rows, catalogues] = await Promise.all([
    listTranslationsUnder(db, [...new Set([context.locale, context.defaultLocale])], prefix),
    shippedCatalogues(),
  ]);
  const texts = new Map<string, string>();
  // Weakest first: each later source overrides the ones before it.
  const layers = [
    Object.entries(catalogues[context.defaultLocale]),
    Object.entries(catalogues[context.locale]),
    rows.filter((row) => row.locale === context.defaultLocale).map((row) => [row.key, row.value] as const),
    rows.filter((row) => row.locale === context.locale).map((row) => [row.key, row.value] as const),
  ];
  for (const layer of layers) {
    for (const [key, value] of layer) if (value && key.startsWith(prefix)) texts.set(key, value);
  }
  return {
    get(key, values = {}) {
      const fullKey = `${prefix}${key}`;
      const text = texts.get(fullKey) ?? fullKey;
      return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
    },
    has: (key) => texts.has(`${prefix}${key}`),
  };
}
