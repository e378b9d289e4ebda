/** The header the proxy hands a page's nonce down with (the layouts render it for the ALTCHA widget's styles). */
export const NONCE_HEADER = 'x-nonce';

/** The nonce a page is rendered with when the web server's door renders it to keep (server/render-cache.mjs). */
export const RENDER_NONCE_HEADER = 'x-render-nonce';

/** Under /originals-host the in-house games run, framed by this site's own game page. */
export const ORIGINALS_HOST_PREFIX = '/originals-host/';

export interface PolicyOptions {
  nonce: string;
  /** The page may be framed by this site (the Originals game host); every other page by nobody. */
  framedBySite: boolean;
  /** Served over https: plain-http subresources are upgraded. */
  https: boolean;
  /** Next's development server evaluates code for fast refresh; never in a build. */
  development: boolean;
}

/**
 * The content policy of every page: scripts only with this response's nonce (Next puts it on its own scripts, and
 * 'strict-dynamic' lets them load the chunks they need), styles from the site or with the nonce (the ALTCHA widget
 * injects its stylesheet with it); inline style attributes are allowed (React renders some; they cannot run code).
 * Workers from blob: (the ALTCHA widget's proof-of-work workers); frames only from this site (the Originals host);
 * every fetch, stream and form to this origin only.
 */
export function contentSecurityPolicy({ nonce, framedBySite, https, development }: PolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", `'nonce-${nonce}'`],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', "'self'"],
    ['media-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', framedBySite ? "'self'" : "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** A fresh nonce per response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
