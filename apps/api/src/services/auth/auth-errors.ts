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
