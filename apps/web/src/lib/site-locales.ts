import { isLocale, localesResponseSchema, type Locale } from '@playhouse/shared';
import { serverEnv, webServerHeaders } from './env';

/** The locales the back office has enabled and the one it made the default. */
export interface SiteLocales {
  locales: [Locale, ...Locale[]];
  defaultLocale: Locale;
}

/** How long one web process trusts what it read: a default changed in the back office reaches `/` within this. */
export const SITE_LOCALES_TTL_MS = 5_000;
/** A redirect does not wait longer than this for the api: past it, the built-in locales decide. */
const SITE_LOCALES_TIMEOUT_MS = 2_000;

let known: { readAt: number; value: Promise<SiteLocales | null> } | undefined;

async function read(): Promise<SiteLocales | null> {
  const response = await fetch(`${serverEnv().API_URL}/spa/locales`, {
    cache: 'no-store',
    headers: { accept: 'application/json', ...webServerHeaders() },
    signal: AbortSignal.timeout(SITE_LOCALES_TIMEOUT_MS),
  });
  if (!response.ok) return null;
  const enabled = localesResponseSchema.parse(await response.json()).locales;
  const codes = enabled.map((item) => item.value).filter(isLocale);
  const defaultLocale = enabled.find((item) => item.isDefault)?.value;
  if (codes.length === 0 || !defaultLocale || !isLocale(defaultLocale)) return null;
  return { locales: [codes[0]!, ...codes.slice(1)], defaultLocale };
}

/**
 * The enabled locales and the default, from the api, read at most once per SITE_LOCALES_TTL_MS by this process
 * (concurrent callers share one read). Null when the api cannot say: the caller falls back to the built-in list.
 */
export function siteLocales(now = Date.now()): Promise<SiteLocales | null> {
  if (!known || now - known.readAt > SITE_LOCALES_TTL_MS) {
    known = { readAt: now, value: read().catch(() => null) };
  }
  return known.value;
}

/** Forgets what was read (tests). */
export function forgetSiteLocales(): void {
  known = undefined;
}
