'use client';

import { JACKS_OR_BETTER_HANDS, JACKS_OR_BETTER_PAYS } from '@playhouse/games';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { isValidBet } from '@/components/originals/format';
import { CardRow, PlayingCard, useCardName } from './playing-card';
import { RoundEnd } from './round-actions';
import { StakeField } from './stake-controls';
import type { TableGameProps } from './table-props';
import { isRedDogView, isVideoPokerView } from './views';
import styles from './tables.module.css';

function Deal({ disabled, busy, onClick }: { disabled: boolean; busy: boolean; onClick: () => void }) {
  const t = useTranslations('tables');
  return (
    <button type="button" className={styles.action} disabled={busy || disabled} onClick={onClick}>
      {busy ? t('dealing') : t('deal')}
    </button>
  );
}

/** Video poker, Jacks or Better 9/6: five cards, hold the ones to keep (toggle buttons), draw once. */
export function VideoPokerTable({ lng, currency, game, controls }: TableGameProps<'video-poker-jacks-or-better'>) {
  const t = useTranslations('tables');
  const cardName = useCardName();
  const [stake, setStake] = useState('1.00');
  const [hold, setHold] = useState<number[]>([]);
  const { round, busy } = controls;
  const view = round && isVideoPokerView(round.view) ? round.view : null;
  const paytable = (
    <dl className={styles.paytable} aria-label={t('videoPoker.paytable')}>
      {JACKS_OR_BETTER_HANDS.filter((hand) => hand !== 'nothing').map((hand) => (
        <div key={hand} style={{ display: 'contents' }}>
          <dt data-current={view?.hand === hand}>{t(`videoPoker.hands.${hand}`)}</dt>
          <dd data-current={view?.hand === hand}>{JACKS_OR_BETTER_PAYS[hand]}</dd>
        </div>
      ))}
    </dl>
  );

  if (!round || !view) {
    return (
      <section className={styles.table}>
        <p className={styles.hint}>{t('videoPoker.rules')}</p>
        {paytable}
        <div className={styles.fields}>
          <StakeField label={t('videoPoker.stake')} value={stake} onChange={setStake} />
          <Deal
            busy={busy}
            disabled={!isValidBet(stake)}
            onClick={() => {
              setHold([]);
              void controls.start({ game, bets: { stake: stake.trim() } });
            }}
          />
        </div>
      </section>
    );
  }

  const finished = round.status === 'finished';
  const toggle = (position: number) =>
    setHold((current) =>
      current.includes(position) ? current.filter((held) => held !== position) : [...current, position].sort(),
    );
  return (
    <section className={styles.table} data-testid="video-poker-table">
      <h2 className={styles.total} role="status">
        {t('videoPoker.handNow', { hand: t(`videoPoker.hands.${view.hand}`) })}
      </h2>
      {finished ? (
        <CardRow cards={view.cards} label={t('poker.yourHand')} />
      ) : (
        <div className={styles.cards} role="group" aria-label={t('poker.yourHand')}>
          {view.cards.map((card, position) => (
            <button
              key={`${card}-${position}`}
              type="button"
              className={styles.held}
              aria-pressed={hold.includes(position)}
              aria-label={t('videoPoker.holdCard', { card: cardName(card) })}
              disabled={busy}
              onClick={() => toggle(position)}
            >
              <PlayingCard name={card} />
              <span aria-hidden="true">{hold.includes(position) ? t('videoPoker.held') : t('videoPoker.hold')}</span>
            </button>
          ))}
        </div>
      )}
      {paytable}
      <RoundEnd lng={lng} currency={currency} round={round} controls={controls}>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            disabled={busy}
            onClick={() => void controls.act({ type: 'draw', hold })}
          >
            {t('actions.draw')}
          </button>
        </div>
      </RoundEnd>
    </section>
  );
}

/** Red dog: two cards and their spread, then raise or stand for the third. */
export function RedDogTable({ lng, currency, game, controls }: TableGameProps<'red-dog'>) {
  const t = useTranslations('tables');
  const [ante, setAnte] = useState('1.00');
  const { round, busy } = controls;
  const view = round && isRedDogView(round.view) ? round.view : null;

  if (!round || !view) {
    return (
      <section className={styles.table}>
        <p className={styles.hint}>{t('redDog.rules')}</p>
        <div className={styles.fields}>
          <StakeField label={t('redDog.ante')} value={ante} onChange={setAnte} />
          <Deal
            busy={busy}
            disabled={!isValidBet(ante)}
            onClick={() => void controls.start({ game, bets: { ante: ante.trim() } })}
          />
        </div>
      </section>
    );
  }

  const finished = round.status === 'finished';
  const spread =
    view.spread === -1
      ? t('redDog.pair')
      : view.spread === 0
        ? t('redDog.consecutive')
        : t('redDog.between', { count: view.spread });
  return (
    <section className={styles.table} data-testid="red-dog-table">
      <div className={styles.felt}>
        <CardRow cards={view.cards} hidden={finished ? 0 : 1} label={t('poker.yourHand')} />
        <p role="status">{t('redDog.spread', { spread })}</p>
      </div>
      <RoundEnd lng={lng} currency={currency} round={round} controls={controls} only={['raise', 'stand']} />
    </section>
  );
}
