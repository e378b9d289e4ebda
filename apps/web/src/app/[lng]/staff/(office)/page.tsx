import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { navItemsFor } from '@/components/back-office/nav-items';
import { OfficeFrame } from '@/components/back-office/office-frame';
import styles from '@/components/back-office/office-shell.module.css';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return accountPageMetadata(lng, ROUTE_PATH, t('home.title'));
}

/** The back office's home: what this staff member may use, one card per screen their roles allow. */
export default async function OfficeHomePage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'backOffice' })]);
  const screens = navItemsFor(me.roles).filter((item) => item.href !== ROUTE_PATH);
  return (
    <OfficeFrame title={t('home.title')} breadcrumbs={false}>
      <p>{t('home.intro', { count: screens.length })}</p>
      <ul className={styles.home}>
        {screens.map((item) => (
          <li key={item.href}>
            <Link href={item.href}>
              <strong>{t(`nav.${item.labelKey}`)}</strong>
              {t.has(`home.describe.${item.labelKey}`) ? <span>{t(`home.describe.${item.labelKey}`)}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </OfficeFrame>
  );
}
