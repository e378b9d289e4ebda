import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { FourEyesRequests } from '@/components/back-office/requests/four-eyes-requests';
import { FixturesTable } from '@/components/back-office/trading/fixtures-table';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/trading';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boTrading' });
  return accountPageMetadata(lng, ROUTE_PATH, t('fixtures.title'));
}

/** The trading desk: fixtures from the feed, each a link to its markets. */
export default async function TradingPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t, inPlay] = await Promise.all([
    requireStaff(lng),
    getTranslations({ locale: lng, namespace: 'boTrading' }),
    getTranslations({ locale: lng, namespace: 'boInPlay' }),
  ]);
  if (!staffMay(me.roles, 'trading.read')) notFound();
  return (
    <OfficeFrame
      title={t('fixtures.title')}
      actions={
        <>
          <Link href="/staff/trading/in-play">{inPlay('title')}</Link>{' '}
          <Link href="/staff/trading/bets">{t('fixtures.betSearch')}</Link>{' '}
          <Link href="/staff/trading/cash-out">{t('fixtures.cashOut')}</Link>
        </>
      }
    >
      <OfficeMessages lng={lng} namespaces={['boTrading']}>
        <FourEyesRequests
          lng={lng}
          area="trading"
          meId={me.user.id}
          canDecide={staffMay(me.roles, 'trading.results.approve')}
          title={t('fixtures.requests')}
        />
        <FixturesTable lng={lng} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
