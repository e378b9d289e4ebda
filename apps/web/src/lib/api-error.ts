/** An api answer outside 2xx: the envelope's code, message and per-field problems (ARCHITECTURE.md "Contracts"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Reads an error answer's body: the shared envelope when it is one, else a generic `internal_error`. The envelope's
 * schema is loaded when an error actually arrives, so zod is not part of any page's first load.
 */
export async function apiErrorFrom(status: number, body: unknown, what: string): Promise<ApiError> {
  const { errorEnvelopeSchema } = await import('@playhouse/shared/errors');
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, fields } = envelope.data.error;
    return new ApiError(status, code, message, envelope.data.requestId, fields ?? {});
  }
  return new ApiError(status, 'internal_error', `${what} answered ${status}`);
}
