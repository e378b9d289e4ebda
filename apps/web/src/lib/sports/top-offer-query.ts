import { SPEC } from '@playhouse/shared/constants';
import type { Locale } from '@playhouse/shared/locales';

/** One operator, one book: the api checks that the parameter is there, the value names this site. */
export const COMPANY_UUID = '6f1f0b5e-3c1a-4d2e-9b7a-5e0c3d2a1f00';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

type Query = Record<string, string>;

/** Each top-level parameter of the top-offer calls is one query parameter holding JSON (SPEC.md §7.1–2). */
function encode(parameters: Record<string, unknown>): Query {
  return Object.fromEntries(Object.entries(parameters).map(([name, value]) => [name, JSON.stringify(value)]));
}

/**
 * The window: now to now + 3 days (SPEC.md §9), the start rounded down to the minute so that requests made within the
 * same minute are the same request (and caches can answer them).
 */
export function topOfferWindow(now: number): { start_date: string; end_date: string } {
  const start = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return {
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + SPEC.sportsWindowDays * DAY_MS).toISOString(),
  };
}

function params(now: number, timeZone: string) {
  return { ...topOfferWindow(now), timezone: timeZone, delivery_platform: 'Web', company_uuid: COMPANY_UUID };
}

/** §7.1 Sports list: sports and categories as objects, with the top offer's matches. */
export function sportsListQuery(lng: Locale, now: number, timeZone: string): Query {
  return encode({
    dataFormat: { sports: 'object', categories: 'object' },
    language: { default: lng },
    params: params(now, timeZone),
    topOffer: { matches: true },
  });
}

/** §7.2 Matches for a sport: the same with id_sport and bet_count = 3, sports, categories and tournaments as arrays. */
export function sportMatchesQuery(lng: Locale, now: number, timeZone: string, sportId: number): Query {
  return encode({
    dataFormat: { sports: 'array', categories: 'array', tournaments: 'array' },
    language: { default: lng },
    params: params(now, timeZone),
    topOffer: { matches: true },
    id_sport: sportId,
    bet_count: SPEC.betCount,
  });
}
