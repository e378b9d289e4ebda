import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { GameFrame } from '@/components/casino/game-frame';
import { GameInfo } from '@/components/casino/game-info';
import { PageMessages } from '@/i18n/page-messages';
import { firstParam, requireSessionCookie } from '@/lib/account/account-pages';
import { getGame } from '@/lib/casino/casino-server';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';

type PageProps = {
  params: Promise<{ lng: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const routePathOf = (slug: string) => `/game/${slug}`;

/** The game's slug (or id, SPEC.md §2 "/{lng}/game/{id}"); anything else is no game. */
function refOf(value: string): string {
  if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(value)) notFound();
  return value;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const slug = refOf((await params).slug);
  const game = await getGame(lng, slug);
  if (!game) notFound();
  return buildPageMetadata(lng, routePathOf(game.slug), game.id);
}

/**
 * /{lng}/game/{slug}: the game in an iframe, opened with a one-time launch token for the signed-in player; visitors
 * are sent to registration, or play money on games with a demo (SPEC.md §2, §6).
 */
export default async function GamePage({ params, searchParams }: PageProps) {
  const lng = await pageLocale(params);
  const game = await getGame(lng, refOf((await params).slug));
  if (!game) notFound();
  // A visitor without a session is sent to registration by the server, unless they asked for the game's demo; the
  // frame still checks the session in the browser (a cookie the api no longer honours).
  const demo = firstParam((await searchParams).mode) === 'demo' && game.demoModeEnabled;
  if (!demo) await requireSessionCookie(lng, routePathOf(game.slug));
  return (
    <PageMessages lng={lng} namespaces={['casino', 'errors', 'funding']}>
      {/* The frame reads ?mode=demo in the browser; the rest of the page does not wait for it. */}
      <Suspense>
        <GameFrame lng={lng} game={game} />
      </Suspense>
      <GameInfo lng={lng} game={game} />
    </PageMessages>
  );
}
