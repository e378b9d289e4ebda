import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { StatementView } from '@/components/protection/statement-view';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/statement';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'protection' });
  return accountPageMetadata(lng, ROUTE_PATH, t('statement.title'));
}

/** The 12-month activity statement, with a CSV download (player only). */
export default async function StatementPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const t = await getTranslations({ locale: lng, namespace: 'protection' });
  return (
    <PageFrame title={t('statement.title')} intro={t('statement.intro')} wide>
      <PageMessages lng={lng} namespaces={['protection', 'cashbox', 'errors']}>
        <StatementView lng={lng} />
      </PageMessages>
    </PageFrame>
  );
}
