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

/**
 * The class of an error with its code and status, and the message it says unless the caller gives another, so that
 * each such error is one line: `export class CampaignEndedError extends errorClass('campaign_ended', '...', 409) {}`.
 */
export function errorClass(code: ApiErrorCode, message: string, statusCode: number, fields?: Record<string, string>) {
  return class extends AppError {
    constructor(say = message) {
      super(code, say, statusCode, fields && { ...fields });
    }
  };
}

/**
 * The class of an error whose fields the thrower fills in (which field is wrong, and how):
 * `export class OrderInvalidError extends fieldsErrorClass('order_invalid', '...', 400) {}`, thrown with the fields.
 */
export function fieldsErrorClass(code: ApiErrorCode, message: string, statusCode: number) {
  return class extends AppError {
    constructor(fields: Record<string, string>) {
      super(code, message, statusCode, fields);
    }
  };
}

/**
 * The class of an error about one thing the request named (a selection, a match): its field is that thing's id, set
 * to `flag`, so the caller can mark it. Thrown with the id.
 */
export function flaggedErrorClass(code: ApiErrorCode, message: string, statusCode: number, flag: string) {
  return class extends AppError {
    constructor(id: number) {
      super(code, message, statusCode, { [String(id)]: flag });
    }
  };
}

export class BadRequestError extends errorClass('bad_request', 'The request is malformed.', 400) {}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'Some fields are invalid.') {
    super('validation_failed', message, 400, fields);
  }
}

export class NotFoundError extends errorClass('not_found', 'Not found.', 404) {}

export class UnknownLocaleError extends AppError {
  constructor(locale: string) {
    super('unknown_locale', `Unknown locale "${locale.slice(0, 16)}".`, 400);
  }
}

export class OriginNotAllowedError extends errorClass(
  'origin_not_allowed',
  'Requests from this origin are not allowed.',
  403,
) {}

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

export class UnsupportedMediaTypeError extends errorClass(
  'unsupported_media_type',
  'This content type is not accepted here.',
  415,
) {}

export class ServiceUnavailableError extends errorClass(
  'service_unavailable',
  'The service is temporarily unavailable.',
  503,
) {}

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
