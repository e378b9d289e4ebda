'use client';

import type { CashOutSportSetting } from '@playhouse/shared/contracts/cash-out';
import type { TradingMatch } from '@playhouse/shared/contracts/trading';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { useAction } from '@/components/ui/use-action';
import { useErrorText } from '@/components/ui/use-error-text';
import buttons from '@/components/ui/button.module.css';
import {
  fetchCashOutSettings,
  fetchCashOutValue,
  saveCashOutSport,
  setCashOutMatch,
} from '@/lib/back-office/cash-out-api';
import { fetchTradingMatch } from '@/lib/back-office/trading-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './trading.module.css';

/**
 * The traders' cash out: the margin, switch and wagering rule per sport, cash out off per match, and a match's
 * liability per outcome beside what its open bets would cost cashed out now. Every change is audited by the api.
 */
export function CashOutDesk({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boCashOut');
  const errorText = useErrorText();
  const { data, error, mutate } = useSWR(
    ['back-office', 'cash-out', lng],
    () => fetchCashOutSettings(lng),
    SWR_OPTIONS,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const { error: failure, setError: setFailure, run } = useAction();
  const matchFieldId = useId();
  const [matchText, setMatchText] = useState('');

  if (error) return <LoadError message={errorText(error)} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  if (!data) return <p className={styles.note}>{t('loading')}</p>;

  async function act(work: () => Promise<unknown>, done: string) {
    await run(
      async () => {
        await work();
        setNotice(done);
        await mutate();
      },
      { onError: () => setNotice(null) },
    );
  }

  function blockMatch(event: FormEvent) {
    event.preventDefault();
    const matchId = Number(matchText);
    if (!Number.isSafeInteger(matchId) || matchId <= 0) {
      setFailure(t('matches.invalid'));
      return;
    }
    void act(() => setCashOutMatch(lng, matchId, false), t('matches.blocked', { matchId }));
  }

  return (
    <div className={styles.desk}>
      <p className={styles.notice} role="status">
        {notice}
      </p>
      <div role="alert">{failure ? <p className={styles.note}>{failure}</p> : null}</div>

      <section className={styles.market} aria-labelledby={`${matchFieldId}-sports`}>
        <h2 id={`${matchFieldId}-sports`}>{t('sports.title')}</h2>
        <p className={styles.note}>{t('sports.intro')}</p>
        <div className={styles.scroll} role="region" aria-labelledby={`${matchFieldId}-table`} tabIndex={0}>
          <table>
            <caption id={`${matchFieldId}-table`}>{t('sports.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sports.sport')}</th>
                <th scope="col">{t('sports.margin')}</th>
                <th scope="col">{t('sports.enabled')}</th>
                <th scope="col">{t('sports.countsWagering')}</th>
                {canManage ? <th scope="col">{t('sports.save')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.sports.map((sport) => (
                <SportRow
                  key={sport.sportId}
                  sport={sport}
                  canManage={canManage}
                  onSave={(body) =>
                    act(() => saveCashOutSport(lng, sport.sportId, body), t('sports.saved', { sport: sport.sportName }))
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className={styles.market} aria-labelledby={`${matchFieldId}-matches`}>
        <h2 id={`${matchFieldId}-matches`}>{t('matches.title')}</h2>
        {data.blockedMatches.length === 0 ? <p className={styles.note}>{t('matches.none')}</p> : null}
        <ul className={styles.plain}>
          {data.blockedMatches.map((match) => (
            <li key={match.matchId}>
              {t('matches.match', { matchId: match.matchId, team1: match.team1, team2: match.team2 })}{' '}
              {canManage ? (
                <button
                  type="button"
                  className={buttons.secondary}
                  onClick={() =>
                    void act(
                      () => setCashOutMatch(lng, match.matchId, true),
                      t('matches.unblocked', { matchId: match.matchId }),
                    )
                  }
                >
                  {t('matches.unblock', { matchId: match.matchId })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {canManage ? (
          <form className={styles.actions} onSubmit={blockMatch}>
            <label className={styles.field} htmlFor={`${matchFieldId}-match`}>
              {t('matches.label')}
              <input
                id={`${matchFieldId}-match`}
                inputMode="numeric"
                autoComplete="off"
                value={matchText}
                onChange={(event) => setMatchText(event.target.value)}
              />
            </label>
            <button type="submit" className={buttons.secondary}>
              {t('matches.block')}
            </button>
          </form>
        ) : null}
      </section>

      <MatchExposure lng={lng} />
    </div>
  );
}

function SportRow({
  sport,
  canManage,
  onSave,
}: {
  sport: CashOutSportSetting;
  canManage: boolean;
  onSave: (body: { marginBp: number; enabled: boolean; countsWagering: boolean }) => Promise<void>;
}) {
  const t = useTranslations('boCashOut');
  const id = useId();
  const [margin, setMargin] = useState((sport.marginBp / 100).toFixed(2));
  const [enabled, setEnabled] = useState(sport.enabled);
  const [countsWagering, setCountsWagering] = useState(sport.countsWagering);
  const marginBp = Math.round(Number(margin.replace(',', '.')) * 100);
  const valid = /^\d{1,2}([.,]\d{1,2})?$/.test(margin.trim()) && marginBp >= 0 && marginBp <= 5000;
  return (
    <tr>
      <th scope="row">{sport.sportName}</th>
      <td>
        <label className={styles.field} htmlFor={`${id}-margin`}>
          <span className={styles.note}>{t('sports.marginFor', { sport: sport.sportName })}</span>
          <input
            id={`${id}-margin`}
            inputMode="decimal"
            value={margin}
            disabled={!canManage}
            aria-invalid={!valid}
            onChange={(event) => setMargin(event.target.value)}
          />
        </label>
      </td>
      <td>
        <input
          type="checkbox"
          className={styles.toggle}
          aria-label={t('sports.enabledFor', { sport: sport.sportName })}
          checked={enabled}
          disabled={!canManage}
          onChange={(event) => setEnabled(event.target.checked)}
        />
      </td>
      <td>
        <input
          type="checkbox"
          className={styles.toggle}
          aria-label={t('sports.countsWageringFor', { sport: sport.sportName })}
          checked={countsWagering}
          disabled={!canManage}
          onChange={(event) => setCountsWagering(event.target.checked)}
        />
      </td>
      {canManage ? (
        <td>
          <button
            type="button"
            className={buttons.primary}
            disabled={!valid}
            onClick={() => void onSave({ marginBp, enabled, countsWagering })}
          >
            {t('sports.saveFor', { sport: sport.sportName })}
          </button>
        </td>
      ) : null}
    </tr>
  );
}

/** A match's liability per outcome (what the book pays if it wins) beside the open bets' cash-out value now. */
function MatchExposure({ lng }: { lng: Locale }) {
  const t = useTranslations('boCashOut');
  const { error: failure, setError: setFailure, run } = useAction();
  const id = useId();
  const [text, setText] = useState('');
  const [shown, setShown] = useState<{
    match: TradingMatch;
    values: Awaited<ReturnType<typeof fetchCashOutValue>>;
  } | null>(null);

  async function look(event: FormEvent) {
    event.preventDefault();
    const matchId = Number(text);
    if (!Number.isSafeInteger(matchId) || matchId <= 0) {
      setFailure(t('matches.invalid'));
      return;
    }
    await run(
      async () => {
        const [match, values] = await Promise.all([fetchTradingMatch(lng, matchId), fetchCashOutValue(lng, matchId)]);
        setShown({ match, values });
      },
      { onError: () => setShown(null) },
    );
  }

  return (
    <section className={styles.market} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('exposure.title')}</h2>
      <form className={styles.actions} onSubmit={(event) => void look(event)}>
        <label className={styles.field} htmlFor={`${id}-match`}>
          {t('exposure.label')}
          <input
            id={`${id}-match`}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit" className={buttons.secondary}>
          {t('exposure.show')}
        </button>
      </form>
      <div role="alert">{failure ? <p className={styles.note}>{failure}</p> : null}</div>
      {shown ? (
        <div className={styles.scroll} role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table>
            <caption id={`${id}-caption`}>
              {t('exposure.caption', { team1: shown.match.team1, team2: shown.match.team2 })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('exposure.outcome')}</th>
                <th scope="col">{t('exposure.bets')}</th>
                <th scope="col">{t('exposure.stakes')}</th>
                <th scope="col">{t('exposure.payout')}</th>
                <th scope="col">{t('exposure.cashOutValue')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.match.marketsList.flatMap((market) =>
                market.outcomes.flatMap((outcome) => {
                  const currencies = new Set([
                    ...outcome.liability.map((row) => row.currency),
                    ...shown.values.filter((row) => row.outcomeId === outcome.id).map((row) => row.currency),
                  ]);
                  return [...currencies].map((currency) => {
                    const liability = outcome.liability.find((row) => row.currency === currency);
                    const value = shown.values.find((row) => row.outcomeId === outcome.id && row.currency === currency);
                    return (
                      <tr key={`${outcome.id}:${currency}`}>
                        <th scope="row">{t('exposure.outcomeName', { market: market.name, label: outcome.label })}</th>
                        <td>{liability?.bets ?? 0}</td>
                        <td>{`${liability?.stakes ?? '0.00'} ${currency}`}</td>
                        <td>{`${liability?.payout ?? '0.00'} ${currency}`}</td>
                        <td>{`${value?.cashOutValue ?? '0.00'} ${currency}`}</td>
                      </tr>
                    );
                  });
                }),
              )}
            </tbody>
          </table>
          {shown.values.length === 0 &&
          shown.match.marketsList.every((market) => market.outcomes.every((o) => o.liability.length === 0)) ? (
            <p className={styles.note}>{t('exposure.none')}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
