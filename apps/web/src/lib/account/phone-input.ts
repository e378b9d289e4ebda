import { SPEC } from '@playhouse/shared/constants';
import type { PhoneInputProps } from 'react-phone-input-2';

export type PhoneTexts = { search: string; noEntries: string };

/**
 * react-phone-input-2 as SPEC.md §5/§9 describe it: at most 15 digits (long numbers off), the country guessed from
 * the first digits (the widget reads at most 6), a searchable country list matching dial code, country code or name
 * (typing in the open list is debounced 250 ms by the widget), '+' as prefix, and an invalid marker whose own error
 * text is empty: the form shows its translated message next to the field instead.
 */
export function phoneInputConfig(texts: PhoneTexts) {
  return {
    enableLongNumbers: false,
    prefix: SPEC.phone.defaultPrefix,
    enableSearch: true,
    // The search icon carries an English-only label; the search box has its own placeholder.
    disableSearchIcon: true,
    searchPlaceholder: texts.search,
    searchNotFound: texts.noEntries,
    defaultErrorMessage: '',
    specialLabel: '',
    autoFormat: true,
    countryCodeEditable: true,
  } satisfies PhoneInputProps;
}

/** The widget reports digits only; the api wants the international form. */
export function toInternational(digits: string): string {
  const clean = digits.replace(/\D/g, '');
  return clean === '' ? '' : `${SPEC.phone.defaultPrefix}${clean}`;
}
