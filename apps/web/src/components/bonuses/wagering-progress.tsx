'use client';

import type { ActiveBonus } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Link } from '@/i18n/navigation';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { campaignFallbackName } from '@/lib/bonuses/bonus-text';
import { wageringPercent } from '@/lib/bonuses/wagering';
import { FactsList } from '@/components/ui/facts-list';
import styles from './bonuses.module.css';
import { useBonuses } from './use-bonuses';
import { useCampaignText } from './use-bonus-texts';

/** The active bonus's wagering: done, left and expiry, with a progress bar. */
export function WageringProgress({ bonus }: { bonus: ActiveBonus }) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const text = useCampaignText();
  const labelId = useId();
  const money = (value: string) => formatMoney(value, bonus.currencyCode, locale);
  const percent = wageringPercent(bonus.wagered, bonus.wagerRequired);
  const name = text(
    bonus.nameKey,
    {
      wager: '',
      amount: money(bonus.amount),
      quantity: bonus.freeSpinsLeft ?? 0,
      currencyCode: bonus.currencyCode,
      gameTitle: '',
      providerTitle: '',
    },
    campaignFallbackName(bonus, locale),
  );
  const facts: [string, string][] = [
    [t('progress.done'), t('progress.of', { done: money(bonus.wagered), required: money(bonus.wagerRequired) })],
    [t('progress.left'), money(bonus.left)],
    [t('progress.expires'), formatDateTime(bonus.expiresAt, locale)],
  ];
  if (bonus.maxBet !== null) facts.push([t('progress.maxBet'), money(bonus.maxBet)]);
  if (bonus.freeSpinsLeft !== null) facts.push([t('progress.freeSpinsLeft'), String(bonus.freeSpinsLeft)]);

  return (
    <div className={styles.progress}>
      <p id={labelId} className={styles.progressName}>
        {name}: {t('progress.percent', { percent })}
      </p>
      <progress className={styles.bar} max={100} value={percent} aria-labelledby={labelId} />
      <FactsList facts={facts} className={styles.facts} />
    </div>
  );
}

/** Near the header balances: how far the bonus wagering is, linking to the bonuses page. Nothing without a bonus. */
export function WageringMeter() {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const { data } = useBonuses();
  const bonus = data?.active;
  if (!bonus) return null;
  const percent = wageringPercent(bonus.wagered, bonus.wagerRequired);
  const label = t('progress.meterLabel', {
    percent,
    left: formatMoney(bonus.left, bonus.currencyCode, locale),
    expires: formatDateTime(bonus.expiresAt, locale),
  });
  return (
    <Link href="/bonuses" className={styles.meter} aria-label={label} title={label}>
      <span className={styles.meterValue} aria-hidden="true">
        {percent}%
      </span>
      <span className={styles.meterTrack} aria-hidden="true">
        <span className={styles.meterFill} style={{ width: `${percent}%` }} />
      </span>
    </Link>
  );
}

/** The active bonus with its wagering, or a line saying there is none (profile and bonuses page). */
export function ActiveBonusSummary() {
  const t = useTranslations('bonuses');
  const { data, error } = useBonuses();
  if (error) return <p>{t('errors.generic')}</p>;
  if (!data) return <p role="status">{t('page.loading')}</p>;
  return data.active ? <WageringProgress bonus={data.active} /> : <p>{t('progress.none')}</p>;
}
