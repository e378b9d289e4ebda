/**
 * The request header proxy.ts sets on every page request to the address asked for (path and query), so a server
 * layout can send a visitor to sign in and back to it. Set by the proxy (a caller's own value is replaced), and only
 * ever used as a `next` parameter, which safeNextPath checks again.
 */
export const REQUEST_PATH_HEADER = 'x-playhouse-path';
