import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { InPlayDesk } from '@/components/back-office/trading/in-play-desk';
import { Link } from '@/i18n/navigation';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/trading/in-play';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boInPlay' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/** The traders' desk for betting in play: the matches in play and the bet delay per sport. */
export default async function InPlayPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boInPlay' })]);
  if (!staffMay(me.roles, 'trading.read')) notFound();
  return (
    <OfficeFrame title={t('title')} actions={<Link href="/staff/trading">{t('fixtures')}</Link>}>
      <OfficeMessages lng={lng} namespaces={['boInPlay', 'boTrading']}>
        <InPlayDesk lng={lng} canManage={staffMay(me.roles, 'trading.manage')} />
      </OfficeMessages>
    </OfficeFrame>
  );
}
