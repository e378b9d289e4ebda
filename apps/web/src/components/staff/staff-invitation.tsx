'use client';

import type { StaffInvitationView } from '@playhouse/shared/contracts/staff';
import type { Locale } from '@playhouse/shared/locales';
import { isStaffRole } from '@playhouse/shared/staff/permissions';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { acceptStaffInvitation, openStaffInvitation } from '@/lib/staff/staff-api';
import { useSignIn } from '../account/use-sign-in';
import { FormError } from '../ui/form-error';
import styles from '../ui/form.module.css';
import { SubmitButton } from '../ui/submit-button';
import { useAction } from '../ui/use-action';
import signInStyles from './staff-sign-in.module.css';
import { isTotpCode, TotpCodeField, TotpSetupView, useStaffErrorText } from './totp-fields';

/**
 * The page an invitation's link opens: who is invited as what, their own password, and their second factor (a QR code
 * and the key as text) confirmed by a code. Nobody else ever sees either factor; accepting signs them in.
 */
export function StaffInvitation({ lng, token }: { lng: Locale; token: string }) {
  const t = useTranslations('staffAuth');
  const tRoles = useTranslations('backOffice.roles');
  const format = useFormatter();
  const staffErrorText = useStaffErrorText();
  const signIn = useSignIn();
  const [view, setView] = useState<StaffInvitationView | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // A gone invitation is a page of its own, not a problem above the form; accepting signs in and leaves the page.
  const {
    busy,
    error: problem,
    setError: setProblem,
    run,
  } = useAction({
    errorText: (error) =>
      error instanceof ApiError && error.code === 'invitation_not_found' ? null : staffErrorText(error),
    leavesOnSuccess: true,
  });
  const passwordId = useId();
  const codeId = useId();

  useEffect(() => {
    const controller = new AbortController();
    openStaffInvitation(lng, token, controller.signal)
      .then(setView)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.code === 'invitation_not_found' || error.status === 400)) {
          setInvalid(true);
        } else setProblem(staffErrorText(error));
      });
    return () => controller.abort();
    // staffErrorText only reads translations; the invitation is opened once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lng, token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password.length < 10) {
      setProblem(t('invitation.passwordHint'));
      document.getElementById(passwordId)?.focus();
      return;
    }
    if (!isTotpCode(code)) {
      setProblem(t('codeInvalid'));
      document.getElementById(codeId)?.focus();
      return;
    }
    await run(async () => signIn(await acceptStaffInvitation(lng, { token, password, code }), '/staff'), {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invitation_not_found') setInvalid(true);
      },
    });
  }

  if (invalid) return <p role="alert">{t('invitation.invalid')}</p>;
  if (!view) {
    return problem ? <FormError message={problem} /> : <p role="status">{t('invitation.loading')}</p>;
  }
  const roles = view.roles.map((role) => (isStaffRole(role) ? tRoles(role) : role)).join(', ');
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <p className={signInStyles.intro}>{t('invitation.intro', { email: view.email })}</p>
      <p className={signInStyles.intro}>{t('invitation.roles', { roles })}</p>
      <p className={signInStyles.account}>
        {t('invitation.expires', {
          date: format.dateTime(new Date(view.expiresAt), { dateStyle: 'long', timeStyle: 'short' }),
        })}
      </p>
      <FormError message={problem} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={passwordId}>
          {t('invitation.passwordLabel')}
        </label>
        <input
          id={passwordId}
          name="password"
          type="password"
          className={styles.control}
          autoComplete="new-password"
          minLength={10}
          maxLength={128}
          required
          aria-describedby={`${passwordId}-hint`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span id={`${passwordId}-hint`} className={signInStyles.account}>
          {t('invitation.passwordHint')}
        </span>
      </div>
      <h2 className={signInStyles.heading}>{t('setup.heading')}</h2>
      <p className={signInStyles.intro}>{t('setup.help')}</p>
      <TotpSetupView setup={view.totp} />
      <TotpCodeField id={codeId} value={code} onChange={setCode} wide />
      <SubmitButton busy={busy} busyLabel={t('invitation.submitting')}>
        {t('invitation.submit')}
      </SubmitButton>
    </form>
  );
}
