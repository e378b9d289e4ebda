'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { Link } from '@/i18n/navigation';
import { getProtection, PROTECTION_KEY } from '@/lib/protection/protection-api';
import { BreakForm, ClosureForm, RestrictionBanner } from './break-forms';
import { LimitsPanel } from './limits-panel';
import styles from './protection.module.css';
import { RealityCheckSettings } from './reality-check-settings';

/** The responsible gaming page: the player's standing, limits, reality check, breaks and closure. */
export function ProtectionView({ lng }: { lng: Locale }) {
  const t = useTranslations('protection');
  const tcommon = useTranslations('common');
  const { data, error, mutate } = useSWR([PROTECTION_KEY, lng], () => getProtection(lng), SWR_OPTIONS);
  if (error) return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  if (!data) return <p role="status">{tcommon('loading')}</p>;
  const refresh = () => void mutate();

  return (
    <>
      <RestrictionBanner lng={lng} restriction={data.restriction} onChange={refresh} />
      <nav aria-label={t('title')} className={styles.section}>
        <ul className={styles.buttons}>
          <li>
            <Link href="/verification">{t('nav.verification')}</Link>
          </li>
          <li>
            <Link href="/statement">{t('nav.statement')}</Link>
          </li>
        </ul>
      </nav>
      <LimitsPanel
        lng={lng}
        currency={data.currency}
        limits={data.limits}
        onChange={(limits) => void mutate({ ...data, limits }, { revalidate: false })}
      />
      <RealityCheckSettings
        lng={lng}
        minutes={data.realityCheckMinutes}
        onChange={(realityCheckMinutes) => void mutate({ ...data, realityCheckMinutes }, { revalidate: false })}
      />
      <section className={styles.section} aria-labelledby="breaks-title">
        <h2 id="breaks-title" className={styles.sectionTitle}>
          {t('breaks.title')}
        </h2>
        <p className={styles.muted}>{t('breaks.intro')}</p>
        <div className={styles.grid}>
          <BreakForm lng={lng} kind="timeout" onDone={refresh} />
          <BreakForm lng={lng} kind="self_exclusion" onDone={refresh} />
        </div>
      </section>
      <section className={styles.section} aria-labelledby="closure-title">
        <h2 id="closure-title" className={styles.sectionTitle}>
          {t('closure.title')}
        </h2>
        <p className={styles.muted}>{t('closure.intro')}</p>
        <ClosureForm lng={lng} onDone={refresh} />
      </section>
    </>
  );
}
