import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { MatchView } from '@/components/sports/match/match-view';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import { matchPath } from '@/lib/sports/match-path';
import { getMatch, getSiteOddType } from '@/lib/sports/sports-server';

type PageProps = { params: Promise<{ lng: string; matchId: string }> };

function matchIdOf(value: string): number {
  if (!/^\d{1,15}$/.test(value)) notFound();
  return Number(value);
}

// Odds move all the time: the page is rendered for each visit, never served from a cache.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const matchId = matchIdOf((await params).matchId);
  const [match, t, metadata] = await Promise.all([
    getMatch(lng, matchId),
    getTranslations({ locale: lng, namespace: 'sports' }),
    buildPageMetadata(lng, matchPath(matchId)),
  ]);
  if (!match) notFound();
  const [team1, team2] = match.matchTeams.map((team) => team.teamName);
  return { ...metadata, title: t('versus', { team1: team1 ?? '', team2: team2 ?? '' }) };
}

/** SPEC.md §2 "/{lng}/game/prematch-mts/{matchId}": the match every odds cell of the top offer opens. */
export default async function PrematchPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const matchId = matchIdOf((await params).matchId);
  // Without the language's odds format the browser asks for it itself.
  const [match, siteOddType] = await Promise.all([getMatch(lng, matchId), getSiteOddType(lng).catch(() => undefined)]);
  if (!match) notFound();
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors', 'funding', 'inPlay']}>
      <MatchView lng={lng} initial={match} siteOddType={siteOddType} />
    </PageMessages>
  );
}
