'use client';

import { useTranslations } from 'next-intl';
import { createContext, useContext, useEffect, useRef } from 'react';
import PhoneInput from 'react-phone-input-2';
import 'react-phone-input-2/lib/style.css';
import { phoneInputConfig, toInternational } from '@/lib/account/phone-input';
import styles from './form.module.css';

/**
 * The country a phone field starts on when it is empty (SPEC.md §5 guesses it from the digits once some are typed):
 * the register form provides the visitor's country as the edge located it.
 */
export const PhoneCountryContext = createContext<string | null>(null);

type PhoneFieldProps = {
  id: string;
  name: string;
  label: string;
  /** International form, "+4915123456789", or empty. */
  value: string;
  required: boolean;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
};

/** SPEC.md §5 phone input: react-phone-input-2 configured by phoneInputConfig, labelled and marked like every field. */
export function PhoneField({ id, name, label, value, required, invalid, describedBy, onChange }: PhoneFieldProps) {
  const t = useTranslations('account');
  const rootRef = useRef<HTMLDivElement>(null);
  const countryLabel = t('phone.countryButton');
  const startCountry = useContext(PhoneCountryContext);

  // The widget's country button names the chosen country in a title, and nothing before one is chosen.
  useEffect(() => {
    rootRef.current?.querySelector('.selected-flag')?.setAttribute('aria-label', countryLabel);
  });

  return (
    <div ref={rootRef}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <PhoneInput
        {...phoneInputConfig({ search: t('phone.search'), noEntries: t('phone.noEntries') })}
        {...(startCountry ? { country: startCountry.toLowerCase() } : {})}
        value={value.replace(/^\+/, '')}
        onChange={(digits) => onChange(toInternational(digits))}
        isValid={() => !invalid}
        inputProps={{
          id,
          name,
          required,
          autoComplete: 'tel',
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
        }}
        containerClass={styles.phone}
        inputClass={styles.phoneInput}
        buttonClass={styles.phoneButton}
        dropdownClass={styles.phoneDropdown}
        searchClass={styles.phoneSearch}
      />
    </div>
  );
}
