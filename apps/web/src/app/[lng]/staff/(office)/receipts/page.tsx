import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReceiptCheck } from '@/components/back-office/receipts/receipt-check';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requirePermission } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/staff/receipts';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return accountPageMetadata(lng, ROUTE_PATH, t('nav.receipts'));
}

/** A receipt a player brings: the signature, and whether we issued exactly it, when and to whom. */
export default async function StaffReceiptsPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requirePermission(lng, 'receipts.verify');
  const t = await getTranslations({ locale: lng, namespace: 'backOffice' });
  return (
    <OfficeMessages lng={lng} namespaces={['receipts']}>
      <OfficeFrame title={t('nav.receipts')}>
        <ReceiptCheck />
      </OfficeFrame>
    </OfficeMessages>
  );
}
