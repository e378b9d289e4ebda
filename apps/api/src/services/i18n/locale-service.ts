import { DEFAULT_LOCALE, isLocale, type Locale, type LocaleItem, type Messages } from '@playhouse/shared';
import type { DbOrTx } from '@playhouse/db';
import { NotFoundError, UnknownLocaleError } from '../../lib/errors';
import type { LocaleContext } from '../../lib/localize';
import { listEnabledLocales, listTranslations, listTranslationUpdates, translationsVersion } from './locale-queries';
import { nestMessages } from './messages';

/** The flagged default; without one, the shared default when enabled, else the first enabled locale. */
export function pickDefaultLocale(items: LocaleItem[]): LocaleItem | undefined {
  return items.find((item) => item.isDefault) ?? items.find((item) => item.value === DEFAULT_LOCALE) ?? items[0];
}

export type LocaleService = ReturnType<typeof createLocaleService>;

/** The locales an operator has enabled (within the one list in packages/shared) and their UI texts. */
export function createLocaleService({ db }: { db: DbOrTx }) {
  async function list(): Promise<LocaleItem[]> {
    const rows = await listEnabledLocales(db);
    return rows.flatMap((row) =>
      isLocale(row.code)
        ? [{ value: row.code, title: row.title, imagePath: row.imagePath, isDefault: row.isDefault }]
        : [],
    );
  }

  async function defaultLocale(): Promise<LocaleItem> {
    const item = pickDefaultLocale(await list());
    if (!item) throw new NotFoundError('No locale is enabled.');
    return item;
  }

  /** The request's locale from its X-Locale header: missing → the default; not an enabled locale → unknown_locale. */
  async function resolve(requested: string | undefined): Promise<LocaleContext> {
    const items = await list();
    const fallback: Locale = pickDefaultLocale(items)?.value ?? DEFAULT_LOCALE;
    const wanted = requested?.trim().toLowerCase();
    if (!wanted) return { locale: fallback, defaultLocale: fallback };
    const match = items.find((item) => item.value === wanted);
    if (!match) throw new UnknownLocaleError(wanted);
    return { locale: match.value, defaultLocale: fallback };
  }

  // The last messages built per locale pair, with the fingerprint of the texts they were built from: a locale's
  // texts are a few thousand rows read on every page render, and change only when an operator loads new ones.
  const built = new Map<string, { version: string; messages: Messages }>();

  /** The nested next-intl messages of one locale; a key it lacks is taken from the default locale. */
  async function messages(lang: string): Promise<Messages> {
    const context = await resolve(lang);
    const codes = [...new Set([context.defaultLocale, context.locale])];
    const cacheKey = codes.join(':');
    const version = await translationsVersion(db, codes);
    const known = built.get(cacheKey);
    if (known?.version === version) return known.messages;
    const rows = await listTranslations(db, codes);
    const flat = new Map<string, string>();
    for (const row of rows) if (row.locale === context.defaultLocale) flat.set(row.key, row.value);
    for (const row of rows) if (row.locale === context.locale) flat.set(row.key, row.value);
    const nested = nestMessages(flat);
    built.set(cacheKey, { version, messages: nested });
    return nested;
  }

  /** When each enabled locale's texts last changed. */
  const translationUpdates = () => listTranslationUpdates(db);

  return { list, defaultLocale, resolve, messages, translationUpdates };
}
