/** The cookie in which the first visit leaves the browser's IANA time zone, so later pages show local times at once. */
export const TIME_ZONE_COOKIE = 'tz';

const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Whether a value names a time zone this runtime knows ("Europe/Berlin", "UTC"), and nothing else. */
export function isTimeZone(value: string | undefined | null): value is string {
  if (!value || !ZONE_SHAPE.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A cookie value as the browser wrote it (encoded) or as a proxy may pass it on (decoded). */
export function cookieZone(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const zone = decodeURIComponent(value);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The browser's own time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Leaves (or updates) the time-zone cookie for the next page the server renders; a year, the whole site. */
export function rememberTimeZone(doc: Pick<Document, 'cookie'> = document, zone = browserTimeZone()): void {
  if (!isTimeZone(zone)) return;
  const current = doc.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);
  if (current !== undefined && decodeURIComponent(current) === zone) return;
  doc.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
