import { AppError, errorClass } from '../../lib/errors';

export class UnauthorizedError extends errorClass('unauthorized', 'Sign in to continue.', 401) {}

export class ForbiddenError extends errorClass('forbidden', 'This is not allowed.', 403) {}

/** The same answer, word for word, for an unknown login and a wrong password. */
export class InvalidCredentialsError extends errorClass(
  'invalid_credentials',
  'E-mail/username or password is incorrect.',
  401,
) {}

/** Only someone who knows the password learns that the account is blocked. */
export class AccountBlockedError extends errorClass(
  'account_blocked',
  'This account is blocked. Please contact support.',
  403,
) {}

/** Four eyes: the staff member who asked for a money action cannot also approve it. */
export class FourEyesError extends errorClass(
  'four_eyes_required',
  'A second staff member must approve this: not the one who asked for it.',
  403,
) {}

/** Nobody acts on their own account: not on their balance, bonuses or withdrawals, nor on their staff account. */
export class OwnAccountError extends errorClass('own_account', 'Staff cannot act on their own account.', 403) {}

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
