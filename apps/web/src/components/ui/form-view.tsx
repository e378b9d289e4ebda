'use client';

import type { ReactNode } from 'react';
import { FormError } from './form-error';
import { FormField } from './form-field';
import styles from './form.module.css';
import { SubmitButton } from './submit-button';
import type { Form } from './use-form';

type FormViewProps = {
  form: Form;
  submitLabel: string;
  busyLabel: string;
  /** Shown (and announced) after a successful submission, above the button. */
  successMessage?: string;
  /** Between the fields and the button: a captcha, a hidden username for password managers. */
  children?: ReactNode;
  /** After the button: links to the neighbouring forms. */
  footer?: ReactNode;
};

/** The form's fields (or some of them, a group), each with its value and problem. */
export function FormFields({ form, fields = form.fields }: { form: Form; fields?: Form['fields'] }) {
  return fields.map((field) => (
    <FormField
      key={field.name}
      field={field}
      id={form.fieldId(field.name)}
      value={form.values[field.name] ?? ''}
      error={form.errors[field.name]}
      onChange={(value) => form.setValue(field.name, value)}
    />
  ));
}

/** A form described by /spa/forms: its error, its fields with their problems, and the submit button. */
export function FormView({ form, submitLabel, busyLabel, successMessage, children, footer }: FormViewProps) {
  return (
    <form className={styles.form} noValidate onSubmit={form.submit}>
      <FormError message={form.formError} />
      <FormFields form={form} />
      {children}
      {successMessage !== undefined ? (
        <div role="status">{form.succeeded ? <p className={styles.success}>{successMessage}</p> : null}</div>
      ) : null}
      <SubmitButton busy={form.submitting} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
      {footer}
    </form>
  );
}
