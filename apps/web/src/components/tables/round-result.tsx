'use client';

import type { TableRound } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { formatAmount } from '@/components/originals/format';
import styles from './tables.module.css';

/**
 * The engines name each settled bet in a fixed English form ("box 1 hand 2", "straight 17", "pair plus", "total 9"):
 * this reads it back in the player's language.
 */
export function useBetLabel() {
  const t = useTranslations('tables');
  return (label: string): string => {
    let match = /^(insurance )?box (\d+)(?: hand (\d+))?$/.exec(label);
    if (match) {
      const box = t('blackjack.box', { box: match[2]! });
      const text = match[3] ? `${box}, ${t('blackjack.hand', { hand: match[3] })}` : box;
      return match[1] ? `${t('actions.insurance')}: ${text}` : text;
    }
    match = /^(straight|split|street|corner|six_line|top_line) (.+)$/.exec(label);
    if (match) return `${t(`roulette.kinds.${match[1]}`)} ${match[2]}`;
    match = /^(dozen|column) (\d)$/.exec(label);
    if (match) return t(`roulette.${match[1]}`, { index: match[2]! });
    if (['red', 'black', 'odd', 'even', 'low', 'high'].includes(label)) return t(`roulette.${label}`);
    if (['player', 'banker', 'tie', 'player_pair', 'banker_pair'].includes(label)) {
      return t(`baccarat.${label}`);
    }
    match = /^total (\d+)$/.exec(label);
    if (match) return t('sicBo.total', { total: match[1]! });
    match = /^(single|double|triple) (\d)$/.exec(label);
    if (match) return t(`sicBo.${match[1]}`, { number: match[2]! });
    match = /^combination (\d)-(\d)$/.exec(label);
    if (match) return t('sicBo.combination', { first: match[1]!, second: match[2]! });
    if (['small', 'big', 'any_triple'].includes(label)) return t(`sicBo.${label}`);
    match = /^hand: (.+)$/.exec(label);
    if (match) return t(`videoPoker.hands.${match[1]}`);
    const fixed: Record<string, string> = {
      ante: t('threeCard.ante'),
      play: t('actions.play'),
      call: t('actions.call'),
      raise: t('actions.raise'),
      'pair plus': t('threeCard.pairPlus'),
      'AA bonus': t('holdem.aaBonus'),
      'pass line': t('craps.pass'),
      "don't pass": t('craps.dontPass'),
      field: t('craps.field'),
      'pass odds': t('craps.passOdds'),
      "don't pass odds": t('craps.dontPassOdds'),
    };
    return fixed[label] ?? label;
  };
}

/** The end of a round: what it paid on what was staked, and each bet's share. */
export function RoundResult({ lng, currency, round }: { lng: Locale; currency: string; round: TableRound }) {
  const t = useTranslations('tables');
  const betLabel = useBetLabel();
  const settlement = round.settlement;
  if (!settlement) return null;
  const money = (amount: string) => formatAmount(amount, currency, lng);
  const paid = Number(settlement.totalPayout) > 0;
  return (
    <section className={styles.result} aria-label={t('result.heading')} data-testid="table-result">
      <p>
        {paid
          ? t('result.won', { payout: money(settlement.totalPayout), stake: money(settlement.totalStake) })
          : t('result.lost', { stake: money(settlement.totalStake) })}
      </p>
      {round.finishedByDefault ? <p className={styles.hint}>{t('finishedByDefault')}</p> : null}
      <table className={styles.settled}>
        <thead>
          <tr>
            <th scope="col">{t('result.bet')}</th>
            <th scope="col">{t('result.stake')}</th>
            <th scope="col">{t('result.returned')}</th>
          </tr>
        </thead>
        <tbody>
          {settlement.bets.map((bet, index) => (
            <tr key={`${bet.bet}-${index}`}>
              <td>{betLabel(bet.bet)}</td>
              <td>{money(bet.stake)}</td>
              <td>
                {money(bet.payout)} ({t('result.multiplier', { multiplier: Number(bet.multiplier).toString() })})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
