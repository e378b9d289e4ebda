/**
 * Where the browser reaches the api: this site's own origin, which rewrites /spa/* to the api (ARCHITECTURE.md),
 * so the session cookie is first-party. Empty outside a browser.
 */
export function apiHost(): string {
  return globalThis.location?.origin ?? '';
}
