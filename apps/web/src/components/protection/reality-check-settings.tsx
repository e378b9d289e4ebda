'use client';

import { REALITY_CHECK_CHOICES } from '@playhouse/shared/contracts/protection';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import formStyles from '@/components/ui/form.module.css';
import { useAction } from '@/components/ui/use-action';
import { setRealityCheck } from '@/lib/protection/protection-api';
import styles from './protection.module.css';

/** The interval of the reality check (off, or one of the choices); the profile's default shows until changed. */
export function RealityCheckSettings({
  lng,
  minutes,
  onChange,
}: {
  lng: Locale;
  minutes: number | null;
  onChange: (minutes: number | null) => void;
}) {
  const t = useTranslations('protection');
  const { busy, error: problem, run } = useAction();
  const id = useId();
  const [value, setValue] = useState(minutes === null ? 'off' : String(minutes));
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    await run(async () => {
      const next = value === 'off' ? null : Number(value);
      const answer = await setRealityCheck(lng, next);
      onChange(answer.intervalMinutes);
      setSaved(true);
    });
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('realityCheck.title')}
      </h2>
      <p className={styles.muted}>{t('realityCheck.intro')}</p>
      <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div className={formStyles.field}>
          <label htmlFor={id} className={formStyles.label}>
            {t('realityCheck.interval')}
          </label>
          <select
            id={id}
            className={formStyles.control}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="off">{t('realityCheck.off')}</option>
            {REALITY_CHECK_CHOICES.map((choice) => (
              <option key={choice} value={String(choice)}>
                {t('realityCheck.minutes', { minutes: choice })}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={formStyles.submit} disabled={busy}>
          {t('realityCheck.save')}
        </button>
        {problem ? (
          <p className={formStyles.formError} role="alert">
            {problem}
          </p>
        ) : null}
        <div role="status">{saved ? <p className={formStyles.success}>{t('realityCheck.saved')}</p> : null}</div>
      </form>
    </section>
  );
}
