import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '../browser-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const staff = () => import('@playhouse/shared/contracts/staff');
const accounts = () => import('@playhouse/shared/contracts/accounts');

/** POST /spa/auth/staff/login: the password step; answers which second step follows (no session yet). */
export function startStaffSignIn(
  lng: Locale,
  credentials: { login: string; password: string; captcha?: string | undefined },
) {
  return browserApi('/spa/auth/staff/login', lazySchema(staff, 'staffSignInResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: credentials,
  });
}

/** GET /spa/auth/staff/totp-setup: a new secret (otpauth:// URI and text) for a staff member without one. */
export function fetchTotpSetup(lng: Locale, signal?: AbortSignal) {
  return browserApi('/spa/auth/staff/totp-setup', lazySchema(staff, 'staffTotpSetupResponseSchema'), {
    locale: lng,
    signal,
  });
}

/** POST /spa/auth/staff/totp: the authenticator's code; starts the staff session and answers its user. */
export function confirmTotp(lng: Locale, code: string) {
  return browserApi('/spa/auth/staff/totp', lazySchema(accounts, 'userResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { code },
  }).then((data) => data.user);
}

/** POST /spa/auth/staff/invitation: what an invitation link invites to, and the second factor to scan. */
export function openStaffInvitation(lng: Locale, token: string, signal?: AbortSignal) {
  return browserApi('/spa/auth/staff/invitation', lazySchema(staff, 'staffInvitationViewSchema'), {
    method: 'POST',
    locale: lng,
    body: { token },
    signal,
  });
}

/**
 * POST /spa/auth/staff/invitation/accept: the invitee's own password and a code from the secret just scanned; creates
 * the staff account, starts its session and answers its user.
 */
export function acceptStaffInvitation(lng: Locale, body: { token: string; password: string; code: string }) {
  return browserApi('/spa/auth/staff/invitation/accept', lazySchema(accounts, 'userResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  }).then((data) => data.user);
}

/** POST /spa/auth/staff/second-factor: a code entered again in the session; money and roles need one minutes old. */
export function confirmSecondFactor(lng: Locale, code: string) {
  return browserApi('/spa/auth/staff/second-factor', lazySchema(staff, 'staffSecondFactorResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { code },
  });
}
