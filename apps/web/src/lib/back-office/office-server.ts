import type { Locale } from '@playhouse/shared/locales';
import { staffMeResponseSchema, type StaffMe } from '@playhouse/shared/contracts/staff';
import { splitLocalePath } from '@playhouse/shared/locales';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { redirect } from '@/i18n/navigation';
import { ApiError, apiGet } from '../api-client';
import { SESSION_COOKIE } from '../account/session-cookie';
import { REQUEST_PATH_HEADER } from '../request-path';

/**
 * The signed-in staff member of this request (GET /spa/staff/me, asked once per request): null for a visitor or a
 * staff session that ended (idle), 'not-staff' for a player.
 */
export const getStaffMe = cache(async (): Promise<StaffMe | 'not-staff' | null> => {
  const session = (await cookies()).get(SESSION_COOKIE);
  if (!session) return null;
  try {
    return await apiGet('/spa/staff/me', staffMeResponseSchema, {
      revalidate: 0,
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (error instanceof ApiError && error.status === 403) return 'not-staff';
    throw error;
  }
});

/** The address this request asked for, without its locale prefix (set by proxy.ts), to come back to after signing in. */
async function requestedPath(): Promise<string> {
  const raw = (await headers()).get(REQUEST_PATH_HEADER) ?? '/staff';
  const [pathPart = '/staff', ...query] = raw.split('?');
  const { rest } = splitLocalePath(pathPart);
  return query.length > 0 ? `${rest}?${query.join('?')}` : rest;
}

/**
 * The back office's door: a visitor (or a staff member whose session ended) goes to the staff sign-in and comes back
 * to the address asked for; a player gets the 404 page (the back office is not theirs to know about).
 */
export async function requireStaff(lng: Locale): Promise<StaffMe> {
  const me = await getStaffMe();
  if (me === 'not-staff') notFound();
  if (me === null) {
    return redirect({ href: { pathname: '/staff/login', query: { next: await requestedPath() } }, locale: lng });
  }
  return me;
}
