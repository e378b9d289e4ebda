'use client';

import type { FormField } from '@playhouse/shared/contracts/accounts';
import type { BonusOffer } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { SessionGate } from '@/components/account/session-gate';
import { formatDateTime } from '@/lib/account/money-format';
import { forfeitBonus } from '@/lib/bonuses/bonuses-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { BonusHistory } from './bonus-history';
import { BonusOfferDialog } from './bonus-offer-dialog';
import { PromoCodeForm } from './promo-code-form';
import buttons from '@/components/ui/button.module.css';
import { BonusesPending } from './bonuses-pending';
import styles from './bonuses.module.css';
import { useBonuses, useBonusesChanged, useBonusErrorText } from './use-bonuses';
import { useOfferTexts } from './use-bonus-texts';
import { WageringProgress } from './wagering-progress';
import layout from '@/components/ui/layout.module.css';

/**
 * /{lng}/bonuses (player only): the offers waiting for an answer, the bonus being wagered, the promo-code field and
 * the history. `promoFields`: the affiliate-promocode form as /spa/forms describes it.
 */
export function BonusesView({ promoFields }: { promoFields: FormField[] }) {
  return <SessionGate next="/bonuses">{() => <Bonuses promoFields={promoFields} />}</SessionGate>;
}

function OfferCard({ offer, onOpen }: { offer: BonusOffer; onOpen: () => void }) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const { name, notice } = useOfferTexts(offer);
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>{name}</h3>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
      {offer.expiresAt ? (
        <p className={styles.muted}>
          {t('details.offerExpires')}: {formatDateTime(offer.expiresAt, locale)}
        </p>
      ) : null}
      <button type="button" className={buttons.primary} onClick={onOpen}>
        {t('page.open', { name })}
      </button>
    </li>
  );
}

function ForfeitButton({ id }: { id: string }) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const errorText = useBonusErrorText();
  const changed = useBonusesChanged();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const key = useRef<string | null>(null);

  const forfeit = () => {
    setBusy(true);
    setError(null);
    key.current ??= newIdempotencyKey();
    forfeitBonus(locale, id, key.current).then(
      () => changed(),
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };

  return (
    <div className={styles.forfeit}>
      {confirming ? (
        <>
          <p>{t('progress.forfeitConfirm')}</p>
          <div className={styles.actions}>
            <button type="button" className={buttons.secondary} disabled={busy} onClick={() => setConfirming(false)}>
              {t('progress.forfeitNo')}
            </button>
            <button type="button" className={buttons.danger} disabled={busy} onClick={forfeit}>
              {t('progress.forfeitYes')}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className={styles.link} onClick={() => setConfirming(true)}>
          {t('progress.forfeit')}
        </button>
      )}
      {error ? (
        <p role="alert" className={styles.error}>
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}

function Bonuses({ promoFields }: { promoFields: FormField[] }) {
  const t = useTranslations('bonuses');
  const { data, error, mutate } = useBonuses();
  const changed = useBonusesChanged();
  const [open, setOpen] = useState<BonusOffer | null>(null);

  if (error || !data) return <BonusesPending failed={Boolean(error)} onRetry={() => void mutate()} />;

  return (
    <div className={layout.stack}>
      <section aria-labelledby="bonuses-active" className={`${layout.panel} ${styles.section}`}>
        <h2 id="bonuses-active">{t('page.activeTitle')}</h2>
        {data.active ? (
          <>
            <WageringProgress bonus={data.active} />
            <ForfeitButton key={data.active.id} id={data.active.id} />
          </>
        ) : (
          <p>{t('progress.none')}</p>
        )}
      </section>
      <section aria-labelledby="bonuses-offers" className={`${layout.panel} ${styles.section}`}>
        <h2 id="bonuses-offers">{t('page.offersTitle')}</h2>
        {data.offers.length > 0 ? (
          <ul className={styles.cards}>
            {data.offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} onOpen={() => setOpen(offer)} />
            ))}
          </ul>
        ) : (
          <p>{t('page.noOffers')}</p>
        )}
      </section>
      <section aria-labelledby="bonuses-promo" className={`${layout.panel} ${styles.section}`}>
        <h2 id="bonuses-promo">{t('promo.title')}</h2>
        <PromoCodeForm fields={promoFields} onRedeemed={() => changed()} />
      </section>
      {/* Not named: the history's scrolling region carries the heading's name. */}
      <section className={`${layout.panel} ${styles.section}`}>
        <h2 id="bonuses-history">{t('page.historyTitle')}</h2>
        <BonusHistory labelledBy="bonuses-history" />
      </section>
      {open ? (
        <BonusOfferDialog
          key={open.id}
          offer={open}
          onAccepted={(bonus) => changed(bonus)}
          onRejected={() => {
            setOpen(null);
            changed();
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
