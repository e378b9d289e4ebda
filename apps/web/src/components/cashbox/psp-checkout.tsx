'use client';

import type { PspCheckoutSession, PspSessionStatus } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form.module.css';
import { FormError } from '@/components/ui/form-error';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAction } from '@/components/ui/use-action';
import { useApiFieldProblems } from '@/components/ui/use-form';
import { formatMoney } from '@/lib/account/money-format';
import { payPspCheckout } from '@/lib/cashbox/cashbox-api';
import styles from './psp-checkout.module.css';
import layout from '@/components/ui/layout.module.css';

const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'holder'] as const;
type CardField = (typeof CARD_FIELDS)[number];
type Card = Record<CardField, string>;

/** The shapes the sandbox accepts (its checkout body schema), checked before sending. */
const CARD_RULES: Record<CardField, RegExp> = {
  cardNumber: /^[0-9 ]{12,23}$/,
  expiry: /^(0[1-9]|1[0-2])\/\d{2}$/,
  cvc: /^\d{3,4}$/,
  holder: /^.{1,100}$/,
};

const AUTOCOMPLETE: Record<CardField, string> = {
  cardNumber: 'cc-number',
  expiry: 'cc-exp',
  cvc: 'cc-csc',
  holder: 'cc-name',
};

/** "4242424242424242" → "4242 4242 4242 4242". */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry two years ahead, for filling in a test card. */
function futureExpiry(now = new Date()): string {
  return `12/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

type Outcome = { status: PspSessionStatus; declineReason: string | null; returnUrl: string };

/** The sandbox payment provider's hosted page: card form, the test cards and what each does, the outcome. */
export function PspCheckout({ lng, session }: { lng: Locale; session: PspCheckoutSession }) {
  const t = useTranslations('cashbox');
  const ta = useTranslations('account');
  const { busy, error: formError, setError: setFormError, run } = useAction();
  const apiFieldProblems = useApiFieldProblems();
  const baseId = useId();
  const [card, setCard] = useState<Card>({ cardNumber: '', expiry: '', cvc: '', holder: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(
    session.status === 'open' ? null : { status: session.status, declineReason: null, returnUrl: session.returnUrl },
  );
  const resultRef = useRef<HTMLDivElement>(null);
  const amount = formatMoney(session.amount, session.currency, lng);

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const fieldId = (field: CardField) => `${baseId}-${field}`;

  function update(field: CardField, value: string) {
    setCard((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function fillTestCard(number: string) {
    setCard((current) => ({
      cardNumber: groupCardNumber(number),
      expiry: current.expiry || futureExpiry(),
      cvc: current.cvc || '123',
      holder: current.holder,
    }));
    setErrors({});
    document.getElementById(fieldId('holder'))?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found: Partial<Record<CardField, string>> = {};
    for (const field of CARD_FIELDS) {
      const value = card[field].trim();
      if (value === '') found[field] = ta('validation.required');
      else if (!CARD_RULES[field].test(value)) found[field] = ta(`serverFields.${field}`);
    }
    setErrors(found);
    const first = CARD_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    await run(
      async () => {
        const result = await payPspCheckout(lng, session.id, {
          cardNumber: card.cardNumber.trim(),
          expiry: card.expiry.trim(),
          cvc: card.cvc.trim(),
          holder: card.holder.trim(),
        });
        setOutcome(result);
      },
      {
        onError: (error) => {
          const fromApi = apiFieldProblems(error);
          setErrors(
            Object.fromEntries(CARD_FIELDS.flatMap((field) => (fromApi[field] ? [[field, fromApi[field]]] : []))),
          );
        },
      },
    );
  }

  return (
    <div className={styles.checkout}>
      <p className={styles.note}>{t('psp.note')}</p>
      <div className={`${layout.spread} ${layout.baseline} ${styles.summary}`}>
        <span>{t('psp.payTo', { merchant: session.merchantName })}</span>
        <strong className={styles.amount}>{amount}</strong>
      </div>

      {outcome ? (
        <div ref={resultRef} tabIndex={-1} role="status" className={`${styles.result} ${styles[outcome.status]}`}>
          <p className={styles.resultTitle}>{t(`psp.result.${outcome.status}`)}</p>
          {outcome.declineReason ? (
            <p>
              {t.has(`psp.declineReasons.${outcome.declineReason}`)
                ? t(`psp.declineReasons.${outcome.declineReason}`)
                : t('psp.result.declined')}
            </p>
          ) : null}
          {isWebAddress(outcome.returnUrl) ? (
            <a href={outcome.returnUrl} className={formStyles.submit}>
              {t('psp.back', { merchant: session.merchantName })}
            </a>
          ) : null}
        </div>
      ) : (
        <>
          <form className={formStyles.form} noValidate onSubmit={submit}>
            <FormError message={formError} />
            {CARD_FIELDS.map((field) => (
              <div key={field} className={formStyles.field}>
                <label htmlFor={fieldId(field)} className={formStyles.label}>
                  {t(`psp.${field}`)}
                </label>
                <input
                  id={fieldId(field)}
                  name={field}
                  className={formStyles.control}
                  value={card[field]}
                  required
                  autoComplete={AUTOCOMPLETE[field]}
                  inputMode={field === 'holder' ? 'text' : 'numeric'}
                  placeholder={field === 'expiry' ? 'MM/YY' : undefined}
                  maxLength={field === 'cardNumber' ? 23 : field === 'expiry' ? 5 : field === 'cvc' ? 4 : 100}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `${fieldId(field)}-error` : undefined}
                  onChange={(event) => update(field, event.target.value)}
                />
                {errors[field] ? (
                  <p id={`${fieldId(field)}-error`} className={formStyles.fieldError}>
                    {errors[field]}
                  </p>
                ) : null}
              </div>
            ))}
            <SubmitButton busy={busy} busyLabel={t('psp.paying')}>
              {t('psp.pay', { amount })}
            </SubmitButton>
          </form>
          <section aria-labelledby={`${baseId}-cards`} className={styles.testCards}>
            <h2 id={`${baseId}-cards`}>{t('psp.testCards')}</h2>
            <ul>
              {session.testCards.map((testCard) => (
                <li key={testCard.number}>
                  <button type="button" className={formStyles.secondary} onClick={() => fillTestCard(testCard.number)}>
                    {t('psp.useCard', { number: groupCardNumber(testCard.number) })}
                  </button>
                  <span>{t(`psp.outcomes.${testCard.outcome}`)}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
