'use client';

import { SPEC } from '@playhouse/shared/constants';
import type { Match, Sport, SportCategory, Tournament } from '@playhouse/shared/contracts/sports';
import type { Locale } from '@playhouse/shared/locales';
import type { OddType } from '@playhouse/shared/odds';
import { buildTopOffer, type TopOfferDay } from '@playhouse/shared/sports/top-offer';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { LIVE_PATH, SPORTSBOOK_PATH } from '@/lib/sports/match-path';
import { fetchSportMatches } from '@/lib/sports/sports-api';
import type { OddsFormatLabels } from '../odds/odds-format-labels';
import { OddsFormatSwitcher } from '../odds/odds-format-switcher';
import { useOddType } from '../odds/use-odd-type';
import { useTimeZone } from '../use-time-zone';
import styles from './top-offer.module.css';
import { TopOfferTable, TopOfferSkeleton, type TopOfferTableLabels } from './top-offer-table';
import layout from '@/components/ui/layout.module.css';

export interface TopOfferBook {
  matches: Match[];
  categories: SportCategory[] | Record<string, SportCategory>;
  tournaments: Tournament[] | Record<string, Tournament>;
}

type Entry = TopOfferBook | 'failed';

/** Keeps the table's rows fresh: matches that have started leave it without a reload. */
const CLOCK_TICK_MS = 30_000;

/** Translated on the server: the block does not load the message formatter (it is on the home page's first load). */
export type TopOfferLabels = TopOfferTableLabels & {
  title: string;
  sports: string;
  oddsFormat: OddsFormatLabels;
  /** The links to the live section and to the whole sportsbook. */
  live: string;
  allSports: string;
};

export interface TopOfferBlockProps {
  lng: Locale;
  labels: TopOfferLabels;
  /** The sport tabs, in order. */
  sports: Sport[];
  /** The first tab's matches, which came with the sports list. */
  first: TopOfferBook;
  /** The visitor's time zone as the server knew it (from the cookie), or null: then the browser draws the table. */
  serverTimeZone?: string | null;
  /** When the server drew the table: the browser's first render uses the same moment, so both agree. */
  renderedAt?: number;
  /** The odds format the operator set for the language, read by the server: a visitor's browser need not ask. */
  siteOddType?: OddType;
}

/**
 * The top-offer block (SPEC.md §2, §4, §5): sport tabs, the first active, switching every 5 s (wrapping) until a
 * tab is clicked; each sport's matches loaded once and kept; a sport with nothing to show leaves the tabs. Times and
 * day groups are in the visitor's time zone: drawn on the server when it knows the zone, else in the browser behind
 * a skeleton of the same size.
 */
export function TopOfferBlock({
  lng,
  labels,
  sports,
  first,
  serverTimeZone = null,
  renderedAt,
  siteOddType,
}: TopOfferBlockProps) {
  const timeZone = useTimeZone(serverTimeZone);
  const [oddType] = useOddType(lng, siteOddType);
  const [activeId, setActiveId] = useState(sports[0]?.idSport ?? 0);
  const [rotating, setRotating] = useState(true);
  const [books, setBooks] = useState<Record<number, Entry>>(() => (sports[0] ? { [sports[0].idSport]: first } : {}));
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  const requested = useRef(new Set<number>(sports[0] ? [sports[0].idSport] : []));
  const baseId = useId();
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());

  // A sport whose matches came back with nothing to show (or did not come back) leaves the tabs for good.
  const tables = new Map<number, TopOfferDay[] | null>();
  for (const sport of sports) {
    const entry = books[sport.idSport];
    tables.set(
      sport.idSport,
      timeZone && entry && entry !== 'failed' ? buildTopOffer(entry, { now, oddType, timeZone }) : null,
    );
  }
  const isEmpty = (sportId: number) => books[sportId] === 'failed' || tables.get(sportId)?.length === 0;
  const tabs = sports.filter((sport) => !isEmpty(sport.idSport));
  // The active sport, or the next one still there when it has just been dropped.
  const chosenIndex = Math.max(
    0,
    sports.findIndex((sport) => sport.idSport === activeId),
  );
  const active =
    [...sports.slice(chosenIndex), ...sports.slice(0, chosenIndex)].find((sport) => !isEmpty(sport.idSport)) ?? null;
  const activeSportId = active?.idSport ?? 0;
  const days = active ? (tables.get(active.idSport) ?? null) : null;

  // Each sport's matches are asked for once, the first time its tab is shown.
  useEffect(() => {
    if (!timeZone || !activeSportId || requested.current.has(activeSportId)) return;
    requested.current.add(activeSportId);
    fetchSportMatches(lng, activeSportId, timeZone)
      .then((data) => setBooks((current) => ({ ...current, [activeSportId]: data })))
      .catch(() => setBooks((current) => ({ ...current, [activeSportId]: 'failed' })));
  }, [activeSportId, lng, timeZone]);

  const tabIds = tabs.map((sport) => sport.idSport).join(',');
  useEffect(() => {
    const ids = tabIds.split(',').map(Number);
    if (!rotating || ids.length < 2) return;
    const timer = setTimeout(() => {
      setActiveId(ids[(ids.indexOf(activeSportId) + 1) % ids.length]!);
      setNow(Date.now());
    }, SPEC.sportAutoSwitchMs);
    return () => clearTimeout(timer);
  }, [rotating, activeSportId, tabIds]);

  useEffect(() => {
    // The server's moment was only for hydration: from now on the browser's clock keeps the table fresh.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, CLOCK_TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);

  if (!active) return null;

  const choose = (sportId: number) => {
    setRotating(false);
    setActiveId(sportId);
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const target = tabs[(index + step + tabs.length) % tabs.length]!;
    choose(target.idSport);
    tabRefs.current.get(target.idSport)?.focus();
  };

  const panelId = `${baseId}-panel`;
  const tabId = (sportId: number) => `${baseId}-tab-${sportId}`;
  const skeletonRows = Math.min(SPEC.matchesShown, Math.max(1, first.matches.length));

  return (
    <section className={styles.block} aria-labelledby={`${baseId}-title`}>
      <div className={`${layout.spread} ${layout.wide} ${styles.header}`}>
        <h2 id={`${baseId}-title`} className={styles.title}>
          {labels.title}
        </h2>
        <div className={styles.headerLinks}>
          <Link href={LIVE_PATH} className={`${styles.tab} ${styles.liveTab}`}>
            {labels.live}
          </Link>
          <Link href={SPORTSBOOK_PATH} className={styles.tab}>
            {labels.allSports}
          </Link>
        </div>
        <OddsFormatSwitcher lng={lng} labels={labels.oddsFormat} siteOddType={siteOddType} />
      </div>
      <div className={styles.tabs} role="tablist" aria-label={labels.sports}>
        {tabs.map((sport, index) => {
          const selected = sport.idSport === active.idSport;
          return (
            <button
              key={sport.idSport}
              ref={(node) => {
                if (node) tabRefs.current.set(sport.idSport, node);
                else tabRefs.current.delete(sport.idSport);
              }}
              type="button"
              role="tab"
              id={tabId(sport.idSport)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(sport.idSport)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {sport.sportName}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(active.idSport)}
        aria-busy={days === null}
        className={styles.panel}
      >
        {days ? <TopOfferTable days={days} lng={lng} labels={labels} /> : <TopOfferSkeleton rows={skeletonRows} />}
      </div>
    </section>
  );
}
