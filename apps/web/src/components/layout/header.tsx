import type { LocaleItem, Locale, NavCategory } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import { HeaderAccount } from '@/components/account/header-account';
import { VisitorLinks } from '@/components/account/visitor-links';
import { Link } from '@/i18n/navigation';
import { PLAYER_LIST_PATHS } from '@/lib/account/player-paths';
import { categoryHref } from '@/lib/links';
import { LIVE_PATH, SPORTSBOOK_PATH } from '@/lib/sports/match-path';
import styles from './header.module.css';
import { LanguageList } from './language-list';
import { SideMenu } from './side-menu';

type HeaderProps = { lng: Locale; siteName: string; locales: LocaleItem[]; categories: NavCategory[] };

export async function Header({ lng, siteName, locales, categories }: HeaderProps) {
  const t = await getTranslations({ locale: lng, namespace: 'header' });
  const tm = await getTranslations({ locale: lng, namespace: 'sideMenu' });
  const tp = await getTranslations({ locale: lng, namespace: 'promotions' });
  const tl = await getTranslations({ locale: lng, namespace: 'languageList' });
  const ta = await getTranslations({ locale: lng, namespace: 'accountMenu' });
  const language = locales.find((locale) => locale.value === lng)?.title ?? lng;

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <SideMenu labels={{ open: tm('open'), title: tm('title'), close: tm('close') }}>
          <nav aria-label={tm('title')} className={styles.menuNav}>
            <ul className={styles.menuList}>
              <li>
                <Link href="/">{tm('home')}</Link>
              </li>
              <li>
                <Link href={SPORTSBOOK_PATH}>{tm('sportsbook')}</Link>
              </li>
              <li>
                <Link href={LIVE_PATH}>{tm('liveBetting')}</Link>
              </li>
              <li>
                <Link href="/promotions">{tp('menuLink')}</Link>
              </li>
              {(['myBets', 'favourites', 'recentlyPlayed'] as const).map((list) => (
                <li key={list}>
                  <Link href={PLAYER_LIST_PATHS[list]}>{ta(list)}</Link>
                </li>
              ))}
              <li>
                <Link href="/app-page">{tm('appPage')}</Link>
              </li>
            </ul>
            {categories.length > 0 ? (
              <>
                <h2 className={styles.menuHeading}>{tm('categories')}</h2>
                <ul className={styles.menuList}>
                  {categories.map((category) => (
                    <li key={category.id}>
                      <Link href={categoryHref(category)}>{category.title}</Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </nav>
        </SideMenu>
        <Link href="/" className={styles.logo} aria-label={t('homeLink', { siteName })}>
          <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <path d="M16 4 28 14.5h-3V27H7V14.5H4Z" fill="currentColor" />
            <path d="M13.5 16.5v7l6-3.5Z" fill="var(--color-bg)" />
          </svg>
          <span>{siteName}</span>
        </Link>
        <div className={styles.end}>
          <LanguageList
            current={lng}
            labels={{ current: tl('current', { language }), toggle: tl('toggle', { language }), list: tl('label') }}
            locales={locales.map(({ value, title, imagePath }) => ({ value, title, imagePath }))}
          />
          <HeaderAccount visitor={<VisitorLinks lng={lng} />} />
        </div>
      </div>
    </header>
  );
}
