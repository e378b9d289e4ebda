'use client';

import type { MatchDetail } from '@playhouse/shared/contracts/sports';
import type { Locale } from '@playhouse/shared/locales';
import { displayOdd, type OddType } from '@playhouse/shared/odds';
import { localDateTime } from '@playhouse/shared/sports/top-offer';
import { dequal } from 'dequal/lite';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toggleSelection, updateOdds, type SlipSelection } from '@/lib/sports/bet-slip';
import { slipStore } from '@/lib/sports/bet-slip-store';
import { matchPath } from '@/lib/sports/match-path';
import { matchStreamUrl, parseMatchEvent } from '@/lib/sports/sports-api';
import { BetSlip } from '../bet-slip/bet-slip';
import { oddsFormatLabels } from '../odds/odds-format-labels';
import { OddsFormatSwitcher } from '../odds/odds-format-switcher';
import { useOddType } from '../odds/use-odd-type';
import { useTimeZone } from '../use-time-zone';
import { impliedOf, impliedStore } from '../browse/implied-store';
import { ImpliedSwitch } from '../browse/implied-switch';
import { Scoreboard } from './scoreboard';
import styles from './match-view.module.css';

type Direction = 'up' | 'down';

/** Whether a stream event's match is the one shown, value for value (then it needs no parsing). */
function alreadyShown(data: string, shown: MatchDetail): boolean {
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === 'object' && event !== null && 'match' in event && dequal(event.match, shown);
  } catch {
    return false;
  }
}

/**
 * The prematch page of a match: every market and outcome, kept live by the match's event stream, and the bet slip.
 * Picking an outcome puts it on the slip (picking it again takes it off). `siteOddType`, the language's odds format as
 * the server read it, spares a visitor's browser the odd-type call (useOddType).
 */
export function MatchView({ lng, initial, siteOddType }: { lng: Locale; initial: MatchDetail; siteOddType?: OddType }) {
  const t = useTranslations('sports');
  const [match, setMatch] = useState(initial);
  const [moves, setMoves] = useState<Record<number, Direction>>({});
  const [oddType] = useOddType(lng, siteOddType);
  const implied = useSyncExternalStore(impliedStore.subscribe, impliedStore.get, impliedStore.getServer);
  const percent = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 });
  const timeZone = useTimeZone();
  const slip = useSyncExternalStore(slipStore.subscribe, slipStore.get, slipStore.getServer);
  const latest = useRef(initial);

  useEffect(() => {
    const source = new EventSource(matchStreamUrl(lng, initial.matchId));
    const applyMatch = (next: MatchDetail) => {
      const before = new Map(
        latest.current.matchBets.flatMap((market) =>
          market.matchBetOutcomes.map((outcome) => [outcome.outcomeId, outcome.matchBetOutcomeOddValue] as const),
        ),
      );
      const changed: Record<number, Direction> = {};
      const odds = new Map<number, number>();
      for (const market of next.matchBets) {
        for (const outcome of market.matchBetOutcomes) {
          const was = before.get(outcome.outcomeId);
          odds.set(outcome.outcomeId, outcome.matchBetOutcomeOddValue);
          if (was !== undefined && was !== outcome.matchBetOutcomeOddValue) {
            changed[outcome.outcomeId] = outcome.matchBetOutcomeOddValue > was ? 'up' : 'down';
          }
        }
      }
      latest.current = next;
      setMatch(next);
      if (Object.keys(changed).length > 0) setMoves(changed);
      slipStore.update((state) => updateOdds(state, odds));
    };
    source.addEventListener('match', (event) => {
      const data = (event as MessageEvent<string>).data;
      // The stream starts with the whole match, most often just what the page shows: that changes nothing, so it is
      // neither parsed (the contracts and zod are loaded when the odds first move) nor drawn again (TBT, issue 23).
      if (alreadyShown(data, latest.current)) return;
      void parseMatchEvent(data).then((next) => {
        if (next) applyMatch(next);
      });
    });
    return () => source.close();
  }, [lng, initial.matchId]);

  const [team1, team2] = [
    match.matchTeams.find((team) => team.matchTeamType === '1')?.teamName ?? '',
    match.matchTeams.find((team) => team.matchTeamType === '2')?.teamName ?? '',
  ];
  const when = timeZone ? localDateTime(match.matchDateTimeUTC, timeZone) : null;
  const picked = new Set(slip.selections.map((item) => item.outcomeId));

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <header className={styles.header}>
          <p className={styles.meta}>
            {match.sportName} · {match.categoryName} · {match.tournamentName}
          </p>
          <h1 className={styles.title}>{t('versus', { team1, team2 })}</h1>
          <p className={styles.when}>
            {when ? (
              <time dateTime={new Date(match.matchDateTimeUTC).toISOString()}>
                {t('match.startsAt', { time: when.time, date: when.date })}
              </time>
            ) : (
              <span className={styles.timePlaceholder}>{t('match.loadingTime')}</span>
            )}
            <span className={styles.status}>{t(`match.status.${match.status}`)}</span>
          </p>
          {match.status === 'live' && match.liveState ? (
            <Scoreboard state={match.liveState} teams={[team1, team2]} />
          ) : null}
          {match.result ? (
            <p className={styles.result}>
              {t('match.result', { score1: match.result.score1, score2: match.result.score2 })}
            </p>
          ) : null}
          <div className={styles.tools}>
            <OddsFormatSwitcher lng={lng} labels={oddsFormatLabels(t)} siteOddType={siteOddType} />
            <ImpliedSwitch />
          </div>
        </header>
        {!match.bettingOpen ? (
          <p className={styles.closed} role="status">
            {t('match.bettingClosed')}
          </p>
        ) : null}
        <section aria-label={t('match.markets')} className={styles.markets}>
          {match.matchBets.map((market) => {
            const marketOpen = match.bettingOpen && market.status === 'open';
            const prices = implied
              ? impliedOf(market.matchBetOutcomes.map((outcome) => outcome.matchBetOutcomeOddValue))
              : null;
            return (
              <section
                key={market.idMatchBet}
                className={styles.market}
                aria-labelledby={`market-${market.idMatchBet}`}
              >
                <h2 id={`market-${market.idMatchBet}`} className={styles.marketName}>
                  {market.betName}
                  {prices && market.status === 'open' ? (
                    <span className={styles.margin}>
                      {t('browse.margin', { margin: percent.format(prices.margin) })}
                    </span>
                  ) : null}
                  {market.status === 'suspended' ? (
                    <span className={styles.suspended}>{t('match.suspended')}</span>
                  ) : null}
                </h2>
                <div className={styles.outcomes}>
                  {market.matchBetOutcomes.map((outcome, index) => {
                    const odd = displayOdd(outcome.matchBetOutcomeOddValue, oddType);
                    const open = marketOpen && outcome.status === 'open';
                    const move = moves[outcome.outcomeId];
                    const result = outcome.result ? t(`match.outcomeResult.${outcome.result}`) : null;
                    const probability = prices ? percent.format(prices.probabilities[index] ?? 0) : null;
                    const selection: SlipSelection = {
                      outcomeId: outcome.outcomeId,
                      matchId: match.matchId,
                      matchDateTimeUTC: match.matchDateTimeUTC,
                      teams: [team1, team2],
                      betName: market.betName,
                      label: outcome.providerBetOutcomeId,
                      odd: outcome.matchBetOutcomeOddValue,
                      ...(match.betDelayMs !== null ? { betDelayMs: match.betDelayMs } : {}),
                    };
                    return (
                      <button
                        key={outcome.outcomeId}
                        type="button"
                        className={`${styles.outcome} ${move ? styles[move] : ''}`}
                        aria-pressed={picked.has(outcome.outcomeId)}
                        // The name starts with what the button shows (WCAG 2.5.3), then its market.
                        aria-label={`${[outcome.providerBetOutcomeId, odd, probability ? t('browse.implied', { probability }) : null, result].filter(Boolean).join(' ')}, ${market.betName}`}
                        disabled={!open}
                        onClick={() => slipStore.update((state) => toggleSelection(state, selection))}
                      >
                        <span className={styles.outcomeLabel}>{outcome.providerBetOutcomeId}</span>{' '}
                        <span className={styles.outcomeOdd}>{odd}</span>
                        {probability ? (
                          <>
                            {' '}
                            <span className={styles.probability}>{probability}</span>
                          </>
                        ) : null}
                        {result ? <span className={styles.outcomeResult}>{result}</span> : null}
                      </button>
                    );
                  })}
                </div>
              </section>
            );
          })}
        </section>
      </div>
      <aside className={styles.aside}>
        <BetSlip lng={lng} returnTo={matchPath(match.matchId)} siteOddType={siteOddType} />
      </aside>
    </div>
  );
}
