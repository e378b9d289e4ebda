import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import styles from './header-account.module.css';

/** The header's sign-in and registration links, drawn on the server. */
export async function VisitorLinks({ lng }: { lng: Locale }) {
  const t = await getTranslations({ locale: lng, namespace: 'accountMenu' });
  return (
    <div className={styles.links}>
      <Link href="/auth/login" className={styles.login}>
        {t('login')}
      </Link>
      <Link href="/auth/register" className={styles.register}>
        {t('register')}
      </Link>
    </div>
  );
}
