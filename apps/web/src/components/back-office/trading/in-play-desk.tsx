'use client';

import type { InPlayDeskMatch, SportTradingSetting } from '@playhouse/shared/contracts/in-play';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { useAction } from '@/components/ui/use-action';
import buttons from '@/components/ui/button.module.css';
import { Link } from '@/i18n/navigation';
import { fetchInPlayDesk, fetchSportSettings, saveBetDelay } from '@/lib/back-office/in-play-api';
import { changeMatch } from '@/lib/back-office/trading-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './trading.module.css';

/** The desk follows the matches in play without a reload (their state, markets and bets move every few seconds). */
const REFRESH_MS = 5_000;

/** A live state in one line: the score, the period and what the clock says. */
function stateText(t: ReturnType<typeof useTranslations<'boInPlay'>>, match: InPlayDeskMatch) {
  const state = match.liveState;
  if (!state) return t('desk.noState');
  const minutes = state.clock ? Math.floor(state.clock.seconds / 60) : null;
  return t('desk.state', {
    score1: state.score[0],
    score2: state.score[1],
    period: state.period,
    phase: t(`phase.${state.phase}`),
    clock: minutes === null ? '' : t('desk.clock', { minutes }),
  });
}

/**
 * The traders' desk for betting in play: the matches in play with their state, their markets (open, suspended, held
 * by a trader) and open bets, a whole match suspended or resumed in one press (a dangerous moment leaves no time for a
 * dialog; each is audited), and the bet delay per sport.
 */
export function InPlayDesk({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boInPlay');
  const { busy, error, run } = useAction();
  const desk = useSWR(['back-office', 'in-play', lng], () => fetchInPlayDesk(lng), {
    ...SWR_OPTIONS,
    refreshInterval: REFRESH_MS,
  });
  const [notice, setNotice] = useState<string | null>(null);

  async function act(match: InPlayDeskMatch, action: 'suspend' | 'resume') {
    const teams = t('desk.match', { team1: match.team1, team2: match.team2 });
    await run(async () => {
      await changeMatch(lng, match.id, action);
      await desk.mutate();
      setNotice(t(action === 'suspend' ? 'desk.suspended' : 'desk.resumed', { match: teams }));
    });
  }

  return (
    <div className={styles.desk}>
      <section aria-labelledby="in-play-matches">
        <h2 id="in-play-matches">{t('desk.title')}</h2>
        <p className={styles.notice} role="status">
          {error ?? notice}
        </p>
        {desk.error ? (
          <LoadError message={t('desk.loadFailed')} retryLabel={t('desk.retry')} onRetry={() => void desk.mutate()} />
        ) : !desk.data ? (
          <p role="status">…</p>
        ) : desk.data.length === 0 ? (
          <p>{t('desk.empty')}</p>
        ) : (
          <div className={styles.scroll} tabIndex={0} role="region" aria-labelledby="in-play-matches">
            <table>
              <caption className="visually-hidden">{t('desk.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('desk.matchColumn')}</th>
                  <th scope="col">{t('desk.stateColumn')}</th>
                  <th scope="col">{t('desk.marketsColumn')}</th>
                  <th scope="col">{t('desk.openBets')}</th>
                  <th scope="col">{t('desk.delay')}</th>
                  {canManage ? <th scope="col">{t('desk.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {desk.data.map((match) => {
                  const teams = t('desk.match', { team1: match.team1, team2: match.team2 });
                  return (
                    <tr key={match.id}>
                      <th scope="row">
                        <Link href={`/staff/trading/matches/${match.id}`}>{teams}</Link>
                        <span className={styles.note}>
                          {match.sportName}, {match.tournamentName}
                        </span>
                      </th>
                      <td>{stateText(t, match)}</td>
                      <td>
                        {t('desk.markets', {
                          open: match.openMarkets,
                          suspended: match.suspendedMarkets,
                          held: match.heldMarkets,
                        })}
                      </td>
                      <td>{match.openBets}</td>
                      <td>{t('desk.seconds', { seconds: match.betDelayMs / 1000 })}</td>
                      {canManage ? (
                        <td>
                          <div className={styles.actions}>
                            <button
                              type="button"
                              className={buttons.secondary}
                              disabled={busy}
                              onClick={() => void act(match, 'suspend')}
                            >
                              {t('desk.suspend', { match: teams })}
                            </button>
                            <button
                              type="button"
                              className={buttons.secondary}
                              disabled={busy}
                              onClick={() => void act(match, 'resume')}
                            >
                              {t('desk.resume', { match: teams })}
                            </button>
                          </div>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <BetDelays lng={lng} canManage={canManage} />
    </div>
  );
}

/** The bet delay per sport, each saved on its own. */
function BetDelays({ lng, canManage }: { lng: Locale; canManage: boolean }) {
  const t = useTranslations('boInPlay');
  const settings = useSWR(['back-office', 'sport-settings', lng], () => fetchSportSettings(lng), SWR_OPTIONS);
  return (
    <section aria-labelledby="bet-delays">
      <h2 id="bet-delays">{t('delays.title')}</h2>
      <p className={styles.state}>{t('delays.intro')}</p>
      {settings.error ? (
        <LoadError
          message={t('delays.loadFailed')}
          retryLabel={t('desk.retry')}
          onRetry={() => void settings.mutate()}
        />
      ) : !settings.data ? (
        <p role="status">…</p>
      ) : (
        <ul className={styles.plain}>
          {settings.data.map((setting) => (
            <li key={setting.sportId}>
              <BetDelayForm lng={lng} setting={setting} canManage={canManage} onSaved={() => void settings.mutate()} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BetDelayForm({
  lng,
  setting,
  canManage,
  onSaved,
}: {
  lng: Locale;
  setting: SportTradingSetting;
  canManage: boolean;
  onSaved: () => void;
}) {
  const t = useTranslations('boInPlay');
  const { busy, error, setError, run } = useAction();
  const id = useId();
  const [seconds, setSeconds] = useState(String(setting.betDelayMs / 1000));
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(seconds);
    if (!Number.isFinite(value) || value < 0 || value > 30) {
      setError(t('delays.invalid'));
      return;
    }
    await run(async () => {
      const answer = await saveBetDelay(lng, setting.sportId, Math.round(value * 1000));
      setSaved(t('delays.saved', { sport: answer.sportName, seconds: answer.betDelayMs / 1000 }));
      onSaved();
    });
  }

  return (
    <form className={styles.actions} onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-sport`}>
      <label className={styles.field}>
        <span id={`${id}-sport`}>
          {setting.sportName}
          {setting.isDefault ? ` (${t('delays.default')})` : ''}
        </span>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          max={30}
          step={0.1}
          value={seconds}
          disabled={!canManage}
          aria-describedby={`${id}-unit`}
          onChange={(event) => setSeconds(event.target.value)}
        />
        <span id={`${id}-unit`} className={styles.note}>
          {t('delays.unit')}
        </span>
      </label>
      {canManage ? (
        <button type="submit" className={buttons.secondary} disabled={busy}>
          {t('delays.save', { sport: setting.sportName })}
        </button>
      ) : null}
      <p role="status" className={styles.note}>
        {error ?? saved}
      </p>
    </form>
  );
}
