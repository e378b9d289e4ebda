'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import dialog from '@/components/ui/dialog.module.css';
import form from '@/components/ui/form.module.css';
import { isTotpCode, TotpCodeField, useStaffErrorText } from '@/components/staff/totp-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useAction } from '@/components/ui/use-action';
import { setSecondFactorPrompt } from '@/lib/staff/second-factor-prompt';
import { confirmSecondFactor } from '@/lib/staff/staff-api';

/**
 * The one dialog that asks a staff member for a fresh authenticator code, whatever screen needs it: approving or
 * paying money, re-settling a market, changing roles. The api refuses those with `fresh_second_factor_required`
 * when the last code is over 5 minutes old; browserApi asks this dialog and sends the request again once the code
 * was accepted. Cancel leaves the refusal to the screen that asked.
 */
export function SecondFactorDialog({ lng }: { lng: Locale }) {
  const t = useTranslations('staffAuth');
  const { busy, error, setError, run } = useAction({ errorText: useStaffErrorText() });
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const answer = useRef<((accepted: boolean) => void) | null>(null);

  useEffect(() => {
    setSecondFactorPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setCode('');
          setError(null);
          setOpen(true);
        }),
    );
    return () => {
      setSecondFactorPrompt(null);
      answer.current?.(false);
      answer.current = null;
    };
    // setError is the action's state setter: the same function for the dialog's lifetime.
  }, [setError]);

  const finish = (accepted: boolean) => {
    setOpen(false);
    answer.current?.(accepted);
    answer.current = null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!isTotpCode(code)) {
      setError(t('codeInvalid'));
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    const accepted = await run(() => confirmSecondFactor(lng, code.replace(/\s+/g, '')), {
      onError: () => document.getElementById(`${id}-code`)?.focus(),
    });
    if (accepted) finish(true);
  };

  if (!open) return null;
  return (
    <ModalDialog labelledBy={`${id}-title`} onClose={busy ? null : () => finish(false)}>
      <h2 id={`${id}-title`} className={dialog.title}>
        {t('fresh.heading')}
      </h2>
      <p id={`${id}-help`} className={dialog.text}>
        {t('fresh.help')}
      </p>
      <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
        <FormError message={error} />
        <TotpCodeField
          id={`${id}-code`}
          value={code}
          invalid={Boolean(error)}
          describedBy={`${id}-help`}
          autoFocus
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
        />
        <div className={dialog.actions}>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {busy ? t('checking') : t('fresh.submit')}
          </button>
          <button type="button" className={buttons.secondary} onClick={() => finish(false)} disabled={busy}>
            {t('fresh.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
