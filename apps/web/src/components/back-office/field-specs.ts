import type { FormField } from '@playhouse/shared/contracts/accounts';
import { CURRENCY_CODES } from '@playhouse/shared/money';

type OfficeFieldOptions = { type?: FormField['type']; required?: boolean };

/**
 * A field of a back-office form, described as /spa/forms describes the players' ones: required unless said otherwise,
 * and never filled in by the browser from the staff member's own details.
 */
export function officeField(
  name: string,
  label: string,
  constraints: FormField['constraints'] = {},
  { type = 'text', required = true }: OfficeFieldOptions = {},
): FormField {
  return { name, type, required, label, autocomplete: 'off', constraints };
}

/** The currency a setting is for: every currency the site keeps. */
export function currencyField(label: string): FormField {
  return {
    name: 'currency',
    type: 'select',
    required: true,
    label,
    constraints: {},
    options: CURRENCY_CODES.map((code) => ({ value: code, label: code })),
  };
}
