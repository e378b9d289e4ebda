import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { CashboxView } from '@/components/cashbox/cashbox-view';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, firstParam, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/cashbox';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ deposit?: string | string[] }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'cashbox' });
  return accountPageMetadata(lng, ROUTE_PATH, t('title'));
}

/** SPEC.md §2 "/{lng}/cashbox": the deposit page, for players only (visitors are sent to registration). */
export default async function CashboxPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const [t, query] = await Promise.all([getTranslations({ locale: lng, namespace: 'cashbox' }), searchParams]);
  const deposit = firstParam(query.deposit);
  return (
    <PageFrame title={t('title')} wide>
      <PageMessages lng={lng} namespaces={['account', 'cashbox', 'errors']}>
        <CashboxView lng={lng} depositId={deposit && UUID.test(deposit) ? deposit : null} />
      </PageMessages>
    </PageFrame>
  );
}
