import type { Metadata } from 'next';
import { staffMay } from '@playhouse/shared/staff/permissions';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CampaignDetail } from '@/components/back-office/marketing/campaign-detail';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string; id: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const { id } = await params;
  const t = await getTranslations({ locale: lng, namespace: 'boMarketing' });
  return accountPageMetadata(lng, `/staff/campaigns/${encodeURIComponent(id)}`, t('campaigns.title'));
}

/** One campaign: terms, status actions, promo codes and offers to chosen players. */
export default async function CampaignPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const { id: raw } = await params;
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1) notFound();
  const me = await requireStaff(lng);
  if (!staffMay(me.roles, 'bonuses.read')) notFound();
  const can = {
    manage: staffMay(me.roles, 'campaigns.manage'),
    request: staffMay(me.roles, 'bonuses.offer.request'),
    approve: staffMay(me.roles, 'bonuses.offer.approve'),
    approveCampaign: staffMay(me.roles, 'campaigns.approve'),
  };
  return (
    <OfficeMessages lng={lng} namespaces={['boMarketing', 'account']}>
      <CampaignDetail id={id} can={can} meId={me.user.id} />
    </OfficeMessages>
  );
}
