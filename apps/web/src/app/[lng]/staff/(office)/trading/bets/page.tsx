import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { BetsTable } from '@/components/back-office/trading/bets-table';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/trading/bets';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boTrading' });
  return accountPageMetadata(lng, ROUTE_PATH, t('bets.title'));
}

/** The bet search of the trading desk. */
export default async function TradingBetsPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boTrading' })]);
  if (!staffMay(me.roles, 'trading.read')) notFound();
  return (
    <OfficeFrame title={t('bets.title')} breadcrumbs={[{ href: '/staff/trading', label: t('fixtures.title') }]}>
      <OfficeMessages lng={lng} namespaces={['boTrading']}>
        <BetsTable lng={lng} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
