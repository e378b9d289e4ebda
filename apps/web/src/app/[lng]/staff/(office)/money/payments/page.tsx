import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PaymentsList } from '@/components/back-office/money/payments-list';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/money/payments';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boMoney' });
  return accountPageMetadata(lng, ROUTE_PATH, t('payments.title'));
}

/** The deposits of all players (finance, risk). Staff whose roles do not allow it get the 404 page (the api refuses them anyway). */
export default async function Page({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boMoney' })]);
  if (!staffMay(me.roles, 'payments.read')) notFound();
  return (
    <OfficeMessages lng={lng} namespaces={['boMoney']}>
      <OfficeFrame title={t('payments.title')}>
        <PaymentsList lng={lng} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
