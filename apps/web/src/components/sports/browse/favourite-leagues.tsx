'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useFavouriteLeagues } from './favourite-star';
import styles from './browse.module.css';

/** A league to go to; `count`, when known, its matches to come and in play. */
export type LeagueLink = { idTournament: number; name: string; href: string; count?: number };

/** The sportsbook home's list of the signed-in player's favourite leagues (of those with matches now). */
export function FavouriteLeagues({ lng, leagues }: { lng: Locale; leagues: LeagueLink[] }) {
  const t = useTranslations('sports');
  const { data } = useFavouriteLeagues(lng);
  if (!data) return null;
  const byId = new Map(leagues.map((league) => [league.idTournament, league]));
  const mine = data.flatMap((id) => byId.get(id) ?? []);
  return (
    <section className={styles.panel} aria-labelledby="favourite-leagues">
      <h2 id="favourite-leagues" className={styles.panelTitle}>
        {t('browse.favourites')}
      </h2>
      {mine.length === 0 ? <p className={styles.empty}>{t('browse.noFavourites')}</p> : <LeagueList leagues={mine} />}
    </section>
  );
}

export function LeagueList({ leagues }: { leagues: LeagueLink[] }) {
  const t = useTranslations('sports');
  return (
    <ul className={styles.links}>
      {leagues.map((league) => (
        <li key={league.idTournament}>
          <Link href={league.href} className={styles.link}>
            <span>{league.name}</span>
            {league.count !== undefined ? (
              <span className={styles.count}>{t('browse.matchCount', { count: league.count })}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
