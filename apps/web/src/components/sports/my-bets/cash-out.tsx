'use client';

import type { CashOutOffer } from '@playhouse/shared/contracts/cash-out';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { retryKeys } from '@/lib/retry-keys';
import { cashOutBet, setCashOutTarget } from '@/lib/sports/cash-out-api';
import buttons from '@/components/ui/button.module.css';
import styles from './my-bets.module.css';

const cashOutKeys = retryKeys('cashOut');

/** Minor units of a decimal amount with two decimals ("12.5" → 1250); null when it is not one. */
export function toMinor(text: string): bigint | null {
  const match = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

export function fromMinor(amount: bigint): string {
  const whole = amount / 100n;
  const cents = (amount % 100n).toString().padStart(2, '0');
  return `${whole}.${cents}`;
}

/** What cashing out `part` of `stake` pays at the whole bet's `price`, rounded down as the api does. */
export function partAmount(price: bigint, part: bigint, stake: bigint): bigint {
  return stake > 0n ? (price * (part > stake ? stake : part)) / stake : 0n;
}

type Step = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'sending' } | { kind: 'failed'; message: string };

/**
 * A bet's cash out on My bets: its value now (it follows the odds: the list asks the api again every few seconds),
 * the whole bet or a part of the stake, a confirmation that names what will be paid, and the result. The value is
 * not a live region (it changes with every odds move); the result and a refusal are.
 */
export function CashOut({
  lng,
  offer,
  onCashedOut,
}: {
  lng: Locale;
  offer: CashOutOffer;
  /**
   * The cash out went through (`amount` paid): the list says so and reloads (the bet, its offer; the header balance
   * follows by itself). The message lives in the list, since a bet cashed out whole leaves the open ones.
   */
  onCashedOut: (amount: string) => void;
}) {
  const t = useTranslations('cashOut');
  const errors = useTranslations('errors');
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [mode, setMode] = useState<'whole' | 'part'>('whole');
  const [partText, setPartText] = useState('');
  const money = (amount: string) => `${amount} ${offer.currency}`;

  const stake = toMinor(offer.stake) ?? 0n;
  const minStake = toMinor(offer.minStake) ?? 0n;
  const price = offer.price === null ? null : toMinor(offer.price);
  const part = mode === 'whole' ? stake : toMinor(partText);
  const partValid =
    part !== null && part > 0n && part <= stake && (part === stake || (part >= minStake && stake - part >= minStake));
  const amount = price !== null && part !== null && partValid ? partAmount(price, part, stake) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (offer.price === null || part === null || !partValid || amount === null) return;
    const body = {
      betId: offer.betId,
      seenPrice: offer.price,
      ...(part === stake ? {} : { stake: fromMinor(part) }),
    };
    setStep({ kind: 'sending' });
    try {
      const answer = await cashOutKeys.send(JSON.stringify(body), (key) => cashOutBet(lng, body, key));
      setStep({ kind: 'idle' });
      setMode('whole');
      setPartText('');
      onCashedOut(answer.amount);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'network_error';
      const current = error instanceof ApiError ? error.fields?.price : undefined;
      setStep({
        kind: 'failed',
        message:
          code === 'cash_out_price_changed' && current
            ? t('priceChanged', { price: money(current) })
            : errors.has(code)
              ? errors(code)
              : errors('internal_error'),
      });
    }
  }

  return (
    // A group inside its bet, not a landmark: a list of open bets has one per bet, and landmarks must differ by name.
    <div role="group" className={styles.cashOut} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cashOutTitle}>
        {t('title')}
      </h2>
      {offer.price === null ? (
        <p className={styles.note}>{t(`unavailable.${offer.unavailable ?? 'not_open'}`)}</p>
      ) : (
        <p className={styles.cashOutValue} data-testid="cash-out-value">
          {t('value', { amount: money(offer.price) })}
        </p>
      )}
      {offer.price !== null && step.kind !== 'confirm' && step.kind !== 'sending' ? (
        <button type="button" className={buttons.primary} onClick={() => setStep({ kind: 'confirm' })}>
          {t('button', { amount: money(offer.price) })}
        </button>
      ) : null}
      {offer.price !== null && (step.kind === 'confirm' || step.kind === 'sending') ? (
        <form className={styles.cashOutForm} onSubmit={(event) => void submit(event)}>
          <fieldset className={styles.cashOutChoice}>
            <legend className={styles.srOnly}>{t('title')}</legend>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'whole'} onChange={() => setMode('whole')} />{' '}
              {t('whole')}
            </label>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'part'} onChange={() => setMode('part')} />{' '}
              {t('part')}
            </label>
          </fieldset>
          {mode === 'part' ? (
            <p className={styles.cashOutField}>
              <label htmlFor={`${id}-part`}>{t('partStake', { currency: offer.currency })}</label>
              <input
                id={`${id}-part`}
                inputMode="decimal"
                autoComplete="off"
                value={partText}
                aria-invalid={partText !== '' && !partValid}
                aria-describedby={`${id}-hint`}
                onChange={(event) => setPartText(event.target.value)}
              />
              <span id={`${id}-hint`} className={styles.note}>
                {t('partHint', { min: money(offer.minStake), max: money(offer.stake) })}
              </span>
            </p>
          ) : null}
          {amount !== null ? (
            <p className={styles.cashOutValue}>{t('youGet', { amount: money(fromMinor(amount)) })}</p>
          ) : null}
          <div className={styles.receipt}>
            <button
              type="submit"
              className={buttons.primary}
              disabled={amount === null || step.kind === 'sending'}
              aria-busy={step.kind === 'sending'}
            >
              {step.kind === 'sending'
                ? t('working')
                : t('confirm', { amount: money(amount === null ? '0.00' : fromMinor(amount)) })}
            </button>
            <button type="button" className={styles.filter} onClick={() => setStep({ kind: 'idle' })}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <div role="alert">{step.kind === 'failed' ? <p className={styles.error}>{step.message}</p> : null}</div>
      {offer.price !== null || offer.autoTarget !== null ? <AutoCashOut offer={offer} /> : null}
    </div>
  );
}

/** The automatic cash out: the whole bet is cashed out once its value reaches the player's target. */
function AutoCashOut({ offer }: { offer: CashOutOffer }) {
  const t = useTranslations('cashOut');
  const errors = useTranslations('errors');
  const id = useId();
  const [text, setText] = useState(offer.autoTarget ?? '');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const money = (amount: string) => `${amount} ${offer.currency}`;

  async function save(target: string | null) {
    try {
      const answer = await setCashOutTarget({ betId: offer.betId, target });
      setNote({
        ok: true,
        text: answer.target === null ? t('auto.removed') : t('auto.saved', { amount: money(answer.target) }),
      });
      if (answer.target === null) setText('');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'network_error';
      setNote({ ok: false, text: errors.has(code) ? errors(code) : errors('internal_error') });
    }
  }

  return (
    <form
      className={styles.cashOutForm}
      onSubmit={(event) => {
        event.preventDefault();
        void save(text.trim() === '' ? null : text.trim().replace(',', '.'));
      }}
    >
      <p className={styles.cashOutField}>
        <label htmlFor={`${id}-target`}>{t('auto.label', { currency: offer.currency })}</label>
        <input
          id={`${id}-target`}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </p>
      {offer.autoTarget ? (
        <p className={styles.note}>{t('auto.current', { amount: money(offer.autoTarget) })}</p>
      ) : null}
      <div className={styles.receipt}>
        <button type="submit" className={styles.filter}>
          {t('auto.save')}
        </button>
        {offer.autoTarget ? (
          <button type="button" className={styles.filter} onClick={() => void save(null)}>
            {t('auto.remove')}
          </button>
        ) : null}
      </div>
      <div role="status">{note ? <p className={note.ok ? styles.note : styles.error}>{note.text}</p> : null}</div>
    </form>
  );
}
