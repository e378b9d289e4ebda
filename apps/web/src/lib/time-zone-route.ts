import { isLocale } from '@playhouse/shared/locales';
import { LOCAL_TIME_SEGMENT, TIME_ZONE_COOKIE, cookieZone, zoneToSegment } from './time-zone';

type ZoneRequest = { nextUrl: { pathname: string }; cookies: { get(name: string): { value: string } | undefined } };

/**
 * The proxy's part in server-rendered local times: the home page of a visitor whose time zone cookie is set is
 * served from its per-zone render (`/{lng}/local-time/{zone}`, cached like any page), so the top offer reads complete
 * at first paint. A direct request for such a path is no page of the site. Returns the path to serve instead, if any.
 */
export function localTimePath(request: ZoneRequest): string | null {
  const [, lng, segment, ...rest] = request.nextUrl.pathname.split('/');
  if (!lng || !isLocale(lng)) return null;
  if (segment === LOCAL_TIME_SEGMENT) return `/${lng}/${LOCAL_TIME_SEGMENT}/-/not-found`;
  if ((segment !== undefined && segment !== '') || rest.length > 0) return null;
  const zone = cookieZone(request.cookies.get(TIME_ZONE_COOKIE)?.value);
  return zone ? `/${lng}/${LOCAL_TIME_SEGMENT}/${zoneToSegment(zone)}` : null;
}
