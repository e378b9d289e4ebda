'use client';

import type { TableActionBody } from '@playhouse/shared/contracts/tables';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { isValidBet } from '@/components/originals/format';
import { addChip, BetSpots, type Stakes } from './bet-spots';
import { BetList } from './roulette-board';
import { NewRound, RoundActions } from './round-actions';
import { RoundResult } from './round-result';
import { ChipPicker, CHIPS, StakeField } from './stake-controls';
import type { TableGameProps } from './table-props';
import { isCrapsView, isSicBoView } from './views';
import styles from './tables.module.css';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

function Dice({ dice }: { dice: readonly number[] }) {
  return (
    <ul className={styles.dice} aria-hidden="true">
      {dice.map((die, index) => (
        <li key={index} className={styles.die}>
          {FACES[die]}
        </li>
      ))}
    </ul>
  );
}

type SicBoBetKey =
  | { kind: 'small' | 'big' | 'odd' | 'even' | 'any_triple' }
  | { kind: 'total'; total: number }
  | { kind: 'single' | 'double' | 'triple'; number: number }
  | { kind: 'combination'; numbers: [number, number] };

const SIDES = [1, 2, 3, 4, 5, 6];
const COMBINATIONS: [number, number][] = SIDES.flatMap((first) =>
  SIDES.filter((second) => second > first).map((second): [number, number] => [first, second]),
);

function sicBoKey(bet: SicBoBetKey): string {
  if (bet.kind === 'total') return `total-${bet.total}`;
  if (bet.kind === 'combination') return `combination-${bet.numbers.join('-')}`;
  if ('number' in bet) return `${bet.kind}-${bet.number}`;
  return bet.kind;
}

/** Sic bo: chips on small, big, odd, even, totals, singles, doubles, triples and combinations, then three dice. */
export function SicBoTable({ lng, currency, game, controls }: TableGameProps<'sic-bo'>) {
  const t = useTranslations('tables');
  const [chip, setChip] = useState<string>(CHIPS[1]);
  const [stakes, setStakes] = useState<Stakes>({});
  const { round, busy } = controls;
  const view = round && isSicBoView(round.view) ? round.view : null;

  const label = (bet: SicBoBetKey): string => {
    if (bet.kind === 'total') return t('sicBo.total', { total: bet.total });
    if (bet.kind === 'combination') return t('sicBo.combination', { first: bet.numbers[0], second: bet.numbers[1] });
    if ('number' in bet) return t(`sicBo.${bet.kind}`, { number: bet.number });
    return t(`sicBo.${bet.kind}`);
  };
  const groups: { label: string; bets: SicBoBetKey[] }[] = [
    {
      label: t('sicBo.rules'),
      bets: (['small', 'big', 'odd', 'even', 'any_triple'] as const).map((kind) => ({ kind })),
    },
    {
      label: t('sicBo.totals'),
      bets: Array.from({ length: 14 }, (_, index): SicBoBetKey => ({ kind: 'total', total: index + 4 })),
    },
    { label: t('sicBo.singles'), bets: SIDES.map((number): SicBoBetKey => ({ kind: 'single', number })) },
    {
      label: t('sicBo.doubles'),
      bets: [
        ...SIDES.map((number): SicBoBetKey => ({ kind: 'double', number })),
        ...SIDES.map((number): SicBoBetKey => ({ kind: 'triple', number })),
      ],
    },
    {
      label: t('sicBo.combinations'),
      bets: COMBINATIONS.map((numbers): SicBoBetKey => ({ kind: 'combination', numbers })),
    },
  ];
  const all = groups.flatMap((group) => group.bets);
  const placed = all.filter((bet) => stakes[sicBoKey(bet)]);

  return (
    <section className={styles.table} data-testid="sic-bo-table">
      {view ? (
        <>
          <Dice dice={view.dice} />
          <p role="status">{t('sicBo.dice', { dice: view.dice.join(', '), total: view.total })}</p>
          <RoundResult lng={lng} currency={currency} round={round!} />
        </>
      ) : null}
      <ChipPicker lng={lng} currency={currency} chip={chip} onChange={setChip} />
      {groups.map((group) => (
        <BetSpots
          key={group.label}
          lng={lng}
          currency={currency}
          label={group.label}
          spots={group.bets.map((bet) => ({ key: sicBoKey(bet), label: label(bet) }))}
          stakes={stakes}
          onPlace={(key) => setStakes((current) => addChip(current, key, chip))}
          disabled={busy}
        />
      ))}
      <BetList
        lng={lng}
        currency={currency}
        items={placed.map((bet) => ({ key: sicBoKey(bet), label: label(bet), stake: stakes[sicBoKey(bet)]! }))}
        onRemove={(key) =>
          setStakes((current) => Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)))
        }
        onClear={() => setStakes({})}
        disabled={busy}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          disabled={busy || placed.length === 0}
          onClick={() =>
            void controls.start({
              game,
              bets: { bets: placed.map((bet) => ({ ...bet, stake: stakes[sicBoKey(bet)]! })) },
            })
          }
        >
          {t('rollDice')}
        </button>
      </div>
    </section>
  );
}

/** Craps for one pass-line decision: line bets and the field, the come-out roll, then odds and rolls to the end. */
export function CrapsTable({ lng, currency, game, controls }: TableGameProps<'craps'>) {
  const t = useTranslations('tables');
  const [pass, setPass] = useState('1.00');
  const [dontPass, setDontPass] = useState('');
  const [field, setField] = useState('');
  const [passOdds, setPassOdds] = useState('');
  const [dontPassOdds, setDontPassOdds] = useState('');
  const { round, busy } = controls;
  const view = round && isCrapsView(round.view) ? round.view : null;
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const fine = (value: string) => value.trim() === '' || isValidBet(value);

  if (!round || !view) {
    const any = [pass, dontPass, field].some((value) => value.trim() !== '');
    return (
      <section className={styles.table}>
        <p className={styles.hint}>{t('craps.rules')}</p>
        <div className={styles.fields}>
          <StakeField label={t('craps.pass')} value={pass} onChange={setPass} optional />
          <StakeField label={t('craps.dontPass')} value={dontPass} onChange={setDontPass} optional />
          <StakeField label={t('craps.field')} value={field} onChange={setField} optional />
          <button
            type="button"
            className={styles.action}
            disabled={busy || !any || ![pass, dontPass, field].every(fine)}
            onClick={() =>
              void controls.start({
                game,
                bets: { pass: optional(pass), dontPass: optional(dontPass), field: optional(field) },
              })
            }
          >
            {t('rollDice')}
          </button>
        </div>
      </section>
    );
  }

  const finished = round.status === 'finished';
  const last = view.rolls.at(-1);
  const odds: TableActionBody = { type: 'odds', pass: optional(passOdds), dontPass: optional(dontPassOdds) };
  return (
    <section className={styles.table} data-testid="craps-table">
      <div className={styles.felt}>
        {last ? <Dice dice={last} /> : null}
        <p role="status">
          {view.point === null ? t('craps.noPoint') : t('craps.point', { point: view.point })}
          {last ? ` · ${t('craps.roll', { first: last[0], second: last[1], total: last[0] + last[1] })}` : ''}
        </p>
        <h2>{t('craps.rolls')}</h2>
        <ol className={styles.betList}>
          {view.rolls.map(([first, second], index) => (
            <li key={index}>{t('craps.roll', { first, second, total: first + second })}</li>
          ))}
        </ol>
      </div>
      {finished ? (
        <>
          <RoundResult lng={lng} currency={currency} round={round} />
          <NewRound onClick={controls.newRound} />
        </>
      ) : (
        <>
          {round.allowedActions.includes('odds') ? (
            <div className={styles.fields}>
              <StakeField label={t('craps.passOdds')} value={passOdds} onChange={setPassOdds} optional />
              <StakeField label={t('craps.dontPassOdds')} value={dontPassOdds} onChange={setDontPassOdds} optional />
              <button
                type="button"
                className={styles.ghost}
                disabled={
                  busy || (!optional(passOdds) && !optional(dontPassOdds)) || ![passOdds, dontPassOdds].every(fine)
                }
                onClick={() => void controls.act(odds)}
              >
                {t('actions.odds')}
              </button>
            </div>
          ) : null}
          <RoundActions
            allowed={round.allowedActions}
            busy={busy}
            onAct={(action) => void controls.act(action)}
            only={['roll']}
          />
        </>
      )}
    </section>
  );
}
