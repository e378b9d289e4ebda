import { and, asc, eq, inArray, like, max } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { locales, translations } = schema;

export function listEnabledLocales(db: DbOrTx) {
  return db
    .select({
      code: locales.code,
      title: locales.title,
      imagePath: locales.imagePath,
      isDefault: locales.isDefault,
      oddType: locales.oddType,
    })
    .from(locales)
    .where(eq(locales.enabled, true))
    .orderBy(asc(locales.position), asc(locales.code));
}

export function listTranslations(db: DbOrTx, localeCodes: string[]) {
  return db
    .select({ locale: translations.locale, key: translations.key, value: translations.value })
    .from(translations)
    .where(inArray(translations.locale, localeCodes));
}

/** When each enabled locale's texts last changed. */
export function listTranslationUpdates(db: DbOrTx) {
  return db
    .select({ locale: translations.locale, updatedAt: max(translations.updatedAt) })
    .from(translations)
    .innerJoin(locales, and(eq(locales.code, translations.locale), eq(locales.enabled, true)))
    .groupBy(translations.locale);
}

/** The texts of these locales whose keys start with `prefix` (taken literally, not as a LIKE pattern). */
export function listTranslationsUnder(db: DbOrTx, codes: string[], prefix: string) {
  const escaped = prefix.replace(/[\\%_]/g, '\\$&');
  return db
    .select({ locale: translations.locale, key: translations.key, value: translations.value })
    .from(translations)
    .where(and(inArray(translations.locale, codes), like(translations.key, `${escaped}%`)));
}
