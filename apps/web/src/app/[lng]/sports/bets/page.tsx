import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MyBets } from '@/components/sports/my-bets/my-bets';
import { PageMessages } from '@/i18n/page-messages';
import { accountPageMetadata, firstParam, requireSessionCookie } from '@/lib/account/account-pages';
import { pageLocale } from '@/lib/page-params';
import { MY_BETS_PATH } from '@/lib/sports/match-path';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ status?: string | string[] }> };

// One player's bets, behind their session cookie: rendered for each visit.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'sports' });
  return accountPageMetadata(lng, MY_BETS_PATH, t('myBets.title'));
}

/** "My bets" (player only; visitors are sent to registration): open and settled bets, newest first. */
export default async function MyBetsPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  await requireSessionCookie(lng, MY_BETS_PATH);
  const status = firstParam((await searchParams).status);
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors', 'receipts', 'funding', 'cashOut']}>
      <MyBets lng={lng} initialFilter={status === 'open' || status === 'settled' ? status : null} />
    </PageMessages>
  );
}
