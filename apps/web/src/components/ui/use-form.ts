'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { fieldProblem, serverFieldMessageKey } from '@/lib/account/field-validation';
import { ApiError } from '@/lib/api-error';
import { useAction } from './use-action';

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
  'fullName',
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

export type FormOptions = {
  /** Starting values by field name; a field without one starts empty (unchecked). */
  initial?: FormValues;
  /**
   * Sends the checked values. A thrown error is shown: each field problem the api names next to its field, the error
   * code's message above the form.
   */
  onSubmit: (values: FormValues) => Promise<void>;
  /** After a refused submission (e.g. to prepare the next captcha). */
  onError?: (error: unknown) => void;
  /** The form leaves the page when it succeeds (sign-in): it stays busy, so it cannot be sent twice meanwhile. */
  leavesOnSuccess?: boolean;
};

/**
 * The translated problems an api refusal names per field (none for any other error), keyed by the field's name or by
 * `fieldOf(name)` (a form whose controls are named differently from the api's body paths, e.g. `details.iban`).
 */
export function useApiFieldProblems() {
  const t = useTranslations('account');
  return useCallback(
    (error: unknown, fieldOf: (name: string) => string = (name) => name): Record<string, string> => {
      if (!(error instanceof ApiError)) return {};
      return Object.fromEntries(
        Object.entries(error.fields).map(([name, problem]) => [
          fieldOf(name),
          t(serverFieldMessageKey(name, problem, FIELDS_WITH_MESSAGES)),
        ]),
      );
    },
    [t],
  );
}

function initialValues(fields: FormField[], initial: FormValues): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, initial[field.name] ?? (field.type === 'checkbox' ? false : '')]),
  );
}

/**
 * The one form helper of the forms described by /spa/forms (login, registration, recovery, reset, password change,
 * preferences): values, translated problems per field (found here first, then by the api), a form-wide error, the
 * busy flag, whether the last submission succeeded, and the submit handler that ties them together.
 */
export function useForm(fields: FormField[], options: FormOptions) {
  const t = useTranslations('account');
  const formId = useId();
  const {
    busy: submitting,
    error: formError,
    setError: setFormError,
    run,
  } = useAction({
    leavesOnSuccess: options.leavesOnSuccess,
  });
  const [values, setValues] = useState<FormValues>(() => initialValues(fields, options.initial ?? {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [succeeded, setSucceeded] = useState(false);

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
  }, [fields, values, t, focusField, setFormError]);

  const apiFieldProblems = useApiFieldProblems();
  /** Shows each field problem the api named next to its field (the error code's message is the action's error). */
  const showFieldProblems = useCallback(
    (error: unknown) => {
      const found = apiFieldProblems(error);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) focusField(first);
    },
    [apiFieldProblems, focusField],
  );

  /** Puts every field back to its starting value. */
  const reset = () => {
    setValues(initialValues(fields, options.initial ?? {}));
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSucceeded(false);
    if (submitting || !validate()) return;
    const { onSubmit, onError } = options;
    const sent = await run(() => onSubmit(values), {
      onError: (error) => {
        showFieldProblems(error);
        onError?.(error);
      },
    });
    if (sent) setSucceeded(true);
  };

  return { fields, values, setValue, errors, formError, submitting, succeeded, fieldId, submit, reset };
}

export type Form = ReturnType<typeof useForm>;
