import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ThresholdSettings } from '@/components/back-office/money/threshold-settings';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/money/settings';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boMoney' });
  return accountPageMetadata(lng, ROUTE_PATH, t('settings.title'));
}

/**
 * Admins: the four-eyes threshold of manual adjustments and the campaign limits per currency, each change a request a
 * second admin approves. Staff whose roles do not allow it get the 404 page (the api refuses them anyway).
 */
export default async function Page({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boMoney' })]);
  if (!staffMay(me.roles, 'settings.money')) notFound();
  return (
    <OfficeMessages lng={lng} namespaces={['boMoney', 'account']}>
      <OfficeFrame title={t('settings.title')}>
        <ThresholdSettings lng={lng} meId={me.user.id} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
