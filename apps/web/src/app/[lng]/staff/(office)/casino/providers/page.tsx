import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ProvidersList } from '@/components/back-office/casino/providers-list';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/casino/providers';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boCasino' });
  return accountPageMetadata(lng, ROUTE_PATH, t('providers.title'));
}

/** The game providers: admins enable, disable and order them. */
export default async function CasinoProvidersPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boCasino' })]);
  if (!staffMay(me.roles, 'casino.read')) notFound();
  return (
    <OfficeFrame title={t('providers.title')} breadcrumbs={[{ href: '/staff/casino', label: t('games.title') }]}>
      <OfficeMessages lng={lng} namespaces={['boCasino']}>
        <ProvidersList lng={lng} canManage={staffMay(me.roles, 'casino.providers')} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
