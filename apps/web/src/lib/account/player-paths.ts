import { MY_BETS_PATH } from '@/lib/sports/match-path';

/** A player's own lists, linked from the account menu and the side menu alike. */
export const PLAYER_LIST_PATHS = {
  myBets: MY_BETS_PATH,
  favourites: '/category/favourites',
  recentlyPlayed: '/category/recently-played',
} as const;
