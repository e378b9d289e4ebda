import { cookies } from 'next/headers';

/** The api's session cookie (issue 3 design: `ph_session`, httpOnly, set on this origin through the /spa rewrite). */
export const SESSION_COOKIE = 'ph_session';

/**
 * Whether the browser sent a session cookie. It may have expired on the server: pages that need a session still
 * confirm it with the api; this only sends visitors who clearly have none straight to registration.
 */
export async function hasSessionCookie(): Promise<boolean> {
  return (await cookies()).has(SESSION_COOKIE);
}
