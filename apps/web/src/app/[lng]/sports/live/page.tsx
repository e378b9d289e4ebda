import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BrowseMatches } from '@/components/sports/browse/browse-matches';
import { homeCrumb, SportsbookShell } from '@/components/sports/browse/sportsbook-shell';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { LIVE_PATH } from '@/lib/sports/match-path';
import { getBook, getBrowseMatches } from '@/lib/sports/sports-server';

type PageProps = { params: Promise<{ lng: string }> };

// What is live moves all the time: rendered for each visit, then kept moving by the live stream.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const [t, metadata] = await Promise.all([
    getTranslations({ locale: lng, namespace: 'sports' }),
    buildPageMetadata(lng, LIVE_PATH),
  ]);
  return { ...metadata, title: t('browse.liveTitle'), description: t('browse.liveDescription') };
}

/** The live section: every match in play by sport, with score, clock and main markets, moving without a reload. */
export default async function LivePage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [book, listing, t, home] = await Promise.all([
    getBook(lng),
    getBrowseMatches(lng, { status: 'live' }),
    getTranslations({ locale: lng, namespace: 'sports' }),
    homeCrumb(lng),
  ]);
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors']}>
      <SportsbookShell lng={lng} book={book} title={t('browse.liveTitle')} crumbs={[home]} current="live">
        <BrowseMatches lng={lng} initial={listing.matches} live liveBySport empty={t('browse.noLive')} />
      </SportsbookShell>
    </PageMessages>
  );
}
