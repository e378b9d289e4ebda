import {
  formResponseSchema,
  pspCheckoutSessionResponseSchema,
  tokenValidationResponseSchema,
  userResponseSchema,
  type FormId,
  type Locale,
  type User,
} from '@playhouse/shared';
import { cookies } from 'next/headers';
import { ApiError, apiGet } from '../api-client';
import { SESSION_COOKIE } from './session-cookie';

/** A form's fields as the api describes them (constraints and labels in the locale). */
export async function getFormFields(locale: Locale, id: FormId) {
  const { form } = await apiGet(`/spa/forms/${id}`, formResponseSchema, { locale });
  return form.fields;
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
