import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { GamesTable } from '@/components/back-office/casino/games-table';
import styles from '@/components/back-office/casino/casino.module.css';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/casino';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boCasino' });
  return accountPageMetadata(lng, ROUTE_PATH, t('games.title'));
}

/** The casino's games: enable, lock, demo play, rank and categories. */
export default async function CasinoGamesPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boCasino' })]);
  if (!staffMay(me.roles, 'casino.read')) notFound();
  return (
    <OfficeFrame
      title={t('games.title')}
      actions={
        <span className={styles.actions}>
          <Link href="/staff/casino/categories">{t('games.categoriesLink')}</Link>
          <Link href="/staff/casino/providers">{t('games.providersLink')}</Link>
        </span>
      }
    >
      <OfficeMessages lng={lng} namespaces={['boCasino']}>
        <GamesTable lng={lng} canManage={staffMay(me.roles, 'casino.manage')} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
