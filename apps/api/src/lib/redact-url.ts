/** A path segment this long, of token characters only, is treated as a secret (reset links, launch tokens, ids). */
const SECRET_SEGMENT = /^[A-Za-z0-9_\-.~%]{20,}$/;

/**
 * A request URL as it may be logged: query values and token-like path segments replaced, so a reset or launch token
 * in a URL never reaches a log line. Query keys stay (they say what was asked).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? '[redacted]' : segment))
    .join('/')
    .slice(0, 300);
  if (queryAt === -1) return redactedPath;
  const keys = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]!.slice(0, 40)}=[redacted]`);
  return `${redactedPath}?${keys.slice(0, 20).join('&')}`;
}
