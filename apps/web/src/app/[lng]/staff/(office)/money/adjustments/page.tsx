import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { AdjustmentsView } from '@/components/back-office/money/adjustments-view';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/money/adjustments';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boMoney' });
  return accountPageMetadata(lng, ROUTE_PATH, t('adjustments.title'));
}

/**
 * Manual adjustments: support and finance ask for one (finance applies one below the threshold), finance and risk read
 * the list, finance decides the pending ones of others. Staff whose roles allow none of it get the 404 page.
 */
export default async function Page({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boMoney' })]);
  const canRequest = staffMay(me.roles, 'adjustments.request');
  const canRead = staffMay(me.roles, 'adjustments.read');
  if (!canRequest && !canRead) notFound();
  return (
    <OfficeMessages lng={lng} namespaces={['boMoney', 'account']}>
      <OfficeFrame title={t('adjustments.title')}>
        <AdjustmentsView
          lng={lng}
          canRequest={canRequest}
          canRead={canRead}
          canApprove={staffMay(me.roles, 'adjustments.approve')}
        />
      </OfficeFrame>
    </OfficeMessages>
  );
}
