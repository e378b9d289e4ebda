'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { isValidBet } from '@/components/originals/format';
import { CardRow, useCardName } from './playing-card';
import { RoundEnd } from './round-actions';
import { StakeField } from './stake-controls';
import type { TableGameProps } from './table-props';
import { isBlackjackView } from './views';
import styles from './tables.module.css';

/**
 * Blackjack (one box, or up to three in the multihand game): the stakes, then the house's up card and each hand with
 * its total, and the moves the round allows now: hit, stand, double, split, insurance.
 */
export function BlackjackTable({ lng, currency, game, controls }: TableGameProps<'blackjack' | 'blackjack-multihand'>) {
  const t = useTranslations('tables');
  const cardName = useCardName();
  const boxesId = useId();
  const maxBoxes = game === 'blackjack-multihand' ? 3 : 1;
  const [boxCount, setBoxCount] = useState(1);
  const [stakes, setStakes] = useState(['1.00', '1.00', '1.00']);
  const { round, busy } = controls;
  const view = round && isBlackjackView(round.view) ? round.view : null;

  if (!round || !view) {
    const boxes = stakes.slice(0, boxCount);
    const valid = boxes.every(isValidBet);
    return (
      <section className={styles.table}>
        <p className={styles.hint}>{t('blackjack.rules')}</p>
        <div className={styles.fields}>
          {maxBoxes > 1 ? (
            <div className={styles.field}>
              <label htmlFor={boxesId}>{t('blackjack.boxes')}</label>
              <select
                id={boxesId}
                className={styles.select}
                value={boxCount}
                onChange={(event) => setBoxCount(Number(event.target.value))}
              >
                {[1, 2, 3].map((count) => (
                  <option key={count} value={count}>
                    {t('blackjack.boxCount', { count })}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {boxes.map((stake, index) => (
            <StakeField
              key={index}
              label={t('stakeLabel', { bet: t('blackjack.box', { box: index + 1 }) })}
              value={stake}
              onChange={(value) => setStakes((current) => current.map((old, at) => (at === index ? value : old)))}
            />
          ))}
          <button
            type="button"
            className={styles.action}
            disabled={busy || !valid}
            onClick={() => void controls.start({ game, bets: { boxes: boxes.map((stake) => stake.trim()) } })}
          >
            {busy ? t('dealing') : t('deal')}
          </button>
        </div>
      </section>
    );
  }

  const finished = round.status === 'finished';
  const dealerLabel = `${t('blackjack.dealer')}: ${
    view.dealer.soft ? t('blackjack.softTotal', { total: view.dealer.total }) : view.dealer.total
  }`;
  const active = view.active;
  const activeHand = active ? view.boxes[active.box]?.hands[active.hand] : undefined;
  const announcement = finished
    ? ''
    : view.phase === 'insurance' && active
      ? t('blackjack.insuranceOffer', { box: active.box + 1 })
      : active && activeHand
        ? t('blackjack.turn', {
            box: active.box + 1,
            hand: active.hand + 1,
            total: activeHand.total,
            upCard: cardName(view.dealer.cards[0]!),
          })
        : '';

  return (
    <section className={styles.table} data-testid="blackjack-table">
      <div className={styles.felt}>
        <div className={styles.area}>
          <h2>{dealerLabel}</h2>
          <CardRow
            cards={view.dealer.cards}
            hidden={view.dealer.holeCardHidden ? 1 : 0}
            label={t('blackjack.dealer')}
          />
        </div>
        <div className={styles.hands}>
          {view.boxes.map((box, boxIndex) =>
            box.hands.map((hand, handIndex) => {
              const name =
                box.hands.length > 1
                  ? `${t('blackjack.box', { box: boxIndex + 1 })}, ${t('blackjack.hand', { hand: handIndex + 1 })}`
                  : t('blackjack.box', { box: boxIndex + 1 });
              const isActive = !finished && active?.box === boxIndex && active.hand === handIndex;
              return (
                <div
                  key={`${boxIndex}-${handIndex}`}
                  className={styles.hand}
                  data-active={isActive}
                  aria-current={isActive ? 'true' : undefined}
                >
                  <h3 className={styles.total}>
                    {name}: {hand.soft ? t('blackjack.softTotal', { total: hand.total }) : hand.total} ·{' '}
                    {t(`blackjack.status.${hand.status}`)}
                    {hand.doubled ? ` · ${t('blackjack.doubled')}` : ''}
                  </h3>
                  <CardRow cards={hand.cards} label={name} />
                </div>
              );
            }),
          )}
        </div>
      </div>
      <p role="status" className={styles.hint}>
        {controls.resumed ? `${t('resumed')} ` : ''}
        {announcement}
      </p>
      <RoundEnd
        lng={lng}
        currency={currency}
        round={round}
        controls={controls}
        only={['insurance', 'no_insurance', 'hit', 'stand', 'double', 'split']}
      />
    </section>
  );
}
