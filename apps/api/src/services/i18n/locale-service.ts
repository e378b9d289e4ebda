import {
  DEFAULT_LOCALE,
  DEFAULT_ODD_TYPE,
  isLocale,
  localeSchema,
  localesResponseSchema,
  messagesSchema,
  type Locale,
  type LocaleItem,
  type Messages,
  type OddType,
} from '@playhouse/shared';
import type { DbOrTx } from '@playhouse/db';
import { answerOf, type Answer } from '../../lib/answers';
import { NotFoundError, UnknownLocaleError } from '../../lib/errors';
import type { LocaleContext } from '../../lib/localize';
import { NO_CONTENT_CACHES, type ContentCaches } from '../../lib/memory-cache';
import { listEnabledLocales, listTranslations, listTranslationUpdates } from './locale-queries';
import { nestMessages } from './messages';

/** The flagged default; without one, the shared default when enabled, else the first enabled locale. */
export function pickDefaultLocale(items: LocaleItem[]): LocaleItem | undefined {
  return items.find((item) => item.isDefault) ?? items.find((item) => item.value === DEFAULT_LOCALE) ?? items[0];
}

export type LocaleService = ReturnType<typeof createLocaleService>;

/** The locales an operator has enabled (within the one list in packages/shared) and their UI texts. */
export function createLocaleService({ db, caches = NO_CONTENT_CACHES }: { db: DbOrTx; caches?: ContentCaches }) {
  // Every localized request resolves its locale: the list lives in memory until an operator changes it.
  const enabled = caches.cache<{ items: LocaleItem[]; oddTypes: Map<Locale, OddType> }>({ kinds: ['locales'], max: 1 });
  const localeAnswers = caches.cache<Answer>({ kinds: ['locales'], max: 2 });
  // A locale's texts are a few thousand rows read on every page render, changed only when an operator loads new ones.
  const messageAnswers = caches.cache<Answer<Messages>>({ kinds: ['locales', 'translations'], max: 16 });

  const enabledLocales = () =>
    enabled.get('enabled', async () => {
      const rows = (await listEnabledLocales(db)).flatMap((row) =>
        isLocale(row.code) ? [{ ...row, code: row.code }] : [],
      );
      return {
        items: rows.map((row) => ({
          value: row.code,
          title: row.title,
          imagePath: row.imagePath,
          isDefault: row.isDefault,
        })),
        oddTypes: new Map(rows.map((row) => [row.code, row.oddType])),
      };
    });

  async function list(): Promise<LocaleItem[]> {
    return (await enabledLocales()).items;
  }

  /** The odds format the operator set for visitors of this locale. */
  async function oddTypeOf(locale: Locale): Promise<OddType> {
    return (await enabledLocales()).oddTypes.get(locale) ?? DEFAULT_ODD_TYPE;
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

  /** The nested next-intl messages of one locale; a key it lacks is taken from the default locale. */
  async function messages(lang: string): Promise<Answer<Messages>> {
    const context = await resolve(lang);
    return messageAnswers.get(`${context.locale}:${context.defaultLocale}`, async () => {
      const codes = [...new Set([context.defaultLocale, context.locale])];
      const rows = await listTranslations(db, codes);
      const flat = new Map<string, string>();
      for (const row of rows) if (row.locale === context.defaultLocale) flat.set(row.key, row.value);
      for (const row of rows) if (row.locale === context.locale) flat.set(row.key, row.value);
      return answerOf(messagesSchema, nestMessages(flat));
    });
  }

  /** When each enabled locale's texts last changed. */
  const translationUpdates = () => listTranslationUpdates(db);

  return {
    list,
    oddTypeOf,
    defaultLocale,
    resolve,
    messages,
    translationUpdates,
    /** GET /spa/locales, ready to send. */
    listAnswer: () => localeAnswers.get('list', async () => answerOf(localesResponseSchema, { locales: await list() })),
    /** GET /spa/locales/default, ready to send. */
    defaultAnswer: () => localeAnswers.get('default', async () => answerOf(localeSchema, await defaultLocale())),
  };
}
