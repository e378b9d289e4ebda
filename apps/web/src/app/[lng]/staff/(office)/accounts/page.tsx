import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { staffMay } from '@playhouse/shared/staff/permissions';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { StaffAccounts } from '@/components/back-office/staff/staff-accounts';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requirePermission } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/accounts';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return accountPageMetadata(lng, ROUTE_PATH, t('nav.staffAccounts'));
}

/**
 * The staff accounts: admins invite staff, change their roles, block them and reset their second factor; invitations
 * and grants of roles that touch money or players wait here for a second admin.
 */
export default async function StaffAccountsPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const me = await requirePermission(lng, 'staff.read');
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return (
    <OfficeMessages lng={lng} namespaces={['account']}>
      <OfficeFrame title={t('nav.staffAccounts')}>
        <StaffAccounts canManage={staffMay(me.roles, 'staff.manage')} meId={me.user.id} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
