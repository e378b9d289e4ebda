'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useEffect } from 'react';
import { usePathname, useRouter } from '@/i18n/navigation';
import { STAFF_ACTIVITY_EVENT, STAFF_SIGNED_OUT_EVENT } from '@/lib/back-office/office-api';
import { fetchStaffMe } from '@/lib/back-office/staff-me-api';

/** Past the idle limit by this much, so the api has surely ended the session when asked. */
const GRACE_MS = 2_000;

/** Where the member was, without the locale prefix: the sign-in comes back here. */
function currentPath(lng: Locale): string {
  const path = window.location.pathname.replace(new RegExp(`^/${lng}(?=/|$)`), '') || '/staff';
  return `${path}${window.location.search}`;
}

/**
 * Staff sessions end after a short idle time (the api's STAFF_IDLE_TIMEOUT_MS, read from GET /spa/staff/me). When
 * that long passes without a back-office call or page, the watch asks the api once: an ended session sends the
 * member to the sign-in; a live one (a call the watch did not see kept it alive, such as the chat desk's) waits again.
 * Any back-office call answered 401 sends the member to the sign-in at once.
 */
export function SessionWatch({ lng, idleTimeoutMs }: { lng: Locale; idleTimeoutMs: number }) {
  const pathname = usePathname();
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // A 401 raises STAFF_SIGNED_OUT_EVENT (officeApi); a 200 raises the activity event, which arms it again.
        fetchStaffMe(lng).catch(() => undefined);
      }, idleTimeoutMs + GRACE_MS);
    };
    const signedOut = () => router.replace({ pathname: '/staff/login', query: { next: currentPath(lng) } });
    arm();
    window.addEventListener(STAFF_ACTIVITY_EVENT, arm);
    window.addEventListener(STAFF_SIGNED_OUT_EVENT, signedOut);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(STAFF_ACTIVITY_EVENT, arm);
      window.removeEventListener(STAFF_SIGNED_OUT_EVENT, signedOut);
    };
  }, [lng, idleTimeoutMs, pathname, router]);
  return null;
}
