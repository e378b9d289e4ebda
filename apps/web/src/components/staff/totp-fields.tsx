'use client';

import type { StaffTotpSetup } from '@playhouse/shared/contracts/staff';
import { useTranslations } from 'next-intl';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useAreaErrorText } from '../ui/use-error-text';
import styles from '../ui/form.module.css';
import signInStyles from './staff-sign-in.module.css';

/** A new authenticator's secret: the QR code of its otpauth:// URI and the key as text, for those who cannot scan. */
export function TotpSetupView({ setup }: { setup: Pick<StaffTotpSetup, 'uri' | 'secret' | 'account'> }) {
  const t = useTranslations('staffAuth');
  const secretId = useId();
  return (
    <div className={signInStyles.setup}>
      <QRCodeSVG
        value={setup.uri}
        size={200}
        marginSize={2}
        title={t('setup.qrLabel', { account: setup.account })}
        role="img"
        className={signInStyles.qr}
      />
      <div className={styles.field}>
        <span className={styles.label} id={`${secretId}-label`}>
          {t('setup.secretLabel')}
        </span>
        <code id={secretId} aria-labelledby={`${secretId}-label`} className={signInStyles.secret}>
          {setup.secret}
        </code>
        <span className={signInStyles.account}>{t('setup.account', { account: setup.account })}</span>
      </div>
    </div>
  );
}

/** Whether a typed code has the authenticator's six digits (a space anywhere allowed, as the apps show it). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

/** The text of a refusal on a staff sign-in, invitation or fresh-code screen: the staff codes' own, else the site's. */
export function useStaffErrorText() {
  return useAreaErrorText('staffAuth.errors');
}

type TotpCodeFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The sign-in pages set the code in a wide, spaced font; the dialog keeps the form's. */
  wide?: boolean;
  /** Takes the focus when its dialog opens. */
  autoFocus?: boolean;
};

/** The authenticator's six-digit code (a space in the middle allowed, as the apps show it). */
export function TotpCodeField({ id, value, onChange, invalid, describedBy, wide, autoFocus }: TotpCodeFieldProps) {
  const t = useTranslations('staffAuth');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t('codeLabel')}
      </label>
      <input
        id={id}
        name="code"
        className={wide ? `${styles.control} ${signInStyles.code}` : styles.control}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        data-autofocus={autoFocus ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
