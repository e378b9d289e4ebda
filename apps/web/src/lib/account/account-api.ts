import type { CaptchaSolution, ProfileTab } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '../browser-api';
import { apiHost } from '../api-host';

// The contracts (and zod) load with the first answer: a visitor who never signs in does not download them.
const accounts = () => import('@playhouse/shared/contracts/accounts');
const cashbox = () => import('@playhouse/shared/contracts/cashbox');
const schema = <K extends keyof Awaited<ReturnType<typeof accounts>>>(name: K) => lazySchema(accounts, name);

export const CURRENT_USER_PATH = '/spa/users/me';

/** Where the ALTCHA widget (components/account/use-altcha.tsx) fetches its challenges itself. */
export const CAPTCHA_CHALLENGE_PATH = '/spa/captcha/challenge';

/** POST /spa/auth/login: a session for an e-mail or username and password (and a captcha once the api asks one). */
export function logIn(lng: Locale, credentials: { login: string; password: string; captcha?: string | undefined }) {
  return browserApi('/spa/auth/login', schema('userResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: credentials,
  }).then((data) => data.user);
}

/** SPEC.md §7.4: the logout handler, called with the language. */
export function logOut(lng: Locale) {
  return browserApi('/spa/auth/logout', null, { method: 'POST', locale: lng });
}

/**
 * POST /spa/users: asks for an account with the register form's values and the captcha's payload. The api answers the
 * same for every address (202); the account is made from the e-mailed link (`confirmRegistration`).
 */
export function register(lng: Locale, body: Record<string, unknown>, captcha: CaptchaSolution) {
  return browserApi('/spa/users', schema('registrationResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { ...body, captcha },
  });
}

/** The e-mailed link's token (and another username if the first was taken since): makes the account, signs in. */
export function confirmRegistration(lng: Locale, token: string, username?: string) {
  return browserApi('/spa/users/registration/confirmation', schema('userResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: username === undefined ? { token } : { token, username },
  }).then((data) => data.user);
}

/** The same answer whether or not the address has an account. */
export function requestPasswordRecovery(lng: Locale, email: string, captcha: CaptchaSolution) {
  return browserApi('/spa/users/password/recovery', schema('passwordRecoveryResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { email, captcha },
  });
}

/** A new password with the e-mailed link; the api signs the player in. */
export function resetPassword(lng: Locale, token: string, password: string) {
  return browserApi('/spa/users/password/reset', schema('userResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { token, password },
  }).then((data) => data.user);
}

/** Every other session ends; this one goes on with a new cookie. */
export function changePassword(lng: Locale, currentPassword: string, newPassword: string) {
  return browserApi('/spa/users/password', schema('passwordChangeResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: { currentPassword, newPassword },
  });
}

/** The signed-in user; an ApiError with status 401 when there is no session. */
export function fetchCurrentUser(lng: Locale, signal?: AbortSignal) {
  return browserApi(CURRENT_USER_PATH, schema('userResponseSchema'), { locale: lng, signal }).then((data) => data.user);
}

/** The player's time zone: chosen in the preferences, or the device's (the daily call, SPEC.md §4). */
export function saveTimezone(lng: Locale, timezone: string, source?: 'device') {
  return browserApi('/spa/users/timezone', schema('timezoneResponseSchema'), {
    method: 'PUT',
    locale: lng,
    body: source ? { timezone, source } : { timezone },
  });
}

/** SPEC.md §7.10: the fingerprint as a multipart form field. */
export function sendFingerprint(lng: Locale, fingerprint: string) {
  const form = new FormData();
  form.set('fingerprint', fingerprint);
  return browserApi('/spa/users/fingerprints', null, { method: 'POST', locale: lng, body: form });
}

/** SPEC.md §7.5: both balances with their refresh addresses; an ApiError with status 401 when the session ended. */
export function fetchBalances(lng: Locale, signal?: AbortSignal) {
  return browserApi('/spa/users/balances', lazySchema(cashbox, 'balancesResponseSchema'), { locale: lng, signal });
}

/**
 * SPEC.md §7.6: the server's refresh address with a development front-controller prefix ("/app_dev.php") removed,
 * on the api host. A full URL keeps only its path and query.
 */
export function refreshUrl(route: string, host = apiHost()): string {
  let path = route.trim();
  if (/^https?:\/\//i.test(path)) {
    const url = new URL(path);
    path = `${url.pathname}${url.search}`;
  }
  path = path.replace(/^\/[^/?#]+\.php(?=[/?#]|$)/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return `${host}${path}`;
}

/** SPEC.md §7.6: one balance from its refresh address. */
export function fetchBalanceAmount(lng: Locale, route: string, signal?: AbortSignal) {
  return browserApi(refreshUrl(route), lazySchema(cashbox, 'balanceAmountResponseSchema'), {
    locale: lng,
    signal,
  }).then((data) => data.amount);
}

/** The live balances (server-sent events `balance` with the body of GET /spa/users/balances). */
export const BALANCE_STREAM_PATH = '/spa/users/balances/stream';

/** Reads one event of the balance stream with the shared schema. */
export async function parseBalances(body: unknown) {
  return (await cashbox()).balancesResponseSchema.parse(body);
}

export const TAB_SETTINGS_PATH = '/spa/users/profile/tab-display-settings';

/** GET /spa/users/profile/tab-display-settings: which account tabs the player shows. */
export function fetchTabDisplaySettings(lng: Locale) {
  return browserApi(TAB_SETTINGS_PATH, schema('tabDisplaySettingsSchema'), { locale: lng }).then((data) => data.tabs);
}

/** PUT /spa/users/profile/tab-display-settings: hides these optional tabs and shows the rest. */
export function saveTabDisplaySettings(lng: Locale, hidden: ProfileTab[]) {
  return browserApi(TAB_SETTINGS_PATH, schema('tabDisplaySettingsSchema'), {
    method: 'PUT',
    locale: lng,
    body: { hidden },
  }).then((data) => data.tabs);
}
