import { AppError } from '../../lib/errors';

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue.') {
    super('unauthorized', message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This is not allowed.') {
    super('forbidden', message, 403);
  }
}

/** The same answer, word for word, for an unknown login and a wrong password. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super('invalid_credentials', 'E-mail/username or password is incorrect.', 401);
  }
}

/** Only someone who knows the password learns that the account is blocked. */
export class AccountBlockedError extends AppError {
  constructor() {
    super('account_blocked', 'This account is blocked. Please contact support.', 403);
  }
}

/** Four eyes: the staff member who asked for a money action cannot also approve it. */
export class FourEyesError extends AppError {
  constructor(message = 'A second staff member must approve this: not the one who asked for it.') {
    super('four_eyes_required', message, 403);
  }
}

/** Nobody acts on their own account: not on their balance, bonuses or withdrawals, nor on their staff account. */
export class OwnAccountError extends AppError {
  constructor() {
    super('own_account', 'Staff cannot act on their own account.', 403);
  }
}

/**
 * Money and roles need a second factor verified a moment ago, not at the morning's sign-in: a session left open (or
 * taken over) cannot approve, pay, re-settle or change roles without the authenticator at hand.
 */
export class FreshSecondFactorError extends AppError {
  constructor(maxAgeMs: number) {
    super(
      'fresh_second_factor_required',
      `Enter a code from your authenticator app again: this needs one from the last ${Math.round(maxAgeMs / 60_000)} minutes.`,
      403,
    );
  }
}
