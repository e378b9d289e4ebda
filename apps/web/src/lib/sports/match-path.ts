/** The prematch page of a match, without the locale prefix (SPEC.md §2: opened from any odds cell). */
export function matchPath(matchId: number): string {
  return `/game/prematch-mts/${matchId}`;
}

/** "My bets". */
export const MY_BETS_PATH = '/sports/bets';

/** The sportsbook's home: today's and tomorrow's matches, the popular leagues, what is live. */
export const SPORTSBOOK_PATH = '/sports';
/** The matches in play. */
export const LIVE_PATH = '/sports/live';
/** Event search. */
export const SPORTS_SEARCH_PATH = '/sports/search';

/** The page of a sport, a country of it, or a league of that country (segments are the api's slugs). */
export function bookPath(sport: string, category?: string, tournament?: string): string {
  return ['/sports', sport, category, tournament]
    .filter((segment): segment is string => segment !== undefined)
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
}
