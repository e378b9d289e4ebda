'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useState } from 'react';
import { fieldProblem, serverFieldMessageKey } from '@/lib/account/field-validation';
import { ApiError } from '@/lib/api-error';
import { useErrorText } from './use-error-text';

export type FieldValue = string | boolean;
export type FormValues = Record<string, FieldValue>;

/** Fields whose problems reported by the api have their own message under `account.serverFields`. */
const FIELDS_WITH_MESSAGES = [
  'email',
  'username',
  'password',
  'newPassword',
  'currentPassword',
  'login',
  'phone',
  'country',
  'currency',
  'dateOfBirth',
  'promoCode',
  'termsAccepted',
  'timezone',
  'oddType',
  'amount',
  'cardNumber',
  'expiry',
  'cvc',
  'holder',
  'iban',
  'accountHolder',
];

function initialValues(fields: FormField[], initial: FormValues): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, initial[field.name] ?? (field.type === 'checkbox' ? false : '')]),
  );
}

/**
 * State of a form described by /spa/forms: values, translated problems per field (found here first, then by the
 * api), a form-wide error, and the element id of each field so a problem can take the focus.
 */
export function useAccountForm(fields: FormField[], initial: FormValues = {}) {
  const t = useTranslations('account');
  const errorText = useErrorText();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(fields, initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const fieldId = useCallback((name: string) => `${formId}-${name}`, [formId]);

  const setValue = useCallback((name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const focusField = useCallback(
    (name: string) => {
      document.getElementById(fieldId(name))?.focus();
    },
    [fieldId],
  );

  /** Checks every field; shows the problems and focuses the first one. True when all are fine. */
  const validate = useCallback((): boolean => {
    const found: Record<string, string> = {};
    for (const field of fields) {
      const problem = fieldProblem(field, values[field.name] ?? '');
      if (problem) found[field.name] = t(`validation.${problem.key}`, problem);
    }
    setErrors(found);
    setFormError(null);
    const first = fields.find((field) => found[field.name]);
    if (first) focusField(first.name);
    return !first;
  }, [fields, values, t, focusField]);

  /** Shows what the api refused: each field problem next to its field, the error code's message above the form. */
  const showApiError = useCallback(
    (error: unknown) => {
      const fieldProblems = error instanceof ApiError ? error.fields : {};
      const found: Record<string, string> = {};
      for (const [name, problem] of Object.entries(fieldProblems)) {
        found[name] = t(serverFieldMessageKey(name, problem, FIELDS_WITH_MESSAGES));
      }
      setErrors(found);
      setFormError(errorText(error));
      const first = Object.keys(found)[0];
      if (first) focusField(first);
    },
    [t, errorText, focusField],
  );

  return {
    values,
    setValue,
    errors,
    formError,
    setFormError,
    submitting,
    setSubmitting,
    fieldId,
    validate,
    showApiError,
  };
}

export type AccountForm = ReturnType<typeof useAccountForm>;
