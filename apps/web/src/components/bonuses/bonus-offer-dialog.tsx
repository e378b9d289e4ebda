'use client';

import type { ActiveBonus, BonusOffer } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { usesCoinsTemplate } from '@/lib/bonuses/bonus-text';
import { rejectBonus } from '@/lib/bonuses/bonuses-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { ModalDialog } from '@/components/ui/modal-dialog';
import styles from './bonuses.module.css';
import { CoinOffer } from './coin-offer';
import { StandardOffer, type OfferBodyProps } from './standard-offer';
import { useBonusErrorText } from './use-bonuses';
import { useOfferTexts } from './use-bonus-texts';

type BonusOfferDialogProps = {
  offer: BonusOffer;
  onAccepted: (bonus: ActiveBonus) => void;
  onRejected: () => void;
  /** The player puts the offer aside (Later, or Escape); it stays on the bonuses page. */
  onClose: () => void;
  /** The coin shuffle's source of randomness (tests pass their own). */
  random?: () => number;
};

/**
 * SPEC.md §2 "Bonus offer screen" as a modal over the page: the coins template when the offer is a coin game with
 * coins, else the standard one. While an answer is on its way (a pick, the reveal, the acceptance) it cannot be closed.
 */
export function BonusOfferDialog({ offer, onAccepted, onRejected, onClose, random }: BonusOfferDialogProps) {
  const t = useTranslations('bonuses');
  const locale = useLocale() as Locale;
  const errorText = useBonusErrorText();
  const { name } = useOfferTexts(offer);
  const titleId = useId();
  const [settled, setSettled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [rejectError, setRejectError] = useState<unknown>(null);
  const rejectKey = useRef<string | null>(null);
  const canClose = settled || (!busy && !rejecting);

  const accepted = (bonus: ActiveBonus) => {
    setSettled(true);
    onAccepted(bonus);
  };

  const reject = () => {
    if (rejecting) return;
    setRejecting(true);
    setRejectError(null);
    rejectKey.current ??= newIdempotencyKey();
    rejectBonus(locale, offer.id, rejectKey.current).then(
      () => onRejected(),
      (error: unknown) => {
        setRejectError(error);
        setRejecting(false);
      },
    );
  };

  const coins = usesCoinsTemplate(offer);
  const body: OfferBodyProps = { offer, onAccepted: accepted, onReject: reject, onBusyChange: setBusy, rejecting };
  return (
    <ModalDialog labelledBy={titleId} onClose={canClose ? onClose : null} wide={coins}>
      <p className={styles.eyebrow}>{t('dialog.title')}</p>
      <h2 id={titleId} className={styles.title}>
        {name}
      </h2>
      {coins ? <CoinOffer {...body} random={random} /> : <StandardOffer {...body} />}
      {rejectError ? (
        <p role="alert" className={styles.error}>
          {errorText(rejectError)}
        </p>
      ) : null}
      <div className={styles.closeRow}>
        <button type="button" className={styles.link} disabled={!canClose} onClick={onClose}>
          {settled ? t('dialog.close') : t('dialog.later')}
        </button>
      </div>
    </ModalDialog>
  );
}
