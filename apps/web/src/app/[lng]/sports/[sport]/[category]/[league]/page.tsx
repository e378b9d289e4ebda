import type { Metadata } from 'next';
import { BookPlaceView, bookPlaceMetadata } from '@/components/sports/browse/book-place-view';
import { pageLocale } from '@/lib/page-params';

type PageProps = { params: Promise<{ lng: string; sport: string; category: string; league: string }> };

// Odds and what is live move all the time: rendered for each visit from the api's in-memory book.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const p = await params;
  return bookPlaceMetadata(lng, [p.sport, p.category, p.league]);
}

/** A league's page: every one of its matches, and its favourite star. */
export default async function LeaguePage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const p = await params;
  return <BookPlaceView lng={lng} segments={[p.sport, p.category, p.league]} />;
}
