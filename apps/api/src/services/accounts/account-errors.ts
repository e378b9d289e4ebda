import { AppError } from '../../lib/errors';

/** Neutral on purpose: it must not tell whether the e-mail or the username already belongs to someone. */
export class RegistrationFailedError extends AppError {
  constructor() {
    super('registration_failed', 'We could not create an account with these details.', 409);
  }
}

export class InvalidTokenError extends AppError {
  constructor() {
    super('invalid_token', 'This link is invalid or has expired.', 400);
  }
}

export class WrongPasswordError extends AppError {
  constructor() {
    super('invalid_credentials', 'The current password is incorrect.', 400, {
      currentPassword: 'The current password is incorrect.',
    });
  }
}

/** A staff account signs in at the staff sign-in, with its second factor; the player login refuses it. */
export class StaffSignInRequiredError extends AppError {
  constructor() {
    super('staff_sign_in_required', 'Staff accounts sign in at the staff sign-in page, with their second factor.', 403);
  }
}
