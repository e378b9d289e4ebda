'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { StaffSignInStep, StaffTotpSetup } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { confirmTotp, fetchTotpSetup, startStaffSignIn } from '@/lib/staff/staff-api';
import { useSignIn } from '../account/use-sign-in';
import { useSignInCaptcha } from '../account/use-sign-in-captcha';
import { FormError } from '../ui/form-error';
import { FormFields } from '../ui/form-view';
import styles from '../ui/form.module.css';
import { SubmitButton } from '../ui/submit-button';
import { useAction } from '../ui/use-action';
import { useForm } from '../ui/use-form';
import signInStyles from './staff-sign-in.module.css';
import { isTotpCode, TotpCodeField, TotpSetupView, useStaffErrorText } from './totp-fields';

type StaffSignInProps = { lng: Locale; fields: FormFieldSpec[]; next: string };

/**
 * The staff sign-in: the password (POST /spa/auth/staff/login), then the second factor. A staff member with no
 * authenticator yet sets one up first: a QR code of the otpauth:// URI and the key as text, confirmed by a code.
 */
export function StaffSignIn({ lng, fields, next }: StaffSignInProps) {
  const t = useTranslations('staffAuth');
  const describe = useStaffErrorText();
  const signIn = useSignIn();
  const [step, setStep] = useState<StaffSignInStep | null>(null);
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [code, setCode] = useState('');
  // The code step's busy flag and problem; signing in leaves the page, so it stays busy until it does.
  const {
    busy,
    error: codeError,
    setError: setCodeError,
    run,
  } = useAction({ errorText: describe, leavesOnSuccess: true });
  const captcha = useSignInCaptcha(lng);
  const form = useForm(fields, {
    onSubmit: async (values) => {
      setCodeError(null);
      const started = await captcha.send((solved) =>
        startStaffSignIn(lng, { login: String(values.login), password: String(values.password), captcha: solved }),
      );
      setStep(started.step);
    },
  });
  const codeId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Back to the password, with why (an expired sign-in) shown above it. */
  function restart(message: string | null = null) {
    setStep(null);
    setSetup(null);
    setCode('');
    setCodeError(message);
  }

  // Each step moves the focus to its heading, so a screen reader announces where the sign-in stands.
  useEffect(() => {
    if (step) headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step !== 'totp_setup' || setup) return;
    const controller = new AbortController();
    fetchTotpSetup(lng, controller.signal)
      .then(setSetup)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setCodeError(describe(error));
      });
    return () => controller.abort();
    // describe only reads translations; the secret is fetched once per set-up step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, setup, lng]);

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!isTotpCode(code)) {
      setCodeError(t('codeInvalid'));
      document.getElementById(codeId)?.focus();
      return;
    }
    await run(async () => signIn(await confirmTotp(lng, code), next), {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'staff_sign_in_expired') restart(describe(error));
        else document.getElementById(codeId)?.focus();
      },
    });
  }

  if (step === null) {
    return (
      <form className={styles.form} noValidate onSubmit={form.submit}>
        <p className={signInStyles.intro}>{t('intro')}</p>
        <FormError message={form.formError ?? codeError} />
        <FormFields form={form} />
        {captcha.widget ? <div className={styles.captcha}>{captcha.widget}</div> : null}
        <SubmitButton busy={form.submitting} busyLabel={t('checking')}>
          {t('continue')}
        </SubmitButton>
      </form>
    );
  }

  const settingUp = step === 'totp_setup';
  return (
    <form className={styles.form} noValidate onSubmit={submitCode} aria-labelledby={`${codeId}-heading`}>
      <h2 id={`${codeId}-heading`} ref={headingRef} tabIndex={-1} className={signInStyles.heading}>
        {settingUp ? t('setup.heading') : t('totp.heading')}
      </h2>
      <p className={signInStyles.intro}>{settingUp ? t('setup.help') : t('totp.help')}</p>
      {settingUp ? setup ? <TotpSetupView setup={setup} /> : <p role="status">{t('setup.loading')}</p> : null}
      <FormError message={codeError} />
      <TotpCodeField
        id={codeId}
        value={code}
        invalid={Boolean(codeError)}
        wide
        onChange={(value) => {
          setCode(value);
          setCodeError(null);
        }}
      />
      <SubmitButton busy={busy} busyLabel={t('signingIn')}>
        {settingUp ? t('setup.submit') : t('totp.submit')}
      </SubmitButton>
      <p className={styles.aside}>
        <button type="button" className={signInStyles.restart} onClick={() => restart()}>
          {t('restart')}
        </button>
      </p>
    </form>
  );
}
