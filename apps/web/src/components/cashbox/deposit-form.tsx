'use client';

import { depositResponseSchema, type PaymentMethod } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import Image from 'next/image';
import { useId, useRef, useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { useErrorText } from '@/components/ui/use-error-text';
import { amountProblem, normalizeAmount } from '@/lib/account/amount';
import { formatMoney } from '@/lib/account/money-format';
import { browserApi, newIdempotencyKey } from '@/lib/browser-api';
import styles from './cashbox.module.css';

type DepositFormProps = { lng: Locale; currency: string; methods: PaymentMethod[] };

/**
 * Method, amount (a preset or typed, within the method's bounds), then off to the payment provider's hosted page.
 * One retry key per method and amount: sending the same deposit twice opens one payment.
 */
export function DepositForm({ lng, currency, methods }: DepositFormProps) {
  const t = useTranslations('cashbox');
  const errorText = useErrorText();
  const amountId = useId();
  const [methodCode, setMethodCode] = useState(methods[0]?.code ?? '');
  const method = methods.find((candidate) => candidate.code === methodCode) ?? methods[0];
  const [amount, setAmount] = useState(method?.presets[0] ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const retryKey = useRef({ for: '', key: '' });
  const amountRef = useRef<HTMLInputElement>(null);
  const money = (value: string) => formatMoney(value, currency, lng);

  if (!method) return null;
  const normalized = normalizeAmount(amount);
  const valid = amountProblem(amount, currency) === null;

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
    const request = `${method.code}:${normalized}`;
    if (retryKey.current.for !== request) retryKey.current = { for: request, key: newIdempotencyKey() };
    setBusy(true);
    try {
      const { deposit } = await browserApi('/spa/cashbox/deposits', depositResponseSchema, {
        method: 'POST',
        locale: lng,
        body: { method: method.code, amount: normalized },
        idempotencyKey: retryKey.current.key,
      });
      if (!deposit.redirectUrl) throw new Error('The deposit has no payment page');
      window.location.assign(deposit.redirectUrl);
    } catch (error) {
      setFormError(errorText(error));
      setBusy(false);
    }
  }

  const errorId = `${amountId}-error`;
  return (
    <form className={formStyles.form} noValidate onSubmit={submit}>
      <FormError message={formError} />
      <fieldset className={styles.methods}>
        <legend className={formStyles.label}>{t('method')}</legend>
        {methods.map((candidate) => (
          <label key={candidate.code} className={styles.method}>
            <input
              type="radio"
              name="method"
              value={candidate.code}
              checked={candidate.code === method.code}
              onChange={() => setMethodCode(candidate.code)}
            />
            <Image src={candidate.logo} alt="" width={48} height={32} unoptimized />
            <span>
              <span className={styles.methodName}>{candidate.name}</span>
              <span className={styles.methodRange}>
                {t('range', { min: money(candidate.min), max: money(candidate.max) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
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
              onClick={() => {
                setAmount(preset);
                setProblem(null);
              }}
            >
              {money(preset)}
            </button>
          ))}
        </div>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={amountId} className={formStyles.label}>
          {t('amount', { currency })}
        </label>
        <input
          ref={amountRef}
          id={amountId}
          className={formStyles.control}
          inputMode="decimal"
          autoComplete="transaction-amount"
          value={amount}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${amountId}-range` : `${amountId}-range`}
          onChange={(event) => {
            setAmount(event.target.value);
            setProblem(null);
          }}
        />
        <p id={`${amountId}-range`} className={styles.hint}>
          {t('range', { min: money(method.min), max: money(method.max) })}
        </p>
        {problem ? (
          <p id={errorId} className={formStyles.fieldError}>
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" className={formStyles.submit} disabled={busy}>
        {busy ? t('submitting') : t('submit', { amount: valid ? money(normalized) : '' })}
      </button>
    </form>
  );
}
