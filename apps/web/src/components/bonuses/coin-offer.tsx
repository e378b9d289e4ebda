'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId } from 'react';
import { formatMoney } from '@/lib/account/money-format';
import buttons from '@/components/ui/button.module.css';
import styles from './bonuses.module.css';
import { useBonusErrorText } from './use-bonuses';
import { useOfferTexts } from './use-bonus-texts';
import { useCoinGame } from './use-coin-game';
import type { OfferBodyProps } from './standard-offer';

type CoinOfferProps = OfferBodyProps & {
  /** The shuffle's source of randomness (tests pass their own). */
  random?: () => number;
};

/** SPEC.md §2/§4 coins template: pick one coin; the server decides what it holds; the bonus is then taken for you. */
export function CoinOffer({ offer, onAccepted, onReject, onBusyChange, rejecting, random }: CoinOfferProps) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const errorText = useBonusErrorText();
  const { state, pick, retryAccept } = useCoinGame(offer, { onAccepted, random });
  const amount = state.phase === 'idle' || state.phase === 'picking' ? null : state.amount;
  const { values, notice } = useOfferTexts(offer, amount);
  const rejectInfoId = useId();
  const coins = state.phase === 'idle' || state.phase === 'picking' ? null : state.coins;
  const pickedIndex = state.phase === 'idle' ? -1 : state.index;
  const money = (value: string) => formatMoney(value, offer.currencyCode, locale);

  let status: string;
  switch (state.phase) {
    case 'idle':
      status = state.error ? errorText(state.error) : t('clickTheCoin');
      break;
    case 'picking':
      status = t('dialog.picking');
      break;
    case 'revealed':
      status = t('choosenBonusTitle', values);
      break;
    case 'accepting':
      status = `${t('choosenBonusTitle', values)} ${t('dialog.accepting')}`;
      break;
    case 'accepted':
      status = t('congratulateMessage', values);
      break;
    case 'failed':
      status = errorText(state.error);
      break;
  }

  const busy = state.phase === 'picking' || state.phase === 'revealed' || state.phase === 'accepting';
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  return (
    <div className={styles.offerBody}>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      <p className={styles.wager}>{t('transKey.wagerAmount', values)}</p>
      <ul className={styles.coins} aria-label={t('dialog.coins')}>
        {offer.items.map((_item, index) => {
          const value = coins?.[index];
          const picked = index === pickedIndex;
          const label = value
            ? t('dialog.coinValue', { number: index + 1, amount: money(value) })
            : t('dialog.coin', { number: index + 1 });
          return (
            <li key={index}>
              <button
                type="button"
                className={`${styles.coin} ${picked ? styles.picked : ''} ${value ? styles.revealed : ''}`}
                aria-label={picked && value ? `${label} ${t('dialog.yourCoin')}` : label}
                aria-pressed={picked}
                aria-disabled={state.phase !== 'idle' || rejecting}
                onClick={() => {
                  if (state.phase === 'idle' && !rejecting) pick(index);
                }}
              >
                <span aria-hidden="true">{value ? money(value) : '?'}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className={state.phase === 'accepted' ? styles.success : styles.status}>
        {status}
      </p>
      {state.phase === 'failed' ? (
        <div className={styles.actions}>
          <button type="button" className={buttons.primary} onClick={retryAccept}>
            {t('bonusButton.receive')}
          </button>
        </div>
      ) : null}
      {state.phase === 'idle' ? (
        <div className={styles.actions}>
          <p id={rejectInfoId} className={styles.rejectInfo}>
            {t('transKey.bonusRejectInformation')}
          </p>
          <button
            type="button"
            className={buttons.secondary}
            aria-describedby={rejectInfoId}
            disabled={rejecting}
            onClick={onReject}
          >
            {t('bonusButton.reject')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
