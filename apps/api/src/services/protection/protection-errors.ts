import { AppError, errorClass } from '../../lib/errors';

/**
 * A limit the action would break. `fields` carry what the web needs for its translated message: the limit's kind and
 * period, what is left, and when enough of the rolling window frees up for this amount (resetsAt, ISO 8601).
 */
export class LimitExceededError extends AppError {
  constructor(details: { kind: string; period: string; limit: string; remaining: string; resetsAt: string | null }) {
    super(
      'limit_exceeded',
      `This would exceed your ${details.period} ${details.kind} limit of ${details.limit}; ${details.remaining} is left` +
        (details.resetsAt ? `, and it resets at ${details.resetsAt}.` : '.'),
      409,
      {
        kind: details.kind,
        period: details.period,
        limit: details.limit,
        remaining: details.remaining,
        ...(details.resetsAt ? { resetsAt: details.resetsAt } : {}),
      },
    );
  }
}

export class RealityCheckDueError extends errorClass(
  'reality_check_due',
  'Answer the reality check before you play on.',
  409,
) {}

/** A time-out, a self-exclusion or a closure is in force (or has ended and the player has not come back). */
export class PlayerRestrictedError extends AppError {
  constructor(kind: string, until: Date | null) {
    super(
      'player_restricted',
      until
        ? `Your ${kind.replace('_', '-')} is in force until ${until.toISOString()}.`
        : `Your ${kind.replace('_', '-')} is in force.`,
      403,
      { kind, ...(until ? { until: until.toISOString() } : {}) },
    );
  }
}

export class VerificationRequiredError extends AppError {
  constructor(gate: string, documents: readonly string[]) {
    super('verification_required', `Verify your ${documents.join(' and ')} document first (needed for ${gate}).`, 403, {
      gate,
      documents: documents.join(','),
    });
  }
}

export class LimitsRequiredError extends errorClass(
  'limits_required',
  'Set a deposit limit before your first deposit.',
  409,
) {}

export class LimitNotPendingError extends errorClass(
  'limit_not_pending',
  'There is no change of this limit waiting for confirmation.',
  409,
) {}

export class LimitCoolingError extends AppError {
  constructor(effectiveAt: Date) {
    super('limit_cooling', `This change can be confirmed from ${effectiveAt.toISOString()}.`, 409, {
      effectiveAt: effectiveAt.toISOString(),
    });
  }
}

export class RestrictionActiveError extends errorClass(
  'restriction_active',
  'A longer or equal break is already in force.',
  409,
) {}

export class RestrictionNotEndedError extends AppError {
  constructor(until: Date | null) {
    super(
      'restriction_not_ended',
      until ? `Your break lasts until ${until.toISOString()}; it cannot be ended early.` : 'This break is permanent.',
      409,
      until ? { until: until.toISOString() } : {},
    );
  }
}

export class InvalidPasswordError extends errorClass('invalid_password', 'The password is not correct.', 403) {}

export class DocumentTypeRejectedError extends errorClass(
  'document_rejected_type',
  'Upload a JPEG, PNG or WebP picture or a PDF.',
  415,
) {}

export class DocumentTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('document_too_large', `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB.`, 413);
  }
}

export class DocumentAlreadyReviewedError extends AppError {
  constructor(status: string) {
    super('document_already_reviewed', `This document was already ${status}.`, 409);
  }
}
