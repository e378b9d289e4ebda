import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { WithdrawalDetail } from '@/components/back-office/money/withdrawal-detail';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/money/withdrawals';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PageProps = { params: Promise<{ lng: string; id: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const { id } = await params;
  const t = await getTranslations({ locale: lng, namespace: 'boMoney' });
  return accountPageMetadata(lng, `${ROUTE_PATH}/${id}`, t('withdrawal.title', { id: id.slice(0, 8) }));
}

/** A withdrawal's page: the player, the amount, the history, the two members who acted, the next decision. Staff whose roles do not allow it get the 404 page (the api refuses them anyway). */
export default async function Page({ params }: PageProps) {
  const lng = await pageLocale(params);
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boMoney' })]);
  if (!staffMay(me.roles, 'withdrawals.read')) notFound();
  return (
    <OfficeMessages lng={lng} namespaces={['boMoney']}>
      <OfficeFrame
        title={t('withdrawal.title', { id: id.slice(0, 8) })}
        breadcrumbs={[{ href: ROUTE_PATH, label: t('withdrawals.title') }]}
      >
        <WithdrawalDetail lng={lng} id={id} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
