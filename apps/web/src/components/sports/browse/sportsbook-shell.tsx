import type { BookResponse } from '@playhouse/shared/contracts/sports-browse';
import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getPathname, Link } from '@/i18n/navigation';
import { bookPath, LIVE_PATH, SPORTS_SEARCH_PATH, SPORTSBOOK_PATH } from '@/lib/sports/match-path';
import { oddsFormatLabels } from '../odds/odds-format-labels';
import { OddsFormatSwitcher } from '../odds/odds-format-switcher';
import { ImpliedSwitch } from './implied-switch';
import styles from './browse.module.css';

export type Crumb = { label: string; href: string };

type ShellProps = {
  lng: Locale;
  book: BookResponse;
  title: string;
  /** The trail above the title, the sportsbook's home first; the page itself is not in it. */
  crumbs?: Crumb[];
  /** The sport the page belongs to (its entry is marked current), or 'live'. */
  current?: number | 'live';
  /** Beside the title (a league's star). */
  action?: ReactNode;
  query?: string;
  children: ReactNode;
};

/**
 * Every sportsbook page's frame: the sports (with their counts), the live section, event search, the odds format and
 * the probabilities switch; then the page's title and content. Phone first: the sports scroll sideways above the
 * content, and sit beside it on wide screens.
 */
export async function SportsbookShell({ lng, book, title, crumbs, current, action, query, children }: ShellProps) {
  const t = await getTranslations({ locale: lng, namespace: 'sports' });
  const live = book.sports.reduce((sum, sport) => sum + sport.live, 0);
  return (
    <div className={styles.page}>
      <nav className={styles.sports} aria-label={t('browse.nav')}>
        <ul className={styles.sportList}>
          <li>
            <Link href={LIVE_PATH} className={styles.sportLink} aria-current={current === 'live' ? 'page' : undefined}>
              <span>{t('browse.live')}</span>
              <span className={styles.liveCount}>{t('browse.liveCount', { count: live })}</span>
            </Link>
          </li>
          {book.sports.map((sport) => (
            <li key={sport.idSport}>
              <Link
                href={bookPath(sport.slug)}
                className={styles.sportLink}
                aria-current={current === sport.idSport ? 'page' : undefined}
              >
                <span>{sport.sportName}</span>
                <span className={styles.count}>{sport.upcoming + sport.live}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <form role="search" action={getPathname({ href: SPORTS_SEARCH_PATH, locale: lng })} className={styles.search}>
          <label htmlFor="sports-search" className="visually-hidden">
            {t('browse.searchLabel')}
          </label>
          <input
            id="sports-search"
            name="q"
            type="search"
            defaultValue={query}
            placeholder={t('browse.searchLabel')}
            minLength={2}
            maxLength={100}
            className={styles.searchInput}
          />
          <button type="submit" className={styles.searchButton}>
            {t('browse.searchButton')}
          </button>
        </form>
        {crumbs && crumbs.length > 0 ? (
          <nav aria-label={t('browse.breadcrumbs')}>
            <ol className={styles.crumbs}>
              {crumbs.map((crumb) => (
                <li key={crumb.href}>
                  <Link href={crumb.href}>{crumb.label}</Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {action}
        </div>
        <div className={styles.tools}>
          <OddsFormatSwitcher lng={lng} labels={oddsFormatLabels(t)} />
          <ImpliedSwitch />
        </div>
        {children}
      </div>
    </div>
  );
}

/** The crumb of the sportsbook's home. */
export async function homeCrumb(lng: Locale): Promise<Crumb> {
  const t = await getTranslations({ locale: lng, namespace: 'sports' });
  return { label: t('browse.title'), href: SPORTSBOOK_PATH };
}
