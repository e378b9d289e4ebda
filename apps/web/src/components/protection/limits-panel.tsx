'use client';

import type { LimitKind, PlayerLimit } from '@playhouse/shared/contracts/protection';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
import { amountProblem, normalizeAmount } from '@/lib/account/amount';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { confirmLimit, setLimit } from '@/lib/protection/protection-api';
import styles from './protection.module.css';

const KINDS: LimitKind[] = ['deposit', 'loss', 'wager', 'session'];

/** Every limit the player can set, grouped by kind; each card saves, confirms or keeps its own limit. */
export function LimitsPanel({
  lng,
  currency,
  limits,
  onChange,
}: {
  lng: Locale;
  currency: string;
  limits: PlayerLimit[];
  onChange: (limits: PlayerLimit[]) => void;
}) {
  const t = useTranslations('protection');
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby="limits-title">
      <h2 id="limits-title" className={styles.sectionTitle}>
        {t('limits.title')}
      </h2>
      {KINDS.map((kind) => (
        <div key={kind} className={styles.section}>
          <h3 id={`${id}-${kind}`} className={styles.sectionTitle}>
            {t(`limits.kinds.${kind}`)}
          </h3>
          <div className={styles.grid}>
            {limits
              .filter((limit) => limit.kind === kind)
              .map((limit) => (
                <LimitCard
                  key={`${limit.kind}:${limit.period}`}
                  lng={lng}
                  currency={currency}
                  limit={limit}
                  kindTitleId={`${id}-${kind}`}
                  onChange={onChange}
                />
              ))}
          </div>
        </div>
      ))}
    </section>
  );
}

function LimitCard({
  lng,
  currency,
  limit,
  kindTitleId,
  onChange,
}: {
  lng: Locale;
  currency: string;
  limit: PlayerLimit;
  /** The kind's heading: with the period it names the card ("Deposit limit Daily"; every kind has a "Daily"). */
  kindTitleId: string;
  onChange: (limits: PlayerLimit[]) => void;
}) {
  const t = useTranslations('protection');
  const tc = useTranslations('cashbox');
  const action = useAction();
  const { busy, error: problem, setError: setProblem } = action;
  const id = useId();
  const [value, setValue] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const session = limit.kind === 'session';
  const show = (amount: string) =>
    session ? t('limits.minutes', { minutes: amount }) : formatMoney(amount, currency, lng);
  const label = t('limits.amountLabel', {
    kind: t(`limits.kinds.${limit.kind}`),
    period: t(`limits.periods.${limit.period}`),
  });

  async function run(send: () => Promise<{ limits: PlayerLimit[] }>, success: string) {
    setNotice(null);
    await action.run(async () => {
      const { limits } = await send();
      setValue('');
      setNotice(success);
      onChange(limits);
    });
  }

  function save(next: string | null) {
    if (next !== null && (session ? !/^\d{2,4}$/.test(next.trim()) : amountProblem(next, currency))) {
      setProblem(tc('invalidAmount'));
      return;
    }
    const amount = next === null ? null : session ? next.trim() : normalizeAmount(next);
    const raising = limit.amount !== null && (amount === null || Number(amount) > Number(limit.amount));
    void run(
      () => setLimit(lng, { kind: limit.kind, period: limit.period, amount }),
      raising ? t('limits.raiseWaits') : t('limits.saved'),
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(value);
  }

  return (
    <form className={styles.card} noValidate onSubmit={submit} aria-labelledby={`${kindTitleId} ${id}-title`}>
      <h4 id={`${id}-title`} className={styles.cardTitle}>
        {t(`limits.periods.${limit.period}`)}
      </h4>
      <p className={styles.line}>
        {limit.amount === null ? t('limits.none') : t('limits.inForce', { amount: show(limit.amount) })}
      </p>
      {limit.amount !== null && limit.used !== null && limit.remaining !== null ? (
        <p className={styles.line}>{t('limits.usage', { used: show(limit.used), remaining: show(limit.remaining) })}</p>
      ) : null}
      {limit.pendingEffectiveAt ? (
        <p className={styles.line}>
          {limit.pendingAmount === null
            ? t('limits.pendingRemoval', { date: formatDateTime(limit.pendingEffectiveAt, lng) })
            : t('limits.pending', {
                amount: show(limit.pendingAmount),
                date: formatDateTime(limit.pendingEffectiveAt, lng),
              })}
        </p>
      ) : null}
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={formStyles.control}
        inputMode={session ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className={styles.buttons}>
        <button type="submit" className={formStyles.submit} disabled={busy}>
          {t('limits.save')}
        </button>
        {limit.amount !== null ? (
          <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => save(null)}>
            {t('limits.remove')}
          </button>
        ) : null}
        {limit.pendingEffectiveAt ? (
          <button
            type="button"
            className={formStyles.secondary}
            disabled={busy}
            onClick={() =>
              void run(() => confirmLimit(lng, { kind: limit.kind, period: limit.period }), t('limits.saved'))
            }
          >
            {t('limits.confirm')}
          </button>
        ) : null}
        {limit.pendingEffectiveAt && limit.amount !== null ? (
          <button
            type="button"
            className={formStyles.secondary}
            disabled={busy}
            onClick={() =>
              void run(
                () => setLimit(lng, { kind: limit.kind, period: limit.period, amount: limit.amount }),
                t('limits.saved'),
              )
            }
          >
            {t('limits.cancel')}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-error`} className={formStyles.fieldError}>
          {problem}
        </p>
      ) : null}
      <div role="status">{notice ? <p className={formStyles.success}>{notice}</p> : null}</div>
    </form>
  );
}
