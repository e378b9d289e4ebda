import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { ProtectionView } from '@/components/protection/protection-view';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/responsible-gaming';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'protection' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/** Limits, reality check, time-out, self-exclusion and closure (player only; one step from the footer). */
export default async function ResponsibleGamingPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const t = await getTranslations({ locale: lng, namespace: 'protection' });
  return (
    <PageFrame title={t('title')} intro={t('intro')} wide>
      <PageMessages lng={lng} namespaces={['protection', 'cashbox', 'errors']}>
        <ProtectionView lng={lng} />
      </PageMessages>
    </PageFrame>
  );
}
