import type { Locale } from '@playhouse/shared';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import styles from './footer.module.css';

export async function Footer({ lng, siteName }: { lng: Locale; siteName: string }) {
  const t = await getTranslations({ locale: lng, namespace: 'footer' });
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
