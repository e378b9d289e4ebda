'use client';

import type { PaymentMethod } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAction } from '@/components/ui/use-action';
import { amountProblem, normalizeAmount } from '@/lib/account/amount';
import { formatMoney } from '@/lib/account/money-format';
import { createDeposit } from '@/lib/cashbox/cashbox-api';
import { AmountField } from './amount-field';
import styles from './cashbox.module.css';
import { PaymentMethodPicker } from './payment-method-picker';
import { retryKeys } from '@/lib/retry-keys';

type DepositFormProps = { lng: Locale; currency: string; methods: PaymentMethod[] };

/**
 * Method, amount (a preset or typed, within the method's bounds), then off to the payment provider's hosted page.
 * One retry key per method and amount: sending the same deposit twice opens one payment.
 */
/** A deposit's key follows its submission: sent again after a lost answer or a reload, it opens one payment. */
const depositKeys = retryKeys('deposits');

export function DepositForm({ lng, currency, methods }: DepositFormProps) {
  const t = useTranslations('cashbox');
  // The provider's page takes over on success: the form stays busy until the browser leaves.
  const { busy, error: formError, setError: setFormError, run } = useAction({ leavesOnSuccess: true });
  const amountId = useId();
  const [methodCode, setMethodCode] = useState(methods[0]?.code ?? '');
  const method = methods.find((candidate) => candidate.code === methodCode) ?? methods[0];
  const [amount, setAmount] = useState(method?.presets[0] ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const money = (value: string) => formatMoney(value, currency, lng);

  if (!method) return null;
  const normalized = normalizeAmount(amount);
  const valid = amountProblem(amount, currency) === null;
  const enter = (value: string) => {
    setAmount(value);
    setProblem(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !method) return;
    setFormError(null);
    const found = amountProblem(amount, currency, method);
    if (found) {
      setProblem(
        found === 'invalid' ? t('invalidAmount') : t('amountRange', { min: money(method.min), max: money(method.max) }),
      );
      amountRef.current?.focus();
      return;
    }
    setProblem(null);
    const body = { method: method.code, amount: normalized };
    await run(async () => {
      const deposit = await depositKeys.send(JSON.stringify(body), (key) => createDeposit(lng, body, key));
      if (!deposit.redirectUrl) throw new Error('The deposit has no payment page');
      window.location.assign(deposit.redirectUrl);
    });
  }

  return (
    <form className={formStyles.form} noValidate onSubmit={submit}>
      <FormError message={formError} />
      <PaymentMethodPicker
        lng={lng}
        currency={currency}
        methods={methods}
        value={method.code}
        onChange={setMethodCode}
      />
      <div className={formStyles.field}>
        <span className={formStyles.label} id={`${amountId}-presets`}>
          {t('presets')}
        </span>
        <div className={styles.presets} role="group" aria-labelledby={`${amountId}-presets`}>
          {method.presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className={styles.preset}
              aria-pressed={valid && normalized === preset}
              onClick={() => enter(preset)}
            >
              {money(preset)}
            </button>
          ))}
        </div>
      </div>
      <AmountField
        id={amountId}
        inputRef={amountRef}
        currency={currency}
        value={amount}
        onChange={enter}
        autoComplete="transaction-amount"
        hint={t('range', { min: money(method.min), max: money(method.max) })}
        error={problem}
      />
      <SubmitButton busy={busy} busyLabel={t('submitting')}>
        {t('submit', { amount: valid ? money(normalized) : '' })}
      </SubmitButton>
    </form>
  );
}
