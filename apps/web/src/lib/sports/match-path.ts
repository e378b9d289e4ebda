/** The prematch page of a match, without the locale prefix (SPEC.md §2: opened from any odds cell). */
export function matchPath(matchId: number): string {
  return `/game/prematch-mts/${matchId}`;
}

/** "My bets". */
export const MY_BETS_PATH = '/sports/bets';
