import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { CashOutDesk } from '@/components/back-office/trading/cash-out-desk';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/trading/cash-out';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boCashOut' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/** The traders' cash out: margins and switches per sport, matches switched off, exposure per outcome. */
export default async function CashOutPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boCashOut' })]);
  if (!staffMay(me.roles, 'trading.read')) notFound();
  return (
    <OfficeFrame title={t('title')} actions={<Link href="/staff/trading">{t('back')}</Link>}>
      <OfficeMessages lng={lng} namespaces={['boCashOut', 'errors']}>
        <CashOutDesk lng={lng} canManage={staffMay(me.roles, 'trading.manage')} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
