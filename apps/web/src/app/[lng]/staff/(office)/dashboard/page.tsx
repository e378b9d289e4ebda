import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DashboardView } from '@/components/back-office/dashboard/dashboard-view';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requirePermission } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/dashboard';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return accountPageMetadata(lng, ROUTE_PATH, t('nav.dashboard'));
}

/** The business figures from the ledger: today and a chosen period, per currency, with charts by day. */
export default async function DashboardPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requirePermission(lng, 'dashboard.read');
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return (
    <OfficeMessages lng={lng}>
      <OfficeFrame title={t('nav.dashboard')}>
        <DashboardView />
      </OfficeFrame>
    </OfficeMessages>
  );
}
