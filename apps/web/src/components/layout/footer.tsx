import type { Locale } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import styles from './footer.module.css';

export async function Footer({ lng, siteName }: { lng: Locale; siteName: string }) {
  const [t, tChat, tSafe] = await Promise.all([
    getTranslations({ locale: lng, namespace: 'footer' }),
    getTranslations({ locale: lng, namespace: 'chat' }),
    getTranslations({ locale: lng, namespace: 'safePlay' }),
  ]);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('navigation')}>
          <ul className={styles.links}>
            <li>
              <Link href="/">{t('home')}</Link>
            </li>
            <li>
              <Link href="/app-page">{t('appPage')}</Link>
            </li>
            <li>
              {/* Limits, time-out and self-exclusion: one step from every page. */}
              <Link href="/responsible-gaming">{tSafe('menu.responsibleGaming')}</Link>
            </li>
            <li>
              {/* A chat opener: opens the chat in place; where the chat is hidden, the home page opens it. */}
              <Link href="/?widget-open-chat" data-chat-opener="">
                {tChat('contactSupport')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className={styles.responsible}>
          <span className={styles.age} aria-hidden="true">
            18+
          </span>
          {t('responsible')}
        </p>
        <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear(), siteName })}</p>
      </div>
    </footer>
  );
}
