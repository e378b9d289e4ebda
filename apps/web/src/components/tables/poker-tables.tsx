'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { isValidBet } from '@/components/originals/format';
import { CardRow } from './playing-card';
import { RoundEnd } from './round-actions';
import { StakeField } from './stake-controls';
import type { TableGameProps } from './table-props';
import { isCasinoHoldemView, isThreeCardPokerView } from './views';
import styles from './tables.module.css';

/** An optional side bet typed as an amount: blank stakes nothing. */
const sideBet = (value: string) => (value.trim() === '' ? undefined : value.trim());
const sideBetValid = (value: string) => value.trim() === '' || isValidBet(value);

/**
 * The stakes of an ante game before its deal: the ante and an optional side bet. `deal` gets them trimmed, the side
 * bet undefined when blank.
 */
function AnteForm({
  rules,
  anteLabel,
  sideLabel,
  busy,
  deal,
}: {
  rules: string;
  anteLabel: string;
  sideLabel: string;
  busy: boolean;
  deal: (ante: string, side: string | undefined) => void;
}) {
  const t = useTranslations('tables');
  const [ante, setAnte] = useState('1.00');
  const [side, setSide] = useState('');
  return (
    <section className={styles.table}>
      <p className={styles.hint}>{rules}</p>
      <div className={styles.fields}>
        <StakeField label={anteLabel} value={ante} onChange={setAnte} />
        <StakeField label={sideLabel} value={side} onChange={setSide} optional />
        <button
          type="button"
          className={styles.action}
          disabled={busy || !isValidBet(ante) || !sideBetValid(side)}
          onClick={() => deal(ante.trim(), sideBet(side))}
        >
          {busy ? t('dealing') : t('deal')}
        </button>
      </div>
    </section>
  );
}

/** Three card poker: ante (and pair plus), then play or fold against the house's three cards. */
export function ThreeCardPokerTable({ lng, currency, game, controls }: TableGameProps<'three-card-poker'>) {
  const t = useTranslations('tables');
  const { round, busy } = controls;
  const view = round && isThreeCardPokerView(round.view) ? round.view : null;

  if (!round || !view) {
    return (
      <AnteForm
        rules={t('threeCard.rules')}
        anteLabel={t('threeCard.ante')}
        sideLabel={t('threeCard.pairPlus')}
        busy={busy}
        deal={(ante, pairPlus) => void controls.start({ game, bets: { ante, pairPlus } })}
      />
    );
  }

  return (
    <section className={styles.table} data-testid="three-card-poker-table">
      <div className={styles.felt}>
        <DealerArea hand={view.dealerHand} qualifies={view.dealerQualifies}>
          {view.dealer ? (
            <CardRow cards={view.dealer} label={t('poker.dealerHand')} />
          ) : (
            <>
              <CardRow cards={[]} hidden={3} label={t('poker.dealerHand')} />
              <p className={styles.hint}>{t('poker.dealerHidden')}</p>
            </>
          )}
        </DealerArea>
        <PlayerArea hand={view.playerHand} cards={view.player} />
      </div>
      <p role="status" className={styles.hint}>
        {controls.resumed ? t('resumed') : ''}
      </p>
      <RoundEnd lng={lng} currency={currency} round={round} controls={controls} only={['play', 'fold']} />
    </section>
  );
}

/** Casino hold'em: ante (and the AA bonus), two cards and the flop, then call or fold. */
export function CasinoHoldemTable({ lng, currency, game, controls }: TableGameProps<'casino-holdem'>) {
  const t = useTranslations('tables');
  const { round, busy } = controls;
  const view = round && isCasinoHoldemView(round.view) ? round.view : null;

  if (!round || !view) {
    return (
      <AnteForm
        rules={t('holdem.rules')}
        anteLabel={t('holdem.ante')}
        sideLabel={t('holdem.aaBonus')}
        busy={busy}
        deal={(ante, aaBonus) => void controls.start({ game, bets: { ante, aaBonus } })}
      />
    );
  }

  return (
    <section className={styles.table} data-testid="casino-holdem-table">
      <div className={styles.felt}>
        <DealerArea hand={view.dealerHand} qualifies={view.dealerQualifies}>
          <CardRow cards={view.dealer ?? []} hidden={view.dealer ? 0 : 2} label={t('poker.dealerHand')} />
        </DealerArea>
        <div className={styles.area}>
          <h2>{t('poker.board')}</h2>
          <CardRow cards={view.board} hidden={5 - view.board.length} label={t('poker.board')} />
        </div>
        <PlayerArea hand={view.playerHand} cards={view.player} />
      </div>
      <p role="status" className={styles.hint}>
        {controls.resumed ? t('resumed') : ''}
      </p>
      <RoundEnd lng={lng} currency={currency} round={round} controls={controls} only={['call', 'fold']} />
    </section>
  );
}

/** The dealer's side of a poker felt: the hand's name once known, its cards, and whether it qualifies. */
function DealerArea({
  hand,
  qualifies,
  children,
}: {
  hand: string | null;
  qualifies: boolean | null;
  children: ReactNode;
}) {
  const t = useTranslations('tables');
  return (
    <div className={styles.area}>
      <h2>
        {t('poker.dealerHand')}
        {hand ? `: ${t(`poker.categories.${hand}`)}` : ''}
      </h2>
      {children}
      {qualifies === null ? null : (
        <p className={styles.hint}>{qualifies ? t('poker.qualifies') : t('poker.notQualifies')}</p>
      )}
    </div>
  );
}

/** The player's side of a poker felt: the hand's name and its cards. */
function PlayerArea({ hand, cards }: { hand: string; cards: ComponentProps<typeof CardRow>['cards'] }) {
  const t = useTranslations('tables');
  return (
    <div className={styles.area}>
      <h2>
        {t('poker.yourHand')}: {t(`poker.categories.${hand}`)}
      </h2>
      <CardRow cards={cards} label={t('poker.yourHand')} />
    </div>
  );
}
