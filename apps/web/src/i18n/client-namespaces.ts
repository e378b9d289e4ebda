/** The message namespaces client components read; the rest stay on the server and out of every page's payload. */
export const CLIENT_NAMESPACES = [
  'common',
  'sideMenu',
  'languageList',
  'scrollToTop',
  'infoPopup',
  'slider',
  'errorPage',
  'accountMenu',
  'appPopup',
  'bonuses',
  'chat',
  'safePlay',
] as const;

/**
 * Namespaces only some pages' client components read: those pages hand them down themselves (PageMessages), so
 * every other page's payload stays small.
 */
export const PAGE_NAMESPACES = [
  'account',
  'cashbox',
  'errors',
  'sports',
  'casino',
  'staffChat',
  'protection',
  'withdrawalBonus',
  'signup',
  'staffAuth',
  'backOffice',
  'boMoney',
  'boPlayers',
  'boContent',
  'boTrading',
  'boCashOut',
  'boCasino',
  'boMarketing',
  'boMedia',
  'receipts',
  'funding',
  // My bets' cash out (issue 21).
  'cashOut',
  // Betting in play: the bet slip's wait (match page) and the traders' desk.
  'inPlay',
  'boInPlay',
  // The table games' screens: the Originals host passes it to the frame (originals-host layout).
  'tables',
] as const;
