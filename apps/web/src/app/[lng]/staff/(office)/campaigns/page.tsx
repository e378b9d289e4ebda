import type { Metadata } from 'next';
import { staffMay } from '@playhouse/shared/staff/permissions';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CampaignsTable } from '@/components/back-office/marketing/campaigns-table';
import { PlayerBonuses } from '@/components/back-office/marketing/player-bonuses';
import { FourEyesRequests } from '@/components/back-office/requests/four-eyes-requests';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import buttons from '@/components/ui/button.module.css';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/campaigns';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boMarketing' });
  return accountPageMetadata(lng, ROUTE_PATH, t('campaigns.title'));
}

/** Bonus campaigns (support, finance and marketing read them; marketing creates and changes them). */
export default async function CampaignsPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const me = await requireStaff(lng);
  if (!staffMay(me.roles, 'bonuses.read')) notFound();
  const t = await getTranslations({ locale: lng, namespace: 'boMarketing' });
  const actions = staffMay(me.roles, 'campaigns.manage') ? (
    <Link href="/staff/campaigns/new" className={buttons.primary}>
      {t('campaigns.new')}
    </Link>
  ) : null;
  return (
    <OfficeMessages lng={lng} namespaces={['boMarketing', 'account']}>
      <OfficeFrame title={t('campaigns.title')} actions={actions}>
        <FourEyesRequests
          lng={lng}
          area="campaigns"
          meId={me.user.id}
          canDecide={staffMay(me.roles, 'campaigns.approve')}
          title={t('campaigns.requests')}
        />
        <CampaignsTable />
        <PlayerBonuses />
      </OfficeFrame>
    </OfficeMessages>
  );
}
