import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import styles from './not-found-page.module.css';

/** The translated not-found page inside the site's frame; rendered with a 404 status by Next. */
export async function NotFoundContent() {
  const t = await getTranslations('notFound');
  return (
    <div className={styles.page}>
      <title>{t('title')}</title>
      <h1 className={styles.title}>{t('title')}</h1>
      <p>{t('text')}</p>
      <Link className={styles.home} href="/">
        {t('backHome')}
      </Link>
    </div>
  );
}
