import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ReceiptVerifier } from '@/components/receipts/receipt-verifier';
import { PageFrame } from '@/components/ui/page-frame';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

const ROUTE_PATH = '/receipts/verify';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'receipts' });
  return accountPageMetadata(lng, ROUTE_PATH, t('verify.title'), { indexable: true });
}

/** Anyone checks a receipt here, in their own browser, against the keys the site publishes. */
export default async function VerifyReceiptPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'receipts' });
  return (
    <PageFrame title={t('verify.title')} intro={t('verify.intro')}>
      <PageMessages lng={lng} namespaces={['receipts', 'errors']}>
        <ReceiptVerifier />
      </PageMessages>
    </PageFrame>
  );
}
