'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import styles from '@/components/ui/form.module.css';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAction } from '@/components/ui/use-action';
import { useErrorText } from '@/components/ui/use-error-text';
import { Link } from '@/i18n/navigation';
import { confirmRegistration } from '@/lib/account/account-api';
import { safeNextPath } from '@/lib/account/next-path';
import { ApiError } from '@/lib/api-error';
import { useSignIn } from './use-sign-in';

/** Where the registration wanted to go on, kept until the e-mailed link is opened (often in another tab). */
const NEXT_KEY = 'playhouse.afterConfirmation';

export function rememberNextAfterConfirmation(next: string) {
  try {
    globalThis.localStorage?.setItem(NEXT_KEY, next);
  } catch {
    // Storage may be off: the player then lands on the home page.
  }
}

function takeNextAfterConfirmation(): string {
  try {
    const next = globalThis.localStorage?.getItem(NEXT_KEY) ?? null;
    globalThis.localStorage?.removeItem(NEXT_KEY);
    return safeNextPath(next);
  } catch {
    return '/';
  }
}

type ConfirmEmailFormProps = { lng: Locale; token: string; usernameField: FormFieldSpec | undefined };

/**
 * The e-mailed confirmation link's form: one button creates the account and signs in (a mail scanner that follows the
 * link creates nothing). A username taken since the registration asks for another one.
 */
export function ConfirmEmailForm({ lng, token, usernameField }: ConfirmEmailFormProps) {
  const t = useTranslations('signup.confirm');
  const errorText = useErrorText();
  const signIn = useSignIn();
  const [invalid, setInvalid] = useState(false);
  const [askUsername, setAskUsername] = useState(false);
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | undefined>(undefined);
  /** A taken or refused username is shown at its field, an old link as a page of its own: not above the form. */
  const shownElsewhere = (caught: unknown) =>
    caught instanceof ApiError &&
    (caught.code === 'username_taken' ||
      caught.code === 'invalid_token' ||
      (caught.code === 'validation_failed' && askUsername));
  // Signing in leaves the page: the button stays busy until it does.
  const { busy, error, run } = useAction({
    leavesOnSuccess: true,
    errorText: (caught) => (shownElsewhere(caught) ? null : errorText(caught)),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setUsernameError(undefined);
    await run(
      async () => {
        const user = await confirmRegistration(lng, token, askUsername ? username.trim() : undefined);
        signIn(user, takeNextAfterConfirmation());
      },
      {
        onError: (caught) => {
          if (!(caught instanceof ApiError)) return;
          if (caught.code === 'username_taken') {
            if (askUsername) setUsernameError(errorText(caught));
            setAskUsername(true);
          } else if (caught.code === 'invalid_token') {
            setInvalid(true);
          } else if (caught.code === 'validation_failed' && askUsername) {
            setUsernameError(caught.fields.username ?? errorText(caught));
          }
        },
      },
    );
  }

  if (invalid) {
    return (
      <div className={styles.form}>
        <p role="alert">{t('invalid')}</p>
        <p className={styles.aside}>
          <Link href="/auth/register">{t('registerAgain')}</Link>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <FormError message={error} />
      {askUsername && usernameField ? (
        <>
          <p>{t('usernameIntro')}</p>
          <FormField
            field={usernameField}
            id="confirm-username"
            value={username}
            error={usernameError}
            onChange={(value) => setUsername(typeof value === 'string' ? value : '')}
          />
        </>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
