'use client';

import type { ActiveBonus, BonusOffer } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { formatMinor, parseDecimal } from '@playhouse/shared/money';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime, formatMoney } from '@/lib/account/money-format';
import { acceptBonus } from '@/lib/bonuses/bonuses-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import buttons from '@/components/ui/button.module.css';
import { FactsList } from '@/components/ui/facts-list';
import styles from './bonuses.module.css';
import { useBonusErrorText } from './use-bonuses';
import { useOfferTexts } from './use-bonus-texts';

/** What the offer dialog gives the body of either template (standard, coins). */
export type OfferBodyProps = {
  offer: BonusOffer;
  onAccepted: (bonus: ActiveBonus) => void;
  onReject: () => void;
  /** Whether an answer is on its way, so the dialog stays open until it lands. */
  onBusyChange: (busy: boolean) => void;
  rejecting: boolean;
};

/** SPEC.md §2/§4 standard template: what the bonus is, more information behind show more / hide, receive or reject. */
export function StandardOffer({ offer, onAccepted, onReject, onBusyChange, rejecting }: OfferBodyProps) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const errorText = useBonusErrorText();
  const [expanded, setExpanded] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'receiving' | 'received'>('idle');
  const [granted, setGranted] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const acceptKey = useRef<string | null>(null);
  const { values, name, notice } = useOfferTexts(offer, granted);
  const moreId = useId();
  const rejectInfoId = useId();
  const money = (value: string) => formatMoney(value, offer.currencyCode, locale);

  const receive = () => {
    if (phase !== 'idle' || rejecting) return;
    setPhase('receiving');
    setError(null);
    acceptKey.current ??= newIdempotencyKey();
    acceptBonus(locale, offer.id, acceptKey.current).then(
      ({ bonus }) => {
        setGranted(bonus.amount);
        setPhase('received');
        onAccepted(bonus);
      },
      (failure: unknown) => {
        setError(failure);
        setPhase('idle');
      },
    );
  };

  const details: [string, string][] = [];
  const amountMinor = offer.amount === null ? null : parseDecimal(offer.amount, offer.currencyCode);
  if (amountMinor !== null && Number.isInteger(offer.wager))
    details.push([t('details.wagerTotal'), money(formatMinor(amountMinor * BigInt(offer.wager), offer.currencyCode))]);
  if (offer.quantity !== null) details.push([t('details.freeSpins'), String(offer.quantity)]);
  details.push([t('details.maxBet'), offer.maxBet === null ? t('details.noMaxBet') : money(offer.maxBet)]);
  details.push([t('details.validDays'), t('details.validDaysValue', { days: offer.validDays })]);
  if (offer.expiresAt) details.push([t('details.offerExpires'), formatDateTime(offer.expiresAt, locale)]);

  const busy = phase === 'receiving';
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  return (
    <div className={styles.offerBody}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('transKey.bonusName')}</dt>
          <dd>{name}</dd>
        </div>
        {notice ? (
          <div>
            <dt>{t('transKey.bonusExplanation')}</dt>
            <dd>{notice}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('details.wager')}</dt>
          <dd>{t('transKey.wagerAmount', values)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={moreId}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? t('bonusButton.hide') : t('bonusButton.showMore')}
      </button>
      <div id={moreId} className={styles.more} hidden={!expanded}>
        <h3 className={styles.moreTitle}>{t('transKey.moreInformation')}</h3>
        <FactsList facts={details} className={styles.facts} />
      </div>
      <p role="status" className={phase === 'received' ? styles.success : styles.status}>
        {phase === 'received' ? t('congratulateMessage', values) : error ? errorText(error) : ''}
      </p>
      {phase === 'received' ? null : (
        <div className={styles.actions}>
          <p id={rejectInfoId} className={styles.rejectInfo}>
            {t('transKey.bonusRejectInformation')}
          </p>
          <button
            type="button"
            className={buttons.secondary}
            aria-describedby={rejectInfoId}
            disabled={phase !== 'idle' || rejecting}
            onClick={onReject}
          >
            {t('bonusButton.reject')}
          </button>
          <button type="button" className={buttons.primary} disabled={phase !== 'idle' || rejecting} onClick={receive}>
            {t('bonusButton.receive')}
          </button>
        </div>
      )}
    </div>
  );
}
