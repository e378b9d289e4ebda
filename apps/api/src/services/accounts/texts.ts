import { and, inArray, like } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { LocaleContext } from '../../lib/localize';

const { translations } = schema;

/** UI texts under one key prefix ("forms.", "emails.passwordReset."), looked up by the rest of the key. */
export interface Texts {
  /** The text in the context's locale, else the default locale's, else the full key (next-intl's own fallback). */
  get: (key: string, values?: Record<string, string>) => string;
  has: (key: string) => boolean;
}

/**
 * Loads the operator-editable UI messages (the translations table the web's next-intl catalogue comes from) under a
 * prefix, so the api words forms and e-mails exactly as the site does.
 */
export async function loadTexts(db: DbOrTx, context: LocaleContext, prefix: string): Promise<Texts> {
  const escaped = prefix.replace(/[\\%_]/g, '\\$&');
  const rows = await db
    .select({ locale: translations.locale, key: translations.key, value: translations.value })
    .from(translations)
    .where(
      and(
        inArray(translations.locale, [...new Set([context.locale, context.defaultLocale])]),
        like(translations.key, `${escaped}%`),
      ),
    );
  const texts = new Map<string, string>();
  for (const row of rows) if (row.locale === context.defaultLocale && row.value) texts.set(row.key, row.value);
  for (const row of rows) if (row.locale === context.locale && row.value) texts.set(row.key, row.value);
  return {
    get(key, values = {}) {
      const fullKey = `${prefix}${key}`;
      const text = texts.get(fullKey) ?? fullKey;
      return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
    },
    has: (key) => texts.has(`${prefix}${key}`),
  };
}
