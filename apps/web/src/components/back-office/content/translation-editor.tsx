'use client';

import type { StaffTranslation } from '@playhouse/shared/contracts/staff-content';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import styles from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
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

/**
 * One UI text key with its text per locale: each text is saved on its own (the api checks it as an ICU message and
 * names the error at the field) and can be previewed as the site renders it, with sample values.
 */
export function TranslationEditor({ lng, item, locales, canEdit }: TranslationEditorProps) {
  const baseId = useId();
  return (
    <article className={layout.translation} aria-labelledby={`${baseId}-key`}>
      <h2 id={`${baseId}-key`} className={layout.key}>
        {item.key}
      </h2>
      {locales.map((locale) => (
        <LocaleText key={locale} id={`${baseId}-${locale}`} lng={lng} item={item} locale={locale} canEdit={canEdit} />
      ))}
    </article>
  );
}

/** One locale's text of the key: its field, the problem the api named at it, the preview, and its own save. */
function LocaleText({
  id,
  lng,
  item,
  locale,
  canEdit,
}: Omit<TranslationEditorProps, 'locales'> & { id: string; locale: Locale }) {
  const t = useTranslations('boContent.translations');
  const tl = useTranslations('boContent.languages');
  const errorText = useContentErrorText();
  const { busy, error, setError, run } = useAction({ errorText });
  const [value, setValue] = useState(item.texts[locale] ?? '');
  const [saved, setSaved] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    await run(
      async () => {
        const stored = await saveTranslation(lng, locale, item.key, value);
        setSaved(true);
        setValue(stored.texts[locale] ?? value);
      },
      { onError: () => document.getElementById(id)?.focus() },
    );
  };

  const showPreview = async () => {
    setError(null);
    setPreview(null);
    try {
      const rendered = await previewTranslation(lng, { locale, message: value, values: {} });
      setPreview(rendered.text);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const label = t('textIn', { language: tl(locale), key: item.key });
  const described = [error ? `${id}-error` : null, preview !== null ? `${id}-preview` : null].filter(Boolean).join(' ');
  return (
    <form className={layout.localeRow} noValidate onSubmit={(event) => void save(event)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.control}
        rows={2}
        value={value}
        readOnly={!canEdit}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setSaved(false);
          setError(null);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      {preview !== null ? (
        <div id={`${id}-preview`}>
          <span className={layout.hint}>{t('previewLabel')}</span>
          <p className={layout.preview}>{preview}</p>
        </div>
      ) : null}
      <div className={layout.actions}>
        <button type="button" className={buttons.secondary} onClick={() => void showPreview()}>
          {t('preview', { language: tl(locale) })}
        </button>
        {canEdit ? (
          <button type="submit" className={buttons.primary} disabled={busy}>
            {busy ? t('saving') : t('save', { language: tl(locale) })}
          </button>
        ) : null}
        <span role="status" className={layout.hint}>
          {saved ? t('saved') : ''}
        </span>
      </div>
    </form>
  );
}
