'use client';

import type { TopOfferDay, TopOfferRow } from '@playhouse/shared/sports/top-offer';
import type { Locale } from '@playhouse/shared/locales';
import { fillTemplate, pluralText, type PluralTexts } from '@/lib/label-templates';
import { Link } from '@/i18n/navigation';
import { matchPath } from '@/lib/sports/match-path';
import styles from './top-offer.module.css';

export type TopOfferTableLabels = {
  /** "{team1} – {team2}" */
  versus: string;
  hotOdds: string;
  /** What follows an odds cell's visible text in its name: "{teams}, {market}". */
  oddContext: string;
  /** Per plural category: "more markets for {teams}". */
  moreMarketsFor: PluralTexts;
};

type TableProps = { days: TopOfferDay[]; lng: Locale; labels: TopOfferTableLabels };

/** The matches of the active sport, grouped by the visitor's local day (SPEC.md §2, §5). */
export function TopOfferTable({ days, lng, labels }: TableProps) {
  return (
    <div className={styles.days}>
      {days.map((day) => (
        <section key={day.date} className={styles.day} aria-label={day.date}>
          <div className={styles.dayHeader}>
            <span className={styles.date}>{day.date}</span>
            <span className={styles.labels} aria-hidden="true">
              {day.labels.map((label) => (
                <span key={label} className={styles.headerLabel}>
                  {label}
                </span>
              ))}
            </span>
          </div>
          <ul className={styles.rows}>
            {day.rows.map((row) => (
              <MatchRow key={row.matchId} row={row} lng={lng} labels={labels} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function MatchRow({ row, lng, labels }: { row: TopOfferRow; lng: Locale; labels: TopOfferTableLabels }) {
  const href = matchPath(row.matchId);
  const teams = fillTemplate(labels.versus, { team1: row.team1, team2: row.team2 });
  return (
    <li className={styles.row}>
      <div className={styles.when}>
        <time dateTime={new Date(row.startsAt).toISOString()} className={styles.time}>
          {row.time}
        </time>
        {row.hot ? (
          <span className={styles.hot} title={labels.hotOdds}>
            <span className="visually-hidden">{labels.hotOdds}</span>
          </span>
        ) : null}
      </div>
      <div className={styles.match}>
        <span className={styles.teams}>{teams}</span>
        <span className={styles.meta}>
          {row.categoryName} · {row.tournamentName}
        </span>
      </div>
      <div className={styles.odds}>
        {row.markets.map((market) => (
          <div key={market.idMatchBet} className={styles.market} role="group" aria-label={market.betName}>
            {market.outcomes.map((outcome) => (
              <Link
                key={outcome.label}
                href={href}
                className={styles.odd}
                // The name starts with what the cell shows (WCAG 2.5.3), then says which match and market.
                aria-label={`${outcome.label} ${outcome.odd}, ${fillTemplate(labels.oddContext, { teams, market: market.betName })}`}
              >
                <span className={styles.oddLabel}>{outcome.label}</span>{' '}
                <span className={styles.oddValue}>{outcome.odd}</span>
              </Link>
            ))}
          </div>
        ))}
        {row.moreCount > 0 ? (
          <Link
            href={href}
            className={styles.more}
            aria-label={`+${row.moreCount} ${fillTemplate(pluralText(labels.moreMarketsFor, lng, row.moreCount), { teams })}`}
          >
            +{row.moreCount}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** Rows of the table's size while the visitor's time zone is not known yet (server render, hydration). */
export function TopOfferSkeleton({ rows }: { rows: number }) {
  return (
    <div className={styles.days} aria-hidden="true">
      <div className={styles.day}>
        <div className={styles.dayHeader} />
        <ul className={styles.rows}>
          {Array.from({ length: rows }, (_, index) => (
            <li key={index} className={`${styles.row} ${styles.skeletonRow}`} />
          ))}
        </ul>
      </div>
    </div>
  );
}
