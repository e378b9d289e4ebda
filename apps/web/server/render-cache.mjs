// Rendered pages kept at the web server's door. Every page carries a content-security-policy nonce of its own, so
// Next renders each answer anew; a visitor's page depends on nothing personal, though, so one rendering can serve
// many visitors if each answer still gets a fresh nonce. The page is rendered once with a placeholder nonce (a
// per-process secret: no stored content can contain it, and no answer ever shows it), kept, and every answer is the
// kept copy with a new nonce put in place of the placeholder, in the body and in the policy header.
// Plain JavaScript: the server runs it before anything is compiled.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The request header that carries the nonce a page renders with (proxy.ts reads it; the door alone sets it). */
export const RENDER_NONCE_HEADER = 'x-render-nonce';
/** Marks the door's own rendering request to itself, with a per-process secret. */
export const RENDER_REQUEST_HEADER = 'x-door-render';
/** The session cookie (lib/account/session-cookie.ts): a request carrying it is personal and never cached. */
export const SESSION_COOKIE = 'ph_session';
/** The locale cookie next-intl sets on a page of another locale than the visitor's cookie names. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** The visitor's time zone (lib/time-zone.ts): the home page draws its times in it. */
export const TIME_ZONE_COOKIE = 'tz';

/** A nonce as proxy.ts makes them: 128 random bits, base64 (so the placeholder has the nonce's own shape). */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The pages the door keeps: those under a locale (/en, /de/category/slots). Not the back office (/{lng}/staff), not
 * a path without a locale (its redirect depends on the visitor's languages), the api, Next's files or other files.
 */
const KEPT_PAGES = /^\/[a-z]{2}(\/(?!staff(\/|$))[^.]*)?$/;

/** Response headers a kept page never repeats: they belong to one answer or are recomputed. */
const ONE_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'etag']);

function cookieValue(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Whether a request may be answered from a kept page: a GET of a page, by a visitor (no session), asking for the
 * document (not a client navigation's RSC payload or prefetch).
 */
export function isKeepable(request) {
  if (request.method !== 'GET') return false;
  const url = request.url ?? '/';
  const pathname = url.split('?')[0];
  if (!KEPT_PAGES.test(pathname)) return false;
  const headers = request.headers;
  if (headers.rsc !== undefined || headers['next-router-prefetch'] !== undefined || headers['next-action']) {
    return false;
  }
  if (headers.authorization) return false;
  return cookieValue(headers.cookie, SESSION_COOKIE) === undefined;
}

/**
 * What a visitor's page depends on besides the content: the path with its query, the time zone cookie, the country
 * the edge located (the register page), the scheme the edge saw (the policy upgrades insecure requests on https).
 */
export function pageKey(request, contentVersion) {
  const headers = request.headers;
  return JSON.stringify([
    request.url,
    cookieValue(headers.cookie, TIME_ZONE_COOKIE) ?? '',
    headers.geo_ipcountry ?? '',
    headers['x-forwarded-proto'] ?? '',
    contentVersion ?? '',
  ]);
}

/**
 * The locale cookie as next-intl sets it for this visitor: on a page whose locale differs from the cookie the visitor
 * sent (or when none was sent), the cookie the rendering set; nothing when the visitor's cookie already names it.
 */
export function localeCookieFor(request, page) {
  const rendered = [page.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`));
  if (!rendered) return undefined;
  const locale = rendered.slice(LOCALE_COOKIE.length + 1).split(';')[0];
  if (cookieValue(request.headers.cookie, LOCALE_COOKIE) === locale) return undefined;
  // Expires is a date of the rendering; Max-Age says the same from the answer on.
  return rendered
    .split(';')
    .filter((part) => !/^\s*expires=/i.test(part))
    .join(';');
}

/** Every occurrence of `placeholder` in `text` replaced by `nonce`. */
export function withNonce(text, placeholder, nonce) {
  return text.split(placeholder).join(nonce);
}

/**
 * The kept pages of one web process.
 * - `render(request, nonce)`: renders the page for this visitor's request with the given nonce; resolves with
 *   `{ status, headers, body }` (body a string).
 * - `contentVersion()`: the api's content version (a change of public content makes every kept page stale).
 * - `ttlMs`: how long a kept page serves at most (odds and the catalogue's order move without a content change).
 * - `maxBytes`: the memory the kept pages may take.
 */
export function createRenderCache({ render, contentVersion, ttlMs = 10_000, maxBytes = 64 * 1024 * 1024 }) {
  const placeholder = newNonce();
  const pages = new LRUCache({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.length * 2),
    ttl: ttlMs,
    // One rendering per key at a time: visitors arriving together wait for it instead of rendering it again.
    fetchMethod: async (_key, _stale, { context }) => render(context, placeholder),
    ignoreFetchAbort: true,
  });
  const stats = { hits: 0, misses: 0 };

  /**
   * A page is kept only when it is a whole document for anyone: a 200 HTML answer that sets no cookie but the locale
   * cookie, which depends on the visitor's own cookie and is set again per answer (`localeCookieFor`).
   */
  function keepable(page) {
    if (page.status !== 200) return false;
    if (!String(page.headers['content-type'] ?? '').startsWith('text/html')) return false;
    const cookies = [page.headers['set-cookie'] ?? []].flat();
    return cookies.every((cookie) => cookie.startsWith(`${LOCALE_COOKIE}=`));
  }

  /**
   * This visitor's page with a fresh nonce: the kept copy, or one rendered now. A rendering that may not be kept (a
   * redirect, a 404, an error) answers the requests that waited for it and is dropped, so the next one renders anew.
   */
  async function answer(request) {
    const key = pageKey(request, await contentVersion());
    const before = pages.has(key);
    const page = await pages.fetch(key, { context: request });
    if (!page) return null;
    const kept = keepable(page);
    if (!kept) pages.delete(key);
    else if (before) stats.hits += 1;
    else stats.misses += 1;
    const nonce = newNonce();
    const headers = {};
    const localeCookie = kept ? localeCookieFor(request, page) : undefined;
    if (localeCookie) headers['set-cookie'] = localeCookie;
    for (const [name, value] of Object.entries(page.headers)) {
      if (ONE_ANSWER_HEADERS.has(name) || (kept && name === 'set-cookie')) continue;
      headers[name] = typeof value === 'string' ? withNonce(value, placeholder, nonce) : value;
    }
    // Says whether the answer came from a kept page (hit), was kept now (miss) or could not be kept (pass).
    headers['x-render-cache'] = !kept ? 'pass' : before ? 'hit' : 'miss';
    return { status: page.status, headers, body: withNonce(page.body, placeholder, nonce) };
  }

  /** Answers the request from a kept page; false when the page must be rendered for this request alone. */
  async function serve(request, response) {
    const page = await answer(request).catch(() => null);
    if (!page) return false;
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const body = gzip ? gzipSync(page.body, { level: 4 }) : Buffer.from(page.body);
    response.writeHead(page.status, {
      ...page.headers,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: [page.headers.vary, 'Accept-Encoding'].filter(Boolean).join(', '),
      'content-length': body.length,
    });
    response.end(body);
    return true;
  }

  return { serve, answer, stats, placeholder: () => placeholder, size: () => pages.size };
}
