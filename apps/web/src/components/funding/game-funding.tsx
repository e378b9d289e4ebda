'use client';

import type { StakePreview } from '@playhouse/shared/contracts/funding';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { previewCasinoStake } from '@/lib/funding/funding-api';
import { useAppSelector } from '@/store/hooks';
import { isPositive } from '@/lib/funding/funding';
import styles from './funding.module.css';
import { useBonusName } from './use-bonus-name';
import { useMoney } from './use-money';

/**
 * Before a real-money game opens: the money its bets would take (cash first, then bonus money) and what the running
 * bonus holds for this game (its largest stake, how much of a bet counts, free spins here). The rules come from the
 * stake pipeline's dry run without an amount; on no answer it shows nothing (the game plays anyway, and each round's
 * split shows in the game's history).
 */
export function GameFunding({ game }: { game: string }) {
  const t = useTranslations('funding.game');
  const rules = useTranslations('funding.rules');
  const titleId = useId();
  const [preview, setPreview] = useState<StakePreview | null>(null);
  const money = useMoney(preview?.currency ?? '');
  const name = useBonusName();

  // Asked again when the balances the header shows change (a round played in the frame, a deposit), so the money
  // named here is never older than the header's.
  const balances = useAppSelector((state) => `${state.balance.mainBalanceAmount}/${state.balance.bonusBalanceAmount}`);

  useEffect(() => {
    const controller = new AbortController();
    previewCasinoStake(game, undefined, controller.signal)
      .then(setPreview)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) console.error('funding: the game preview could not be loaded', failure);
      });
    return () => controller.abort();
  }, [game, balances]);

  if (!preview) return null;
  const bonus = preview.bonus;
  return (
    <section className={`${styles.preview} ${styles.game}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.label}>
        {t('title')}
      </h2>
      <p className={styles.summary}>
        {t('available', { cash: money(preview.available.cash), bonus: money(preview.available.bonus) })}
      </p>
      <ul className={styles.rules}>
        <li>{t('order')}</li>
        {bonus ? <li>{rules('bonus', { name: name(bonus) })}</li> : null}
        {bonus && !bonus.takesPart ? <li>{rules('notTakingPart', { product: 'casino' })}</li> : null}
        {bonus?.takesPart ? (
          <>
            <li>{bonus.maxBet === null ? rules('noMaxBet') : rules('maxBet', { amount: money(bonus.maxBet) })}</li>
            <li>{t('contribution', { percent: bonus.contributionPercent })}</li>
            {bonus.freeSpins && bonus.freeSpins.game === game && bonus.freeSpins.left > 0 ? (
              <li>{t('freeSpinsHere', { count: bonus.freeSpins.left, stake: money(bonus.freeSpins.stake) })}</li>
            ) : null}
            {isPositive(bonus.wagerRequired) ? (
              <li>{rules('wagering', { wagered: money(bonus.wagered), required: money(bonus.wagerRequired) })}</li>
            ) : null}
          </>
        ) : null}
      </ul>
    </section>
  );
}
