import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { VerificationView } from '@/components/protection/verification-view';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/verification';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'protection' });
  return accountPageMetadata(lng, ROUTE_PATH, t('documents.title'));
}

/** Age and identity verification: document uploads and their review status (player only). */
export default async function VerificationPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const t = await getTranslations({ locale: lng, namespace: 'protection' });
  return (
    <PageFrame title={t('documents.title')} intro={t('documents.intro')} wide>
      <PageMessages lng={lng} namespaces={['protection', 'cashbox', 'errors']}>
        <VerificationView lng={lng} />
      </PageMessages>
    </PageFrame>
  );
}
