'use client';

import { LOCALES } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import styles from '@/components/ui/form.module.css';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAction } from '@/components/ui/use-action';
import { ApiError } from '@/lib/api-error';
import { EditorFieldError, type EditorSpec, type EditorValues, type FieldSpec } from './editor-specs';
import layout from './content.module.css';
import { useContentErrorText } from './use-content-error-text';

type ContentEditorProps<Item, Body> = {
  spec: EditorSpec<Item, Body>;
  /** The stored item; null for a new one. */
  item: Item | null;
  /** Sends the body; resolves when the api has stored it. */
  onSave: (body: Body) => Promise<void>;
  submitLabel: string;
  /** Shown after a successful save. */
  savedMessage: string;
  /** A delete button (with its own confirmation) for a stored item. */
  onDelete?: () => Promise<void>;
  /** Disables editing (a role that may read but not change this kind). */
  readOnly?: boolean;
  /** Values a new item starts with, over the spec's (a banner's slider). */
  preset?: EditorValues;
};

/** The api names fields by their path ("body.de", "images.mobile"): the editor's own control, or the first under it. */
function editorFieldOf(fields: FieldSpec[], values: EditorValues, apiField: string): string | null {
  if (apiField in values) return apiField;
  const under = Object.keys(values).find((name) => name.startsWith(`${apiField}.`));
  if (under) return under;
  return fields.some((field) => field.name === apiField) ? apiField : null;
}

/**
 * One editor for every kind of content the back office changes item by item: the spec names its controls (texts
 * per locale in a fieldset each), turns the item into values and the values into the api's body. Problems are shown
 * at their control (found here first, then by the api), the api's refusal above the form.
 */
export function ContentEditor<Item, Body>({
  spec,
  item,
  onSave,
  submitLabel,
  savedMessage,
  onDelete,
  readOnly = false,
  preset,
}: ContentEditorProps<Item, Body>) {
  const t = useTranslations('boContent');
  const { busy, error: formError, setError: setFormError, run } = useAction({ errorText: useContentErrorText() });
  const formId = useId();
  const [values, setValues] = useState<EditorValues>(() => ({ ...spec.toValues(item), ...preset }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const idOf = (name: string) => `${formId}-${name.replace(/\W/g, '-')}`;
  const focus = (name: string) => document.getElementById(idOf(name))?.focus();

  const setValue = (name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSaved(false);
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || readOnly) return;
    setSaved(false);
    setFormError(null);
    let body: Body;
    try {
      body = spec.toBody(values);
    } catch (error) {
      if (!(error instanceof EditorFieldError)) throw error;
      setErrors({ [error.field]: t(`editor.${error.problem}`) });
      focus(error.field);
      return;
    }
    setErrors({});
    const sent = await run(() => onSave(body), {
      onError: (error) => {
        const found: Record<string, string> = {};
        if (error instanceof ApiError) {
          for (const apiField of Object.keys(error.fields)) {
            const name = editorFieldOf(spec.fields, values, apiField);
            if (name) found[name] = t('editor.rejected');
          }
        }
        setErrors(found);
        const first = Object.keys(found)[0];
        if (first) focus(first);
      },
    });
    if (sent) setSaved(true);
  };

  const remove = async () => {
    if (!onDelete) return;
    await run(onDelete, { leavesOnSuccess: true, onError: () => setConfirmingDelete(false) });
  };

  const describedBy = (name: string) => (errors[name] ? `${idOf(name)}-error` : undefined);
  const problem = (name: string) =>
    errors[name] ? (
      <p id={`${idOf(name)}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;

  function control(field: FieldSpec, name: string, label: string, multiline = false, rows = 4) {
    const value = values[name];
    const common = {
      id: idOf(name),
      name,
      disabled: readOnly,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy(name),
      className: styles.control,
    } as const;
    if (field.kind === 'checkbox') {
      return (
        <div className={styles.field} key={name}>
          <div className={styles.checkbox}>
            <input
              {...common}
              className={undefined}
              type="checkbox"
              checked={value === true}
              onChange={(event) => setValue(name, event.target.checked)}
            />
            <label htmlFor={idOf(name)}>{label}</label>
          </div>
          {problem(name)}
        </div>
      );
    }
    const text = typeof value === 'string' ? value : '';
    return (
      <div className={styles.field} key={name}>
        <label htmlFor={idOf(name)} className={styles.label}>
          {label}
        </label>
        {field.kind === 'select' ? (
          <select {...common} value={text} onChange={(event) => setValue(name, event.target.value)}>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {t(`options.${option}`)}
              </option>
            ))}
          </select>
        ) : multiline ? (
          <textarea {...common} rows={rows} value={text} onChange={(event) => setValue(name, event.target.value)} />
        ) : (
          <input
            {...common}
            type="text"
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            value={text}
            onChange={(event) => setValue(name, event.target.value)}
          />
        )}
        {problem(name)}
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <FormError message={formError} />
      {spec.fields.map((field) => {
        const label = t(`fields.${field.name.replace('.', '_')}`);
        if (field.kind !== 'localized') {
          return control(
            field,
            field.name,
            label,
            field.kind === 'textarea',
            field.kind === 'textarea' ? field.rows : 4,
          );
        }
        return (
          <fieldset key={field.name} className={layout.localized}>
            <legend className={styles.label}>
              {label}
              {field.required ? <span className={layout.hint}> {t('editor.defaultRequired')}</span> : null}
            </legend>
            {LOCALES.map((locale) =>
              control(field, `${field.name}.${locale}`, t(`languages.${locale}`), field.multiline, 3),
            )}
          </fieldset>
        );
      })}
      <div role="status">{saved ? <p className={styles.success}>{savedMessage}</p> : null}</div>
      {readOnly ? null : (
        <div className={layout.actions}>
          <SubmitButton busy={busy} busyLabel={t('editor.saving')}>
            {submitLabel}
          </SubmitButton>
          {onDelete && !confirmingDelete ? (
            <button type="button" className={buttons.secondary} onClick={() => setConfirmingDelete(true)}>
              {t('editor.delete')}
            </button>
          ) : null}
          {onDelete && confirmingDelete ? (
            <>
              <button type="button" className={buttons.danger} disabled={busy} onClick={() => void remove()}>
                {t('editor.confirmDelete')}
              </button>
              <button type="button" className={buttons.secondary} onClick={() => setConfirmingDelete(false)}>
                {t('editor.keep')}
              </button>
            </>
          ) : null}
        </div>
      )}
    </form>
  );
}
