'use client';

import type { StaffTranslation } from '@playhouse/shared/contracts/staff-content';
import { LOCALES, type Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import styles from '@/components/ui/form.module.css';
import { ApiError } from '@/lib/api-error';
import { previewTranslation, saveTranslation } from '@/lib/back-office/content-api';
import layout from './content.module.css';
import { useContentErrorText } from './use-content-error-text';

type TranslationEditorProps = {
  /** The back office's language (the api's messages). */
  lng: Locale;
  item: StaffTranslation;
  /** The locales shown (one when the list is filtered by locale). */
  locales: readonly Locale[];
  /** Whether the staff member may change texts (else the texts are read-only). */
  canEdit: boolean;
};

type LocaleState = {
  value: string;
  /** The problem the api named, shown at the field. */
  error: string | null;
  saved: boolean;
  busy: boolean;
  preview: string | null;
};

/**
 * One UI text key with its text per locale: each text is saved on its own (the api checks it as an ICU message and
 * names the error at the field) and can be previewed as the site renders it, with sample values.
 */
export function TranslationEditor({ lng, item, locales, canEdit }: TranslationEditorProps) {
  const t = useTranslations('boContent.translations');
  const tl = useTranslations('boContent.languages');
  const errorText = useContentErrorText();
  const baseId = useId();
  const [state, setState] = useState<Record<string, LocaleState>>(() =>
    Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        { value: item.texts[locale] ?? '', error: null, saved: false, busy: false, preview: null },
      ]),
    ),
  );

  const update = (locale: Locale, change: Partial<LocaleState>) =>
    setState((current) => ({ ...current, [locale]: { ...current[locale]!, ...change } }));

  const fieldError = (error: unknown) =>
    error instanceof ApiError && (error.code === 'invalid_message' || error.code === 'message_arguments_unknown')
      ? errorText(error)
      : null;

  const save = async (event: FormEvent<HTMLFormElement>, locale: Locale) => {
    event.preventDefault();
    const current = state[locale]!;
    if (current.busy) return;
    update(locale, { busy: true, error: null, saved: false });
    try {
      const stored = await saveTranslation(lng, locale, item.key, current.value);
      update(locale, { busy: false, saved: true, value: stored.texts[locale] ?? current.value });
    } catch (error) {
      update(locale, { busy: false, error: fieldError(error) ?? errorText(error) });
      document.getElementById(`${baseId}-${locale}`)?.focus();
    }
  };

  const preview = async (locale: Locale) => {
    const current = state[locale]!;
    update(locale, { error: null, preview: null });
    try {
      const rendered = await previewTranslation(lng, { locale, message: current.value, values: {} });
      update(locale, { preview: rendered.text });
    } catch (error) {
      update(locale, { error: fieldError(error) ?? errorText(error) });
    }
  };

  return (
    <article className={layout.translation} aria-labelledby={`${baseId}-key`}>
      <h2 id={`${baseId}-key`} className={layout.key}>
        {item.key}
      </h2>
      {locales.map((locale) => {
        const current = state[locale]!;
        const id = `${baseId}-${locale}`;
        const label = t('textIn', { language: tl(locale), key: item.key });
        const described = [current.error ? `${id}-error` : null, current.preview !== null ? `${id}-preview` : null]
          .filter(Boolean)
          .join(' ');
        return (
          <form key={locale} className={layout.localeRow} noValidate onSubmit={(event) => void save(event, locale)}>
            <label htmlFor={id} className={styles.label}>
              {label}
            </label>
            <textarea
              id={id}
              className={styles.control}
              rows={2}
              value={current.value}
              readOnly={!canEdit}
              aria-invalid={current.error ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(event) => update(locale, { value: event.target.value, saved: false, error: null })}
            />
            {current.error ? (
              <p id={`${id}-error`} className={styles.fieldError} role="alert">
                {current.error}
              </p>
            ) : null}
            {current.preview !== null ? (
              <div id={`${id}-preview`}>
                <span className={layout.hint}>{t('previewLabel')}</span>
                <p className={layout.preview}>{current.preview}</p>
              </div>
            ) : null}
            <div className={layout.actions}>
              <button type="button" className={buttons.secondary} onClick={() => void preview(locale)}>
                {t('preview', { language: tl(locale) })}
              </button>
              {canEdit ? (
                <button type="submit" className={buttons.primary} disabled={current.busy}>
                  {current.busy ? t('saving') : t('save', { language: tl(locale) })}
                </button>
              ) : null}
              <span role="status" className={layout.hint}>
                {current.saved ? t('saved') : ''}
              </span>
            </div>
          </form>
        );
      })}
    </article>
  );
}
