import { errorClass } from '../../lib/errors';

export class InvalidTokenError extends errorClass('invalid_token', 'This link is invalid or has expired.', 400) {}

export class WrongPasswordError extends errorClass('invalid_credentials', 'The current password is incorrect.', 400, {
  currentPassword: 'The current password is incorrect.',
}) {}

/** A staff account signs in at the staff sign-in, with its second factor; the player login refuses it. */
export class StaffSignInRequiredError extends errorClass(
  'staff_sign_in_required',
  'Staff accounts sign in at the staff sign-in page, with their second factor.',
  403,
) {}

/** At confirmation: the username was taken since the registration; the player picks another (the address is theirs). */
export class UsernameTakenError extends errorClass('username_taken', 'This username is already taken.', 409, {
  username: 'This username is already taken.',
}) {}
