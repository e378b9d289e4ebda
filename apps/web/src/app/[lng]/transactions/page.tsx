import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/ui/page-frame';
import { TransactionsView } from '@/components/cashbox/transactions-view';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';

// Personal: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

const ROUTE_PATH = '/transactions';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'cashbox' });
  return accountPageMetadata(lng, ROUTE_PATH, t('transactions.title'));
}

/** The transaction history of the player (player only): every ledger entry of the main and bonus balances. */
export default async function TransactionsPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, ROUTE_PATH);
  const t = await getTranslations({ locale: lng, namespace: 'cashbox' });
  return (
    <PageFrame title={t('transactions.title')} wide>
      <PageMessages lng={lng} namespaces={['account', 'cashbox', 'errors']}>
        <TransactionsView lng={lng} />
      </PageMessages>
    </PageFrame>
  );
}
