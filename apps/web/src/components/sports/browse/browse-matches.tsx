'use client';

import type { BrowseMatch } from '@playhouse/shared/contracts/sports-browse';
import type { Locale } from '@playhouse/shared/locales';
import { displayOdd } from '@playhouse/shared/odds';
import { applyLivePatch } from '@playhouse/shared/sports/live-patch';
import { localDateTime } from '@playhouse/shared/sports/top-offer';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from '@/i18n/navigation';
import { matchPath } from '@/lib/sports/match-path';
import { liveStreamUrl, parseLiveEvent, parseLivePatchEvent } from '@/lib/sports/sports-api';
import { useOddType } from '../odds/use-odd-type';
import { useTimeZone } from '../use-time-zone';
import { liveClock } from './live-clock';
import { impliedOf, impliedStore } from './implied-store';
import { LiveScore } from './live-score';
import styles from './browse.module.css';

export type BrowseFilter = { sport?: number; category?: number; tournament?: number };

type BrowseMatchesProps = {
  lng: Locale;
  initial: BrowseMatch[];
  /** Keep the matches in play moving over the live stream (those of `filter` only). */
  live?: boolean;
  filter?: BrowseFilter;
  /** Group the matches in play by sport (the live page) rather than under one "Live now" heading. */
  liveBySport?: boolean;
  /** Only the matches to come within today and tomorrow in the visitor's time zone (the sportsbook's home). */
  todayAndTomorrow?: boolean;
  /** What to say when there is nothing to show. */
  empty: string;
};

const FLASH_MS = 2_000;

function inFilter(match: BrowseMatch, filter: BrowseFilter | undefined) {
  return (
    (filter?.sport === undefined || match.idSport === filter.sport) &&
    (filter?.category === undefined || match.idCategory === filter.category) &&
    (filter?.tournament === undefined || match.idTournament === filter.tournament)
  );
}

/** A second's tick while something runs a clock, so the clocks of matches in play move between deliveries. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The matches of a sportsbook page: those in play first (score, clock, main markets; suspended markets locked), then
 * those to come, grouped by the visitor's local day. With `live`, the matches in play follow the live stream (a whole
 * list, then patches merged into it): scores, clocks and odds move without a reload, and a changed odd is highlighted
 * for a moment.
 */
export function BrowseMatches({
  lng,
  initial,
  live,
  filter,
  liveBySport,
  todayAndTomorrow,
  empty,
}: BrowseMatchesProps) {
  const t = useTranslations('sports');
  const timeZone = useTimeZone();
  const [oddType] = useOddType(lng);
  const implied = useSyncExternalStore(impliedStore.subscribe, impliedStore.get, impliedStore.getServer);
  const [playing, setPlaying] = useState(() => initial.filter((match) => match.status === 'live'));
  const [flashes, setFlashes] = useState<Set<number>>(() => new Set());
  const previous = useRef(new Map<number, number>());
  // A match that kicked off while the page was open moves from the days to the matches in play.
  const upcoming = useMemo(() => {
    const started = new Set(playing.map((match) => match.matchId));
    return initial.filter((match) => match.status !== 'live' && !started.has(match.matchId));
  }, [initial, playing]);
  const now = useNow(playing.length > 0);
  // "Today" is the day the page was opened on.
  const [openedAt] = useState(() => Date.now());
  const filterKey = JSON.stringify(filter ?? {});

  useEffect(() => {
    if (!live) return;
    const wanted: BrowseFilter = JSON.parse(filterKey) as BrowseFilter;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The stream's whole list as its messages build it: the last `live`, every `live-patch` since merged in.
    let shown: BrowseMatch[] | null = null;
    // Messages are parsed one after the other: a patch applies to the list before it.
    let queue = Promise.resolve();

    const show = (matches: BrowseMatch[]) => {
      shown = matches;
      const next = matches.filter((match) => inFilter(match, wanted));
      const changed = new Set<number>();
      for (const match of next) {
        for (const market of match.matchBets) {
          for (const outcome of market.matchBetOutcomes) {
            const was = previous.current.get(outcome.outcomeId);
            if (was !== undefined && was !== outcome.matchBetOutcomeOddValue) changed.add(outcome.outcomeId);
            previous.current.set(outcome.outcomeId, outcome.matchBetOutcomeOddValue);
          }
        }
      }
      setPlaying(next);
      if (changed.size > 0) {
        setFlashes(changed);
        clearTimeout(timer);
        timer = setTimeout(() => setFlashes(new Set()), FLASH_MS);
      }
    };
    const connect = () => {
      const current = new EventSource(liveStreamUrl(lng));
      source = current;
      shown = null;
      const handle = (read: (data: string) => Promise<void>) => (event: Event) => {
        const { data } = event as MessageEvent<string>;
        queue = queue.then(() => (source === current ? read(data) : undefined)).catch(() => undefined);
      };
      current.addEventListener(
        'live',
        handle(async (data) => {
          const matches = await parseLiveEvent(data);
          if (matches) show(matches);
        }),
      );
      current.addEventListener(
        'live-patch',
        handle(async (data) => {
          const patch = await parseLivePatchEvent(data);
          if (!patch || !shown) return;
          const merged = applyLivePatch(shown, patch);
          if (merged) show(merged);
          else {
            // A patch that does not fit what the page holds: start again from a whole list.
            current.close();
            connect();
          }
        }),
      );
    };
    connect();
    return () => {
      clearTimeout(timer);
      source?.close();
      source = null;
    };
  }, [live, lng, filterKey]);

  const days = useMemo(() => {
    if (!timeZone) return [];
    const groups: { date: string; matches: BrowseMatch[] }[] = [];
    const [today, tomorrow] = [0, 1].map((days) => localDateTime(openedAt + days * 86_400_000, timeZone).date);
    for (const match of upcoming) {
      const { date } = localDateTime(match.matchDateTimeUTC, timeZone);
      if (todayAndTomorrow && date !== today && date !== tomorrow) continue;
      let group = groups.at(-1);
      if (group?.date !== date) {
        group = { date, matches: [] };
        groups.push(group);
      }
      group.matches.push(match);
    }
    return groups;
  }, [upcoming, timeZone, todayAndTomorrow, openedAt]);

  const liveGroups = useMemo(() => {
    if (!liveBySport) return playing.length > 0 ? [{ key: 'live', title: t('browse.liveNow'), matches: playing }] : [];
    const bySport = new Map<number, { key: string; title: string; matches: BrowseMatch[] }>();
    for (const match of playing) {
      let group = bySport.get(match.idSport);
      if (!group) {
        group = { key: `sport-${match.idSport}`, title: match.sportName, matches: [] };
        bySport.set(match.idSport, group);
      }
      group.matches.push(match);
    }
    return [...bySport.values()];
  }, [playing, liveBySport, t]);

  const row = (match: BrowseMatch) => (
    <MatchRow
      key={match.matchId}
      match={match}
      lng={lng}
      now={now}
      timeZone={timeZone}
      oddType={oddType}
      implied={implied}
      flashes={flashes}
    />
  );

  const nothing = liveGroups.length === 0 && (timeZone ? days.length === 0 : upcoming.length === 0);
  return (
    <div className={styles.groups}>
      {liveGroups.map((group) => (
        <section key={group.key} className={styles.group} aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`} className={`${styles.groupTitle} ${styles.liveTitle}`}>
            {group.title}
          </h2>
          <ul className={styles.rows}>{group.matches.map(row)}</ul>
        </section>
      ))}
      {days.map((day) => (
        <section key={day.date} className={styles.group} aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`} className={styles.groupTitle}>
            {day.date}
          </h2>
          <ul className={styles.rows}>{day.matches.map(row)}</ul>
        </section>
      ))}
      {!timeZone && upcoming.length > 0 ? <div className={styles.skeleton} aria-hidden="true" /> : null}
      {nothing ? <p className={styles.empty}>{empty}</p> : null}
    </div>
  );
}

type RowProps = {
  match: BrowseMatch;
  lng: Locale;
  now: number;
  timeZone: string | null;
  oddType: ReturnType<typeof useOddType>[0];
  implied: boolean;
  flashes: Set<number>;
};

function MatchRow({ match, lng, now, timeZone, oddType, implied, flashes }: RowProps) {
  const t = useTranslations('sports');
  const team = (type: '1' | '2') => match.matchTeams.find((item) => item.matchTeamType === type)?.teamName ?? '';
  const teams = t('versus', { team1: team('1'), team2: team('2') });
  const href = matchPath(match.matchId);
  const state = match.liveState;
  const percent = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <li className={styles.row}>
      <div className={styles.when}>
        {match.status === 'live' ? (
          <>
            <span className={styles.badge}>{t('browse.inPlay')}</span>
            {state ? (
              <>
                {/* The score is what a screen reader hears change; the odds and the clock are not announced. */}
                <LiveScore score={state.score} className={styles.score} />
                <LiveClockText state={state} now={now} />
              </>
            ) : null}
          </>
        ) : timeZone ? (
          <time dateTime={new Date(match.matchDateTimeUTC).toISOString()} className={styles.time}>
            {localDateTime(match.matchDateTimeUTC, timeZone).time}
          </time>
        ) : null}
      </div>
      <div className={styles.match}>
        <Link href={href} className={styles.teams}>
          {teams}
        </Link>
        <span className={styles.meta}>
          {match.categoryName} · {match.tournamentName}
        </span>
      </div>
      <div className={styles.odds}>
        {match.matchBets.map((market) => {
          const prices = impliedOf(market.matchBetOutcomes.map((outcome) => outcome.matchBetOutcomeOddValue));
          const open = market.status === 'open';
          return (
            <div key={market.idMatchBet} className={styles.market} role="group" aria-label={market.betName}>
              {market.matchBetOutcomes.map((outcome, index) => {
                const label = outcome.providerBetOutcomeId;
                if (!open || outcome.status !== 'open') {
                  return (
                    <span key={outcome.outcomeId} className={`${styles.odd} ${styles.locked}`}>
                      <span className={styles.oddLabel}>{label}</span>{' '}
                      <span className={styles.lock} aria-hidden="true" />
                      <span className="visually-hidden">{t('browse.locked', { label })}</span>
                    </span>
                  );
                }
                const odd = displayOdd(outcome.matchBetOutcomeOddValue, oddType);
                const probability = implied && prices ? percent.format(prices.probabilities[index] ?? 0) : null;
                return (
                  <Link
                    key={outcome.outcomeId}
                    href={href}
                    className={`${styles.odd} ${flashes.has(outcome.outcomeId) ? styles.flash : ''}`}
                    // The name starts with what the cell shows (WCAG 2.5.3), then says which match and market.
                    aria-label={`${label} ${odd}${probability ? ` ${t('browse.implied', { probability })}` : ''}, ${t('oddContext', { teams, market: market.betName })}`}
                  >
                    <span className={styles.oddLabel}>{label}</span> <span className={styles.oddValue}>{odd}</span>
                    {probability ? (
                      <>
                        {' '}
                        <span className={styles.probability}>{probability}</span>
                      </>
                    ) : null}
                  </Link>
                );
              })}
              {implied && prices && open ? (
                <span className={styles.margin}>{t('browse.margin', { margin: percent.format(prices.margin) })}</span>
              ) : null}
            </div>
          );
        })}
      </div>
    </li>
  );
}

function LiveClockText({ state, now }: { state: NonNullable<BrowseMatch['liveState']>; now: number }) {
  const t = useTranslations('sports');
  const clock = liveClock(state, now);
  const text =
    clock.kind === 'break'
      ? t('browse.break')
      : clock.kind === 'ended'
        ? t('browse.ended')
        : clock.kind === 'none'
          ? state.periods.map((period) => `${period[0]}:${period[1]}`).join(' ')
          : clock.text;
  return <span className={styles.clock}>{text}</span>;
}
