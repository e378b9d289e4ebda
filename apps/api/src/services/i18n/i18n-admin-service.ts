import type { Db } from '@playhouse/db';
import {
  DEFAULT_ODD_TYPE,
  LOCALES,
  type Locale,
  type OddType,
  type StaffLocale,
  type StaffLocaleBody,
  type StaffTranslation,
  type StaffTranslationPreviewBody,
  type StaffTranslationsQuery,
} from '@playhouse/shared';
import { AppError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { containing } from '../../lib/like-pattern';
import * as q from './i18n-admin-queries';
import { messageArguments, parseMessage, previewMessage, UnknownMessageArgumentsError } from './icu';
import type { LocaleService } from './locale-service';

export interface I18nActor {
  id: number;
  ip: string | null;
}

export class LocaleStateError extends AppError {
  constructor(code: 'default_text_required' | 'locale_exists' | 'locale_disabled', message: string) {
    super(code, message, 409);
  }
}

/** The flag every language has among the site's files (the seed draws one per supported locale). */
const flagPath = (code: Locale) => `/media/flags/${code}.svg`;

export type I18nAdminService = ReturnType<typeof createI18nAdminService>;

/**
 * The back office's side of the UI texts and the locales. A text is checked as an ICU message (and against the
 * arguments the site supplies for its key) before it is stored; every write is audited with before and after in its
 * transaction, and the database's content trigger tells every api instance to drop the texts it kept.
 */
export function createI18nAdminService({ db, locales }: { db: Db; locales: LocaleService }) {
  return {
    /** One page of keys with their texts per locale: searched by key or text, or the keys a locale lacks. */
    async translations(query: StaffTranslationsQuery) {
      const { rows, total } = await q.pageOfTranslations(
        db,
        { pattern: query.q ? containing(query.q) : undefined, locale: query.locale, missing: query.missing },
        query,
      );
      const items: StaffTranslation[] = rows.map((row) => ({ key: row.key, texts: row.texts }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Sets a key's text in a locale. The key must exist (the site's code names it); the text must parse as an ICU
     * message and use no argument or tag beyond those of the default locale's text of the key.
     */
    async setText(actor: I18nActor, locale: Locale, key: string, value: string): Promise<StaffTranslation> {
      const used = messageArguments(parseMessage(value));
      const { defaultLocale } = await locales.resolve(undefined);
      return db.transaction(async (tx) => {
        if (!(await q.findLocale(tx, locale))) throw new NotFoundError(`The locale ${locale} is not on the site.`);
        const before = await q.lockText(tx, locale, key);
        const texts = new Map((await q.textsOfKey(tx, key)).map((row) => [row.locale, row.value]));
        if (texts.size === 0) throw new NotFoundError(`No text has the key "${key}".`);
        // What the site passes for this key is what its default text uses; the default's own edit is held to the
        // text it replaces.
        const reference = texts.get(defaultLocale) ?? texts.get(locale) ?? [...texts.values()][0]!;
        const supplied = messageArguments(parseMessage(reference));
        const unknown = [...used.keys()].filter((name) => !supplied.has(name));
        if (unknown.length > 0) throw new UnknownMessageArgumentsError(unknown);
        await q.upsertText(tx, locale, key, value);
        await recordAudit(tx, {
          event: 'staff_content_translation_update',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: 'translation', locale, key },
          before: before ? { value: before.value } : null,
          after: { value },
        });
        texts.set(locale, value);
        return { key, texts: Object.fromEntries(texts) };
      });
    },

    /** Removes a locale's own text of a key, so the site shows the default locale's; never the default's own. */
    async removeText(actor: I18nActor, locale: Locale, key: string): Promise<void> {
      const { defaultLocale } = await locales.resolve(undefined);
      if (locale === defaultLocale) {
        throw new LocaleStateError('default_text_required', 'The default locale keeps a text for every key.');
      }
      await db.transaction(async (tx) => {
        const before = await q.lockText(tx, locale, key);
        if (!before) throw new NotFoundError(`The ${locale} texts have no "${key}".`);
        await q.deleteText(tx, locale, key);
        await recordAudit(tx, {
          event: 'staff_content_translation_delete',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: 'translation', locale, key },
          before: { value: before.value },
        });
      });
    },

    /** The message rendered in the locale with the given values (samples for the rest); nothing is stored. */
    preview(body: StaffTranslationPreviewBody) {
      return previewMessage(body.message, body.locale, body.values);
    },

    /** Every locale the site supports: whether the operator added it, its state and how much of it is translated. */
    async locales(): Promise<StaffLocale[]> {
      const [rows, counts] = await Promise.all([q.listLocaleRows(db), q.translationCounts(db)]);
      const byCode = new Map(rows.map((row) => [row.code, row]));
      const present: StaffLocale[] = rows.flatMap((row) => {
        const code = LOCALES.find((candidate) => candidate === row.code);
        if (!code) return [];
        return [
          {
            code,
            added: true,
            title: row.title,
            imagePath: row.imagePath,
            enabled: row.enabled,
            isDefault: row.isDefault,
            position: row.position,
            oddType: row.oddType,
            translated: counts.perLocale.get(row.code) ?? 0,
            total: counts.total,
          },
        ];
      });
      const absent: StaffLocale[] = LOCALES.filter((code) => !byCode.has(code)).map((code) => ({
        code,
        added: false,
        title: code,
        imagePath: flagPath(code),
        enabled: false,
        isDefault: false,
        position: 0,
        oddType: DEFAULT_ODD_TYPE,
        translated: counts.perLocale.get(code) ?? 0,
        total: counts.total,
      }));
      return [...present, ...absent];
    },

    /**
     * Adds a supported locale to the site (or turns a switched-off one back on): it is listed and served at once, its
     * missing texts falling back to the default locale's.
     */
    async addLocale(actor: I18nActor, body: StaffLocaleBody): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await q.lockLocales(tx);
        const existing = rows.find((row) => row.code === body.code);
        if (existing?.enabled) {
          throw new LocaleStateError('locale_exists', `The locale ${body.code} is on the site already.`);
        }
        const position = body.position ?? Math.max(-1, ...rows.map((row) => row.position)) + 1;
        if (existing) {
          await q.updateLocale(tx, body.code, { enabled: true, title: body.title, position });
        } else {
          await q.insertLocale(tx, {
            code: body.code,
            title: body.title,
            imagePath: flagPath(body.code),
            enabled: true,
            isDefault: false,
            position,
          });
        }
        await recordAudit(tx, {
          event: 'staff_content_locale_add',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: 'locale', code: body.code },
          before: existing ? { enabled: existing.enabled, title: existing.title, position: existing.position } : null,
          after: { enabled: true, title: body.title, position },
        });
      });
    },

    /** Makes an enabled locale the default: texts missing elsewhere fall back to it, and visitors without one get it. */
    async setDefaultLocale(actor: I18nActor, code: Locale): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await q.lockLocales(tx);
        const target = rows.find((row) => row.code === code);
        if (!target) throw new NotFoundError(`The locale ${code} is not on the site.`);
        if (!target.enabled) {
          throw new LocaleStateError('locale_disabled', `The locale ${code} is switched off; add it first.`);
        }
        const previous = rows.find((row) => row.isDefault)?.code ?? null;
        await q.makeDefaultLocale(tx, code);
        await recordAudit(tx, {
          event: 'staff_content_locale_default',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: 'locale', code },
          before: { defaultLocale: previous },
          after: { defaultLocale: code },
        });
      });
    },

    /** The odds format visitors of a locale see until they pick their own (GET /spa/users/odd-type answers it). */
    async setLocaleOddType(actor: I18nActor, code: Locale, oddType: OddType): Promise<void> {
      await db.transaction(async (tx) => {
        const target = (await q.lockLocales(tx)).find((row) => row.code === code);
        if (!target) throw new NotFoundError(`The locale ${code} is not on the site.`);
        await q.updateLocale(tx, code, { oddType });
        await recordAudit(tx, {
          event: 'staff_content_locale_odd_type',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { type: 'locale', code },
          before: { oddType: target.oddType },
          after: { oddType },
        });
      });
    },
  };
}
