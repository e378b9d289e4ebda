import type { ApiErrorCode } from '@playhouse/shared';

/** A failure the caller can act on: a snake_case code, an HTTP status, a safe message. */
export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly statusCode = 400,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'The request is malformed.') {
    super('bad_request', message, 400);
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'Some fields are invalid.') {
    super('validation_failed', message, 400, fields);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super('not_found', message, 404);
  }
}

export class UnknownLocaleError extends AppError {
  constructor(locale: string) {
    super('unknown_locale', `Unknown locale "${locale.slice(0, 16)}".`, 400);
  }
}

export class OriginNotAllowedError extends AppError {
  constructor(message = 'Requests from this origin are not allowed.') {
    super('origin_not_allowed', message, 403);
  }
}

export class RateLimitError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('rate_limit_exceeded', `Too many requests; try again in ${retryAfterSeconds} s.`, 429);
  }
}

/** `limit`: the most the route takes, in bytes, named in the message (in MiB from 1 MiB, else in KiB). */
export class PayloadTooLargeError extends AppError {
  constructor(limit?: number) {
    const mib = 1024 * 1024;
    const most =
      limit === undefined ? '' : limit >= mib ? ` ${Math.floor(limit / mib)} MiB` : ` ${Math.floor(limit / 1024)} KiB`;
    super(
      'payload_too_large',
      limit === undefined ? 'The request body is too large.' : `The request body is too large: at most${most} here.`,
      413,
    );
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super('unsupported_media_type', 'This content type is not accepted here.', 415);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable.') {
    super('service_unavailable', message, 503);
  }
}

/**
 * The SQLSTATE of a database error, wherever it sits in the chain of causes (drizzle wraps the driver's error as its
 * cause); undefined when the error did not come from the database.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== 'object') return undefined;
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/**
 * Two transactions met and PostgreSQL undid one (serialization_failure, deadlock_detected): the request may pass if
 * sent again, so it is answered 503 with Retry-After rather than as a server fault.
 */
export const TRANSACTION_CONFLICTS: ReadonlySet<string> = new Set(['40001', '40P01']);
