import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuditLog } from '@/components/back-office/audit/audit-log';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requirePermission } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/audit';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return accountPageMetadata(lng, ROUTE_PATH, t('nav.audit'));
}

/** Who did what, when, from where, with the state before and after: filtered, paged, exported. */
export default async function AuditPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requirePermission(lng, 'audit.read');
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return (
    <OfficeMessages lng={lng}>
      <OfficeFrame title={t('nav.audit')}>
        <AuditLog />
      </OfficeFrame>
    </OfficeMessages>
  );
}
