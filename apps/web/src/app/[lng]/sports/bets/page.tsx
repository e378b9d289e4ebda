import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MyBets } from '@/components/sports/my-bets/my-bets';
import { SportsMessages } from '@/components/sports/sports-messages';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { MY_BETS_PATH } from '@/lib/sports/match-path';

type PageProps = { params: Promise<{ lng: string }>; searchParams: Promise<{ status?: string | string[] }> };

// One player's bets: the page is drawn for each visit, the bets are read in the browser with the session.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const [metadata, t] = await Promise.all([
    buildPageMetadata(lng, MY_BETS_PATH),
    getTranslations({ locale: lng, namespace: 'sports' }),
  ]);
  // A page about one player's own bets has nothing for search engines.
  return { ...metadata, title: t('myBets.title'), robots: { index: false, follow: false } };
}

/** "My bets": the signed-in player's open and settled bets, newest first. */
export default async function MyBetsPage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const status = (await searchParams).status;
  const filter = Array.isArray(status) ? status[0] : status;
  return (
    <SportsMessages lng={lng}>
      <MyBets lng={lng} initialFilter={filter === 'open' || filter === 'settled' ? filter : null} />
    </SportsMessages>
  );
}
