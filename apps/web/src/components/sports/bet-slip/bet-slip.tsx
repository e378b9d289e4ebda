'use client';

import type { OddsChangePolicy, PlaceBetBody } from '@playhouse/shared/contracts/sports';
import type { Locale } from '@playhouse/shared/locales';
import { displayOdd, type OddType } from '@playhouse/shared/odds';
import { SPORTS_BET_LIMITS } from '@playhouse/shared/sports/bet-limits';
import { useTranslations } from 'next-intl';
import { useId, useState, useSyncExternalStore } from 'react';
import { FundingPreview } from '@/components/funding/funding-preview';
import { useFundingPreview } from '@/components/funding/use-funding-preview';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-error';
import { previewBets } from '@/lib/funding/funding-api';
import { slipFunding } from '@/lib/funding/funding';
import { retryKeys } from '@/lib/retry-keys';
import {
  acknowledgeOdds,
  hasSameMatchTwice,
  isSlipCurrency,
  minorText,
  removeSelection,
  slipTotals,
  updateOdds,
  type SlipSelection,
  type SlipState,
} from '@/lib/sports/bet-slip';
import { slipStore } from '@/lib/sports/bet-slip-store';
import { MY_BETS_PATH } from '@/lib/sports/match-path';
import { placeBet } from '@/lib/sports/sports-api';
import { useAppSelector } from '@/store/hooks';
import { useOddType } from '../odds/use-odd-type';
import styles from './bet-slip.module.css';
import { InPlayWait, type Wait } from './in-play-wait';

const POLICIES: OddsChangePolicy[] = ['none', 'higher', 'any'];

/** A bet's key follows its submission: the same bet sent again after a lost answer or a reload is placed once. */
const betKeys = retryKeys('bets');

const submitBet = (lng: Locale, body: PlaceBetBody) =>
  betKeys.send(JSON.stringify(body), (key) => placeBet(lng, body, key));

type Outcome = { kind: 'placed'; count: number } | { kind: 'error'; code: string } | null;

/** How long a bet waits before it is accepted: the longest bet delay of its picks in play (0 before kick-off). */
const delayOf = (bet: PlaceBetBody, picks: SlipSelection[]) =>
  Math.max(
    0,
    ...bet.selections.map((chosen) => picks.find((pick) => pick.outcomeId === chosen.outcomeId)?.betDelayMs ?? 0),
  );

/** A wait starting now (outside the component: the clock is read when a bet is sent, never while drawing). */
const waitFrom = (delayMs: number): Wait => ({ startedAt: Date.now(), delayMs });

/** The bets the slip places, in the order it places them: one accumulator, or a single per pick. */
function slipBets(slip: SlipState, stake: string): PlaceBetBody[] {
  const body = (kind: PlaceBetBody['kind'], picks: SlipSelection[]): PlaceBetBody => ({
    kind,
    stake,
    oddsChangePolicy: slip.policy,
    selections: picks.map((pick) => ({ outcomeId: pick.outcomeId, odd: pick.odd })),
  });
  return slip.mode === 'accumulator'
    ? [body('accumulator', slip.selections)]
    : slip.selections.map((pick) => body('single', [pick]));
}

/**
 * The bet slip: singles (one stake per pick) or one accumulator, the stake with the potential payout, and what to do
 * when odds change before the bet is accepted. Visitors are sent to registration to place it; the slip waits for them.
 * `siteOddType`: the language's odds format when the server read it (useOddType).
 */
export function BetSlip({ lng, returnTo, siteOddType }: { lng: Locale; returnTo: string; siteOddType?: OddType }) {
  const t = useTranslations('sports');
  const errors = useTranslations('errors');
  const inPlay = useTranslations('inPlay');
  const router = useRouter();
  const id = useId();
  const slip = useSyncExternalStore(slipStore.subscribe, slipStore.get, slipStore.getServer);
  const user = useAppSelector((state) => state.userSlice.user);
  const [oddType] = useOddType(lng, siteOddType);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [wait, setWait] = useState<Wait | null>(null);

  const currency = isSlipCurrency(user?.currency) ? user.currency : 'EUR';
  const limits = SPORTS_BET_LIMITS[currency];
  const totals = slipTotals(slip, currency);
  const accumulatorBlocked =
    slip.mode === 'accumulator' && (slip.selections.length < 2 || hasSameMatchTwice(slip.selections));
  const errorText = (code: string) =>
    errors.has(code)
      ? errors(code)
      : inPlay.has(`errors.${code}`)
        ? inPlay(`errors.${code}`)
        : errors('internal_error');
  const slipDelay = Math.max(0, ...slip.selections.map((pick) => pick.betDelayMs ?? 0));
  /** Sends one bet; one in play shows its wait on the slip until the api answers. */
  async function send(bet: PlaceBetBody) {
    const delay = delayOf(bet, slip.selections);
    if (delay > 0) setWait(waitFrom(delay));
    try {
      await submitBet(lng, bet);
    } finally {
      setWait(null);
    }
  }
  // How the slip would be paid, asked again a moment after the stake, the picks or the balances last changed (a dry
  // run of the placement: the same rules, nothing taken).
  const balances = useAppSelector((state) => `${state.balance.mainBalanceAmount}/${state.balance.bonusBalanceAmount}`);
  const previewed =
    user && totals.stakeMinor !== null && slip.selections.length > 0 && !accumulatorBlocked
      ? slipBets(slip, minorText(totals.stakeMinor, currency))
      : null;
  const funding = useFundingPreview(previewed && JSON.stringify([currency, balances, previewed]), (signal) =>
    previewBets(previewed ?? [], signal).then((previews) => slipFunding(previews, currency)),
  );

  async function place() {
    if (!user) {
      router.push({ pathname: '/auth/register', query: { next: returnTo } });
      return;
    }
    setOutcome(null);
    if (totals.stakeMinor === null) {
      setOutcome({ kind: 'error', code: 'invalid_stake' });
      return;
    }
    setBusy(true);
    let placed = 0;
    try {
      const bets = slipBets(slip, minorText(totals.stakeMinor, currency));
      if (slip.mode === 'accumulator') {
        await send(bets[0]!);
        placed = 1;
        slipStore.update((state) => ({ ...state, selections: [], mode: 'singles' }));
      } else {
        for (const bet of bets) {
          await send(bet);
          placed += 1;
          slipStore.update((state) => removeSelection(state, bet.selections[0]!.outcomeId));
        }
      }
      slipStore.update(acknowledgeOdds);
      setOutcome({ kind: 'placed', count: placed });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'internal_error';
      if (error instanceof ApiError && code === 'odds_changed') {
        const odds = new Map(
          Object.entries(error.fields).flatMap(([outcomeId, odd]) =>
            Number.isFinite(Number(odd)) ? [[Number(outcomeId), Number(odd)] as const] : [],
          ),
        );
        slipStore.update((state) => updateOdds(state, odds));
      }
      setOutcome({ kind: 'error', code });
    } finally {
      setBusy(false);
    }
  }

  const stakeLabel = slip.mode === 'singles' ? t('slip.stakePerBet', { currency }) : t('slip.stake', { currency });

  return (
    <section className={styles.slip} aria-labelledby={`${id}-title`}>
      <div className={styles.heading}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('slip.title')}
        </h2>
        {user ? (
          <Link href={MY_BETS_PATH} className={styles.myBets}>
            {t('slip.myBets')}
          </Link>
        ) : null}
      </div>
      {slip.selections.length === 0 ? <p className={styles.empty}>{t('slip.empty')}</p> : null}
      {slip.selections.length > 0 ? (
        <>
          <ul className={styles.selections}>
            {slip.selections.map((pick) => {
              const teams = t('versus', { team1: pick.teams[0], team2: pick.teams[1] });
              return (
                <li key={pick.outcomeId} className={styles.selection}>
                  <div className={styles.pickText}>
                    <span className={styles.pickTeams}>{teams}</span>
                    <span className={styles.pickMarket}>
                      {t('slip.selection', { label: pick.label, market: pick.betName })}
                    </span>
                  </div>
                  <span className={styles.pickOdd}>
                    {displayOdd(pick.odd, oddType)}
                    {pick.previousOdd !== undefined ? (
                      <span className={styles.was}>
                        {t('slip.oddsWere', { odd: displayOdd(pick.previousOdd, oddType) })}
                      </span>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => slipStore.update((state) => removeSelection(state, pick.outcomeId))}
                  >
                    <span aria-hidden="true">×</span>
                    <span className="visually-hidden">{t('slip.remove', { label: pick.label, teams })}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <fieldset className={styles.modes}>
            <legend className="visually-hidden">{t('slip.title')}</legend>
            {(['singles', 'accumulator'] as const).map((mode) => (
              <label key={mode} className={styles.mode}>
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={mode}
                  checked={slip.mode === mode}
                  disabled={mode === 'accumulator' && slip.selections.length < 2}
                  onChange={() => slipStore.update((state) => ({ ...state, mode }))}
                />
                {t(`slip.${mode}`)}
              </label>
            ))}
          </fieldset>
          {slip.mode === 'accumulator' && hasSameMatchTwice(slip.selections) ? (
            <p className={styles.warning}>{t('slip.sameMatch')}</p>
          ) : null}
          <label className={styles.field}>
            <span>{stakeLabel}</span>
            <input
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              value={slip.stake}
              onChange={(event) => {
                const stake = event.target.value;
                slipStore.update((state) => ({ ...state, stake }));
              }}
            />
          </label>
          <p className={styles.hint}>
            {t('slip.limits', { min: limits.minStake, max: limits.maxStake, maxPayout: limits.maxPayout, currency })}
          </p>
          <label className={styles.field}>
            <span>{t('slip.policy')}</span>
            <select
              className={styles.input}
              value={slip.policy}
              onChange={(event) => {
                const policy = POLICIES.find((value) => value === event.target.value) ?? 'none';
                slipStore.update((state) => ({ ...state, policy }));
              }}
            >
              {POLICIES.map((policy) => (
                <option key={policy} value={policy}>
                  {t(`slip.policies.${policy}`)}
                </option>
              ))}
            </select>
          </label>
          <dl className={styles.totals}>
            {totals.totalOddThousandths !== null ? (
              <div>
                <dt>{t('slip.totalOdds')}</dt>
                <dd>{displayOdd(totals.totalOddThousandths / 1000, oddType)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('slip.totalStake')}</dt>
              <dd>
                {totals.totalStakeMinor === null ? '–' : `${minorText(totals.totalStakeMinor, currency)} ${currency}`}
              </dd>
            </div>
            <div>
              <dt>{t('slip.potentialPayout')}</dt>
              <dd data-testid="potential-payout">
                {totals.potentialPayoutMinor === null
                  ? '–'
                  : `${minorText(totals.potentialPayoutMinor, currency)} ${currency}`}
              </dd>
            </div>
          </dl>
          {previewed ? <FundingPreview state={funding} currency={currency} product="sports" /> : null}
          {slipDelay > 0 ? (
            <p className={styles.hint}>{inPlay('slip.note', { seconds: Math.ceil(slipDelay / 1000) })}</p>
          ) : null}
          {wait ? <InPlayWait wait={wait} /> : null}
          <button
            type="button"
            className={styles.place}
            disabled={busy || accumulatorBlocked}
            onClick={() => void place()}
          >
            {!user
              ? t('slip.register')
              : busy
                ? t('slip.placing')
                : slip.mode === 'singles' && slip.selections.length > 1
                  ? t('slip.placeSingles', { count: slip.selections.length })
                  : t('slip.place')}
          </button>
          <button
            type="button"
            className={styles.clear}
            onClick={() => slipStore.update((state) => ({ ...state, selections: [] }))}
          >
            {t('slip.clear')}
          </button>
        </>
      ) : null}
      <div role="status" aria-live="polite" className={styles.status}>
        {wait ? <p>{inPlay('slip.waitAnnounce', { seconds: Math.ceil(wait.delayMs / 1000) })}</p> : null}
        {outcome?.kind === 'placed' ? (
          <p className={styles.success}>
            {t('slip.placed', { count: outcome.count })} <Link href={MY_BETS_PATH}>{t('slip.myBets')}</Link>
          </p>
        ) : null}
        {outcome?.kind === 'error' ? (
          <p className={styles.error}>
            {outcome.code === 'invalid_stake' ? t('slip.invalidStake') : errorText(outcome.code)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
