import type { Metadata } from 'next';
import { staffMay } from '@playhouse/shared/staff/permissions';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { NewCampaign } from '@/components/back-office/marketing/new-campaign';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/campaigns/new';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boMarketing' });
  return accountPageMetadata(lng, ROUTE_PATH, t('campaigns.newTitle'));
}

/** A new campaign (marketing only). */
export default async function NewCampaignPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const me = await requireStaff(lng);
  if (!staffMay(me.roles, 'campaigns.manage')) notFound();
  const t = await getTranslations({ locale: lng, namespace: 'boMarketing' });
  return (
    <OfficeMessages lng={lng} namespaces={['boMarketing', 'account']}>
      <OfficeFrame
        title={t('campaigns.newTitle')}
        breadcrumbs={[{ href: '/staff/campaigns', label: t('campaigns.title') }]}
      >
        <NewCampaign />
      </OfficeFrame>
    </OfficeMessages>
  );
}
