/** The message namespaces client components read; the rest stay on the server and out of every page's payload. */
export const CLIENT_NAMESPACES = [
  'common',
  'sideMenu',
  'languageList',
  'scrollToTop',
  'infoPopup',
  'slider',
  'errorPage',
] as const;
