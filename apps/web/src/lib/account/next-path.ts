import { splitLocalePath } from '@playhouse/shared/locales';

/**
 * Where to go after signing in: a path on this site taken from the `next` query parameter, without its locale prefix
 * (the locale-aware router adds the current one). Anything else (other hosts, schemes, "//x") gives the fallback.
 */
export function safeNextPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  const [pathPart = '/', ...query] = raw.split('?');
  const { rest } = splitLocalePath(pathPart);
  if (/^\/auth(\/|$)/.test(rest)) return fallback;
  return query.length > 0 ? `${rest}?${query.join('?')}` : rest;
}
