'use client';

import type { DepositLimit } from '@playhouse/shared/contracts/cashbox';
import type { PlayerLimit } from '@playhouse/shared/contracts/protection';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { amountProblem, normalizeAmount } from '@/lib/account/amount';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { Link } from '@/i18n/navigation';
import { getLimits, LIMITS_KEY, setLimit } from '@/lib/protection/protection-api';
import styles from './deposit-limits.module.css';
import formStyles from '@/components/ui/form.module.css';
import { LoadError } from '@/components/ui/load-error';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { useAction } from '@/components/ui/use-action';

/**
 * Deposit limits per day, week and month: lowering (or a first limit) applies at once, raising or removing waits
 * 24 hours, and the waiting change is shown with the moment it takes effect.
 */
export function DepositLimits({ lng, currency }: { lng: Locale; currency: string }) {
  const t = useTranslations('account');
  const tc = useTranslations('cashbox');
  const tcommon = useTranslations('common');
  const tSafe = useTranslations('safePlay');
  const { data, error, mutate } = useSWR([LIMITS_KEY, lng], () => getLimits(lng), SWR_OPTIONS);

  if (error)
    return <LoadError message={t('profile.loadFailed')} retryLabel={tc('retry')} onRetry={() => void mutate()} />;
  if (!data) return <p role="status">{tcommon('loading')}</p>;

  return (
    <div className={styles.limits}>
      <p className={styles.intro}>{t('profile.limitsIntro')}</p>
      {data.limits.filter(isDepositLimit).map((limit) => (
        <LimitRow
          key={limit.period}
          lng={lng}
          currency={currency}
          limit={limit}
          onSaved={(limits) => void mutate({ limits }, { revalidate: false })}
        />
      ))}
      <p>
        <Link href="/responsible-gaming">{tSafe('menu.responsibleGaming')}</Link>
      </p>
    </div>
  );
}

/** The deposit limits among all of the player's limits (the profile shows these; the rest are on their own page). */
function isDepositLimit(limit: PlayerLimit): limit is PlayerLimit & DepositLimit {
  return limit.kind === 'deposit';
}

type LimitRowProps = {
  lng: Locale;
  currency: string;
  limit: DepositLimit;
  onSaved: (limits: PlayerLimit[]) => void;
};

function LimitRow({ lng, currency, limit, onSaved }: LimitRowProps) {
  const t = useTranslations('account');
  const tc = useTranslations('cashbox');
  const { busy, error: problem, setError: setProblem, run } = useAction();
  const inputId = useId();
  const [amount, setAmount] = useState('');
  const [saved, setSaved] = useState(false);
  const money = (value: string) => formatMoney(value, currency, lng);

  async function save(next: string | null) {
    setSaved(false);
    setProblem(null);
    if (next !== null && amountProblem(next, currency)) {
      setProblem(tc('invalidAmount'));
      return;
    }
    await run(async () => {
      const { limits } = await setLimit(lng, {
        kind: 'deposit',
        period: limit.period,
        amount: next === null ? null : normalizeAmount(next),
      });
      setAmount('');
      setSaved(true);
      onSaved(limits);
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(amount);
  }

  const errorId = `${inputId}-error`;
  return (
    <form className={styles.row} noValidate onSubmit={submit} aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className={styles.period}>
        {t(`profile.periods.${limit.period}`)}
      </h3>
      <p className={styles.current}>
        {limit.amount === null ? t('profile.noLimit') : t('profile.currentLimit', { amount: money(limit.amount) })}
      </p>
      {limit.pendingEffectiveAt ? (
        <p className={styles.pending}>
          {limit.pendingAmount === null
            ? t('profile.pendingRemoval', { date: formatDateTime(limit.pendingEffectiveAt, lng) })
            : t('profile.pendingRaise', {
                amount: money(limit.pendingAmount),
                date: formatDateTime(limit.pendingEffectiveAt, lng),
              })}
        </p>
      ) : null}
      <div className={styles.controls}>
        <label htmlFor={inputId} className={formStyles.label}>
          {t('profile.newLimit', { currency })}
        </label>
        <input
          id={inputId}
          className={formStyles.control}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div className={styles.buttons}>
          <button type="submit" className={formStyles.submit} disabled={busy}>
            {t('profile.setLimit')}
          </button>
          {limit.amount !== null ? (
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => void save(null)}>
              {t('profile.removeLimit')}
            </button>
          ) : null}
        </div>
      </div>
      {problem ? (
        <p id={errorId} className={formStyles.fieldError}>
          {problem}
        </p>
      ) : null}
      <div role="status">{saved ? <p className={formStyles.success}>{t('profile.limitSaved')}</p> : null}</div>
    </form>
  );
}
