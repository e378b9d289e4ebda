'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { FieldValue } from './use-form';
import styles from './form.module.css';
import { PhoneField } from './phone-field';

type FormFieldProps = {
  field: FormFieldSpec;
  id: string;
  value: FieldValue;
  error?: string;
  onChange: (value: FieldValue) => void;
};

/** One field of a form described by /spa/forms: its label, the control for its type, and its problem if any. */
export function FormField({ field, id, value, error, onChange }: FormFieldProps) {
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  const text = typeof value === 'string' ? value : '';
  const message = error ? (
    <p id={errorId} className={styles.fieldError}>
      {error}
    </p>
  ) : null;

  if (field.type === 'checkbox') {
    return (
      <div className={styles.field}>
        <div className={styles.checkbox}>
          <input
            id={id}
            name={field.name}
            type="checkbox"
            checked={value === true}
            required={field.required}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) => onChange(event.target.checked)}
          />
          <label htmlFor={id}>{field.label}</label>
        </div>
        {message}
      </div>
    );
  }

  if (field.type === 'tel') {
    return (
      <div className={styles.field}>
        <PhoneField
          id={id}
          name={field.name}
          label={field.label}
          value={text}
          required={field.required}
          invalid={Boolean(error)}
          describedBy={described}
          onChange={onChange}
        />
        {message}
      </div>
    );
  }

  const common = {
    id,
    name: field.name,
    required: field.required,
    autoComplete: field.autocomplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: styles.control,
  } as const;

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
      </label>
      {field.type === 'select' ? (
        <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="" disabled hidden={field.required} />
          <Options options={field.options} />
        </select>
      ) : (
        <input
          {...common}
          type={field.type}
          value={text}
          placeholder={field.placeholder}
          minLength={field.constraints.minLength}
          maxLength={field.constraints.maxLength}
          min={field.constraints.min}
          max={field.constraints.max}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {message}
    </div>
  );
}

/** A select's choices, each shown by its label. */
export function Options({ options }: { options: readonly { value: string; label: string }[] | undefined }) {
  return options?.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
