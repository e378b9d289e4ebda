'use client';

import type { BonusOffer } from '@playhouse/shared/contracts/bonuses';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '@/store/hooks';
import styles from './bonuses.module.css';
import { useBonuses, useBonusesChanged } from './use-bonuses';

const BonusOfferDialog = dynamic(() => import('./bonus-offer-dialog').then((module) => module.BonusOfferDialog), {
  ssr: false,
});

/**
 * The way to the bonus offer screen from every page: a gift button beside the header balances while offers wait
 * (none while a bonus is being wagered, since only one can be), opening the offer screen over the page, oldest offer
 * first; Later moves on to the next offer the following time. The offers are read again whenever a balance changes,
 * since bonuses follow deposits, bets and grants.
 */
export function BonusOfferGate() {
  const t = useTranslations('bonuses');
  const { data, mutate } = useBonuses();
  const changed = useBonusesChanged();
  const main = useAppSelector((state) => state.balance.mainBalanceAmount);
  const bonus = useAppSelector((state) => state.balance.bonusBalanceAmount);
  const [setAside, setSetAside] = useState<string[]>([]);
  // The offer on screen stays there until the player closes it, though the api lists it no more once answered.
  const [open, setOpen] = useState<BonusOffer | null>(null);

  const balancesSeen = useRef(false);
  useEffect(() => {
    if (!balancesSeen.current) {
      balancesSeen.current = true;
      return;
    }
    void mutate();
  }, [main, bonus, mutate]);

  const offers = data && !data.active ? data.offers : [];
  const next = offers.find((offer) => !setAside.includes(offer.id)) ?? offers[0] ?? null;

  const close = () => {
    if (open) setSetAside((ids) => [...ids.filter((id) => id !== open.id), open.id]);
    setOpen(null);
  };

  return (
    <>
      {next ? (
        <button
          type="button"
          className={styles.gift}
          aria-label={t('dialog.openOffers', { count: offers.length })}
          title={t('dialog.openOffers', { count: offers.length })}
          onClick={() => setOpen(next)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 10h18v4H3zM5 14h14v7H5z" fill="currentColor" />
            <path d="M11 10h2v11h-2z" fill="var(--color-bg)" />
            <path
              d="M12 10C10 6 7 5 6.5 7S9 10 12 10Zm0 0c2-4 5-5 5.5-3S15 10 12 10Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
          <span className={styles.giftCount} aria-hidden="true">
            {offers.length}
          </span>
        </button>
      ) : null}
      {open ? (
        <BonusOfferDialog
          key={open.id}
          offer={open}
          onAccepted={(accepted) => changed(accepted)}
          onRejected={() => {
            setOpen(null);
            changed();
          }}
          onClose={close}
        />
      ) : null}
    </>
  );
}
