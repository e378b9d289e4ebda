import {
  formResponseSchema,
  isJurisdictionCode,
  jurisdictionResponseSchema,
  type JurisdictionCode,
  pspCheckoutSessionResponseSchema,
  tokenValidationResponseSchema,
  userResponseSchema,
  type FormId,
  type Locale,
  type User,
} from '@playhouse/shared';
import { cookies, headers } from 'next/headers';
import { ApiError, apiGet } from '../api-client';
import { SESSION_COOKIE } from './session-cookie';

/** A form's fields as the api describes them (constraints and labels in the locale). */
export async function getFormFields(locale: Locale, id: FormId) {
  const { form } = await apiGet(`/spa/forms/${id}`, formResponseSchema, { locale });
  return form.fields;
}

/**
 * The visitor's country as the edge's geolocation gave it (GEO_IPCOUNTRY). The web server's door (server/forwarding.mjs)
 * removes the header from every request but the trusted edge's and keeps only a two-letter code, so what is read here
 * was set by the edge.
 */
export async function visitorCountry(): Promise<string | null> {
  return (await headers()).get('geo_ipcountry');
}

/** The jurisdiction profile a player of this country would play under: the country's own, else the installation's. */
export async function jurisdictionOf(country: string): Promise<JurisdictionCode> {
  const jurisdiction = await apiGet('/spa/jurisdiction', jurisdictionResponseSchema);
  const own = jurisdiction.countries[country];
  if (own && isJurisdictionCode(own)) return own;
  return isJurisdictionCode(jurisdiction.active.code) ? jurisdiction.active.code : 'default';
}

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/** Whether a password-reset link is still good; asked afresh on every visit. */
export async function isResetTokenValid(token: string): Promise<boolean> {
  if (token === '') return false;
  try {
    await apiGet(`/spa/users/tokens/validation/password/${encodeURIComponent(token)}`, tokenValidationResponseSchema, {
      revalidate: 0,
    });
    return true;
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

/** A checkout of the sandbox payment provider as it stands now, or null when there is no such session. */
export async function getPspSession(sessionId: string) {
  try {
    const { session } = await apiGet(
      `/spa/psp/sandbox/checkout/${encodeURIComponent(sessionId)}`,
      pspCheckoutSessionResponseSchema,
      { revalidate: 0 },
    );
    return session;
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

/** The signed-in user as the api sees this request's session, or null without a live one (never cached). */
export async function getSessionUser(): Promise<User | null> {
  const session = (await cookies()).get(SESSION_COOKIE);
  if (!session) return null;
  try {
    const { user } = await apiGet('/spa/users/me', userResponseSchema, {
      revalidate: 0,
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
    });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
