import type { Locale } from '@playhouse/shared/locales';
import { getTranslations } from 'next-intl/server';
import { pluralTexts } from '@/i18n/plural-texts';
import { getSiteOddType, getSportsList } from '@/lib/sports/sports-server';
import { oddsFormatLabels } from '../odds/odds-format-labels';
import { TopOfferBlock, type TopOfferLabels } from './top-offer-block';

/** The moment the server draws the table for: the browser hydrates with the same one. */
const drawingMoment = () => Date.now();

/**
 * The home page's top-offer block: the sports list (SPEC.md §7.1) fetched on the server, the tabs and tables drawn by
 * the client. With the visitor's time zone the first table is drawn on the server too (times and days are the
 * zone's), so it reads complete at first paint; without it the browser draws it. When the sports call fails, or no
 * sport has a match to show, the block is not there at all (§8). Its texts are translated here, so the home page's
 * first load carries no message formatter.
 */
export async function TopOffer({ lng, timeZone }: { lng: Locale; timeZone: string | null }) {
  // Without the language's odds format the browser asks for it itself.
  const [list, siteOddType] = await Promise.all([
    getSportsList(lng).catch(() => null),
    getSiteOddType(lng).catch(() => undefined),
  ]);
  if (!list) return null;
  // Object keys that are ids come back in ascending order: the tab order is the book's sport order.
  const sports = Object.values(list.sports).sort((a, b) => a.idSport - b.idSport);
  if (sports.length === 0) return null;
  const t = await getTranslations({ locale: lng, namespace: 'sports' });
  const labels: TopOfferLabels = {
    title: t('topOffer'),
    sports: t('sports'),
    oddsFormat: oddsFormatLabels(t),
    live: t('browse.live'),
    allSports: t('browse.allSports'),
    versus: t('versus', { team1: '{team1}', team2: '{team2}' }),
    hotOdds: t('hotOdds'),
    oddContext: t('oddContext', { teams: '{teams}', market: '{market}' }),
    moreMarketsFor: pluralTexts(lng, (count) => t('moreMarketsFor', { count, teams: '{teams}' })),
  };
  return (
    <TopOfferBlock
      lng={lng}
      labels={labels}
      sports={sports}
      serverTimeZone={timeZone}
      renderedAt={drawingMoment()}
      siteOddType={siteOddType}
      first={{ matches: list.matches, categories: list.categories, tournaments: list.tournaments }}
    />
  );
}
