'use client';

import {
  DOUBLE_ZERO,
  pocketName,
  RED_NUMBERS,
  rouletteInsideBets,
  type InsideBetKind,
  type RouletteVariant,
} from '@playhouse/games';
import type { RouletteBetBody } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { formatAmount } from '@/components/originals/format';
import { addAmounts, ChipPicker, CHIPS, sumAmounts } from './stake-controls';
import styles from './tables.module.css';

/** A bet on the layout with the chips placed on it. */
export type PlacedRouletteBet = { key: string; bet: RouletteBetBody };

function keyOf(bet: RouletteBetBody): string {
  if ('numbers' in bet) return `${bet.kind}:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
  if ('index' in bet) return `${bet.kind}:${bet.index}`;
  return bet.kind;
}

export function colorOf(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0 || pocket === DOUBLE_ZERO) return 'green';
  return RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

/** Adds a chip to a bet (a new bet, or more on one already placed). */
export function placeChip(bets: PlacedRouletteBet[], bet: RouletteBetBody): PlacedRouletteBet[] {
  const key = keyOf(bet);
  const existing = bets.find((placed) => placed.key === key);
  if (!existing) return [...bets, { key, bet }];
  return bets.map((placed) =>
    placed.key === key ? { key, bet: { ...placed.bet, stake: addAmounts(placed.bet.stake, bet.stake) } } : placed,
  );
}

const INSIDE_KINDS: Record<RouletteVariant, InsideBetKind[]> = {
  european: ['split', 'street', 'corner', 'six_line'],
  french: ['split', 'street', 'corner', 'six_line'],
  american: ['split', 'street', 'corner', 'six_line', 'top_line'],
};

/**
 * The roulette layout with chips: a chip on a number is a straight bet, the outside bets have their own places, and
 * every other inside bet (splits, streets, corners, six lines, the zero trios and first four, the American top line) is
 * chosen from the list of the ones this layout takes, so each is reachable by keyboard and screen reader too.
 */
export function RouletteBoard({
  lng,
  currency,
  variant,
  bets,
  onChange,
  disabled,
}: {
  lng: Locale;
  currency: string;
  variant: RouletteVariant;
  bets: PlacedRouletteBet[];
  onChange: (bets: PlacedRouletteBet[]) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('tables');
  const [chip, setChip] = useState<string>(CHIPS[1]);
  const kindId = useId();
  const numbersId = useId();
  const [kind, setKind] = useState<InsideBetKind>('split');
  const options = useMemo(() => rouletteInsideBets(variant).filter((bet) => bet.kind === kind), [variant, kind]);
  const [choice, setChoice] = useState(0);
  const money = (amount: string) => formatAmount(amount, currency, lng);
  const staked = new Map(bets.map((placed) => [placed.key, placed.bet.stake]));
  const place = (bet: RouletteBetBody) => onChange(placeChip(bets, bet));
  const label = (bet: RouletteBetBody): string => {
    // The pocket's name as the button shows it ("0", "00"), so the spoken name holds the visible text (WCAG 2.5.3).
    if (bet.kind === 'straight') return t('roulette.straightOn', { number: pocketName(bet.numbers[0]!) });
    if ('numbers' in bet) return `${t(`roulette.kinds.${bet.kind}`)} ${bet.numbers.map(pocketName).join('-')}`;
    if ('index' in bet) return t(`roulette.${bet.kind}`, { index: bet.index });
    return t(`roulette.${bet.kind}`);
  };
  const withStake = (bet: RouletteBetBody) => {
    const stake = staked.get(keyOf(bet));
    return stake ? `${label(bet)} (${money(stake)})` : label(bet);
  };

  const zeros = variant === 'american' ? [DOUBLE_ZERO, 0] : [0];
  const pocketButton = (pocket: number, style?: React.CSSProperties) => {
    const bet: RouletteBetBody = { kind: 'straight', numbers: [pocket], stake: chip };
    return (
      <button
        key={pocket}
        type="button"
        className={styles.pocket}
        style={style}
        data-color={colorOf(pocket)}
        data-staked={staked.has(keyOf(bet))}
        aria-label={withStake(bet)}
        disabled={disabled}
        onClick={() => place(bet)}
      >
        {pocketName(pocket)}
      </button>
    );
  };
  const outside: RouletteBetBody[] = [
    { kind: 'low', stake: chip },
    { kind: 'even', stake: chip },
    { kind: 'red', stake: chip },
    { kind: 'black', stake: chip },
    { kind: 'odd', stake: chip },
    { kind: 'high', stake: chip },
    ...([1, 2, 3] as const).map((index): RouletteBetBody => ({ kind: 'dozen', index, stake: chip })),
    ...([1, 2, 3] as const).map((index): RouletteBetBody => ({ kind: 'column', index, stake: chip })),
  ];
  const selected = options[Math.min(choice, options.length - 1)];

  return (
    <div className={styles.area}>
      <ChipPicker lng={lng} currency={currency} chip={chip} onChange={setChip} />
      <div className={styles.layout} role="group" aria-label={t('roulette.layout')}>
        {zeros.map((pocket, index) =>
          pocketButton(pocket, {
            gridColumn: 1,
            gridRow: zeros.length === 1 ? '1 / span 3' : index === 0 ? '1' : '2 / span 2',
          }),
        )}
        {Array.from({ length: 36 }, (_, index) => index + 1).map((pocket) =>
          pocketButton(pocket, { gridColumn: Math.ceil(pocket / 3) + 1, gridRow: 3 - ((pocket - 1) % 3) }),
        )}
      </div>
      <div className={styles.outside} role="group" aria-label={t('roulette.layout')}>
        {outside.map((bet) => (
          <button
            key={keyOf(bet)}
            type="button"
            className={styles.spot}
            data-staked={staked.has(keyOf(bet))}
            disabled={disabled}
            onClick={() => place(bet)}
          >
            {label(bet)}
            {staked.has(keyOf(bet)) ? <span className={styles.spotStake}>{money(staked.get(keyOf(bet))!)}</span> : null}
          </button>
        ))}
      </div>
      <fieldset className={styles.fields}>
        <legend>{t('roulette.inside')}</legend>
        <div className={styles.field}>
          <label htmlFor={kindId}>{t('roulette.kind')}</label>
          <select
            id={kindId}
            className={styles.select}
            value={kind}
            onChange={(event) => {
              setKind(INSIDE_KINDS[variant].find((value) => value === event.target.value) ?? 'split');
              setChoice(0);
            }}
          >
            {INSIDE_KINDS[variant].map((value) => (
              <option key={value} value={value}>
                {t(`roulette.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={numbersId}>{t('roulette.numbers')}</label>
          <select
            id={numbersId}
            className={styles.select}
            value={choice}
            onChange={(event) => setChoice(Number(event.target.value))}
          >
            {options.map((option, index) => (
              <option key={option.numbers.join('-')} value={index}>
                {option.numbers.map(pocketName).join('-')}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={styles.ghost}
          disabled={disabled || !selected}
          onClick={() => selected && place({ kind: selected.kind, numbers: selected.numbers, stake: chip })}
        >
          {t('roulette.addBet')}
        </button>
      </fieldset>
      <BetList
        lng={lng}
        currency={currency}
        items={bets.map((placed) => ({ key: placed.key, label: label(placed.bet), stake: placed.bet.stake }))}
        onRemove={(key) => onChange(bets.filter((placed) => placed.key !== key))}
        onClear={() => onChange([])}
        disabled={disabled}
      />
    </div>
  );
}

/** The bets placed so far, each removable, with their total. */
export function BetList({
  lng,
  currency,
  items,
  onRemove,
  onClear,
  disabled,
}: {
  lng: Locale;
  currency: string;
  items: { key: string; label: string; stake: string }[];
  onRemove: (key: string) => void;
  onClear: () => void;
  disabled?: boolean;
}) {
  const t = useTranslations('tables');
  const money = (amount: string) => formatAmount(amount, currency, lng);
  return (
    <section className={styles.area} aria-label={t('yourBets')}>
      <h2>{t('yourBets')}</h2>
      {items.length === 0 ? (
        <p className={styles.hint}>{t('noBets')}</p>
      ) : (
        <>
          <ul className={styles.betList}>
            {items.map((item) => (
              <li key={item.key}>
                <span>
                  {item.label}: {money(item.stake)}
                </span>
                <button type="button" className={styles.remove} disabled={disabled} onClick={() => onRemove(item.key)}>
                  {t('removeBet', { bet: item.label })}
                </button>
              </li>
            ))}
          </ul>
          <p>{t('totalStake', { amount: money(sumAmounts(items.map((item) => item.stake))) })}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.ghost} disabled={disabled} onClick={onClear}>
              {t('clearBets')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
