import {
  formResponseSchema,
  pspCheckoutSessionResponseSchema,
  tokenValidationResponseSchema,
  type FormId,
  type Locale,
} from '@playhouse/shared';
import { ApiError, apiGet } from '../api-client';

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
