import { and, asc, count, countDistinct, desc, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import { pageWindow } from '@playhouse/shared';

const { locales, translations } = schema;

export type LocaleRow = typeof locales.$inferSelect;

export interface TranslationFilter {
  /** A literal ILIKE pattern matched against the key and the texts. */
  pattern?: string;
  /** Only this locale's texts are searched, and `missing` asks about this locale. */
  locale?: string;
  missing: boolean;
}

/** Conditions on one key's group of rows (a HAVING clause): the pattern in its key or texts, the locale's text absent. */
function keyConditions(filter: TranslationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.pattern) {
    const inText = filter.locale
      ? sql`(${translations.locale} = ${filter.locale} and ${translations.value} ilike ${filter.pattern})`
      : sql`${translations.value} ilike ${filter.pattern}`;
    conditions.push(sql`bool_or(${translations.key} ilike ${filter.pattern} or ${inText})`);
  }
  if (filter.missing && filter.locale) conditions.push(sql`not bool_or(${translations.locale} = ${filter.locale})`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
}

/** One page of message keys with their text in every locale, in key order. */
export async function pageOfTranslations(
  db: DbOrTx,
  filter: TranslationFilter,
  window: { page: number; pageSize: number; format: 'json' | 'csv'; sort?: 'key'; dir: 'asc' | 'desc' },
) {
  const having = keyConditions(filter);
  // Drizzle's builders change in place: one for the page, another for the count.
  const grouped = () =>
    db
      .select({
        key: translations.key,
        texts: sql<Record<string, string>>`jsonb_object_agg(${translations.locale}, ${translations.value})`.as('texts'),
      })
      .from(translations)
      .groupBy(translations.key)
      .having(having);
  const [rows, [total]] = await Promise.all([
    grouped()
      .orderBy(window.sort && window.dir === 'desc' ? desc(translations.key) : asc(translations.key))
      .limit(pageWindow(window).limit)
      .offset(pageWindow(window).offset),
    db.select({ n: count() }).from(grouped().as('matching')),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A key's text in each locale that has one. */
export async function textsOfKey(db: DbOrTx, key: string) {
  return db
    .select({ locale: translations.locale, value: translations.value })
    .from(translations)
    .where(eq(translations.key, key));
}

export async function lockText(db: DbOrTx, locale: string, key: string) {
  const [row] = await db
    .select({ value: translations.value })
    .from(translations)
    .where(and(eq(translations.locale, locale), eq(translations.key, key)))
    .for('update');
  return row;
}

export async function upsertText(db: DbOrTx, locale: string, key: string, value: string) {
  await db
    .insert(translations)
    .values({ locale, key, value, updatedAt: new Date(), editedAt: new Date() })
    .onConflictDoUpdate({
      target: [translations.locale, translations.key],
      set: { value, updatedAt: new Date(), editedAt: new Date() },
    });
}

export async function deleteText(db: DbOrTx, locale: string, key: string) {
  await db.delete(translations).where(and(eq(translations.locale, locale), eq(translations.key, key)));
}

export function listLocaleRows(db: DbOrTx) {
  return db.select().from(locales).orderBy(asc(locales.position), asc(locales.code));
}

export async function findLocale(db: DbOrTx, code: string): Promise<LocaleRow | undefined> {
  const [row] = await db.select().from(locales).where(eq(locales.code, code));
  return row;
}

export async function lockLocales(db: DbOrTx): Promise<LocaleRow[]> {
  return db.select().from(locales).orderBy(asc(locales.code)).for('update');
}

/** How many keys each locale has a text of its own for, and how many keys there are. */
export async function translationCounts(db: DbOrTx) {
  const [perLocale, [all]] = await Promise.all([
    db.select({ locale: translations.locale, n: count() }).from(translations).groupBy(translations.locale),
    db.select({ n: countDistinct(translations.key) }).from(translations),
  ]);
  return { perLocale: new Map(perLocale.map((row) => [row.locale, row.n])), total: all?.n ?? 0 };
}

export async function insertLocale(db: DbOrTx, values: typeof locales.$inferInsert) {
  await db.insert(locales).values(values);
}

export async function updateLocale(db: DbOrTx, code: string, values: Partial<typeof locales.$inferInsert>) {
  await db.update(locales).set(values).where(eq(locales.code, code));
}

/** Exactly one default: the named locale. */
export async function makeDefaultLocale(db: DbOrTx, code: string) {
  await db.update(locales).set({ isDefault: sql`${locales.code} = ${code}` });
}
