import type { Locale } from '@playhouse/shared/locales';
import { PageMessages } from '@/i18n/page-messages';
import { getSportsList } from '@/lib/sports/sports-server';
import { TopOfferBlock } from './top-offer-block';

/** The moment the server draws the table for: the browser hydrates with the same one. */
const drawingMoment = () => Date.now();

/**
 * The home page's top-offer block: the sports list (SPEC.md §7.1) fetched on the server, the tabs and tables drawn by
 * the client. With the visitor's time zone the first table is drawn on the server too (times and days are the
 * zone's), so it reads complete at first paint; without it the browser draws it. When the sports call fails, or no
 * sport has a match to show, the block is not there at all (§8).
 */
export async function TopOffer({ lng, timeZone }: { lng: Locale; timeZone: string | null }) {
  let list;
  try {
    list = await getSportsList(lng);
  } catch {
    return null;
  }
  // Object keys that are ids come back in ascending order: the tab order is the book's sport order.
  const sports = Object.values(list.sports).sort((a, b) => a.idSport - b.idSport);
  if (sports.length === 0) return null;
  return (
    <PageMessages lng={lng} namespaces={['sports', 'errors']}>
      <TopOfferBlock
        lng={lng}
        sports={sports}
        serverTimeZone={timeZone}
        renderedAt={drawingMoment()}
        first={{ matches: list.matches, categories: list.categories, tournaments: list.tournaments }}
      />
    </PageMessages>
  );
}
