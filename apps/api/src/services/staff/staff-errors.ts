import { AppError, errorClass } from '../../lib/errors';

/** The password step is missing, has expired or was used up by wrong codes: start the staff sign-in again. */
export class StaffSignInExpiredError extends errorClass(
  'staff_sign_in_expired',
  'This sign-in has expired. Sign in again with your password.',
  401,
) {}

export class InvalidTotpCodeError extends errorClass(
  'invalid_totp_code',
  'The code is wrong or has already been used. Enter the current code from your app.',
  401,
) {}

/** The call belongs to the other step of the staff sign-in (set up a second factor, or enter a code). */
export class StaffSignInStepError extends AppError {
  constructor(expected: string) {
    super('staff_sign_in_step', `This sign-in is at the "${expected}" step.`, 409);
  }
}

export class StaffRequestStateError extends AppError {
  constructor(status: string) {
    super('request_not_pending', `This request is already ${status}.`, 409);
  }
}

export class NotStaffError extends errorClass('not_found', 'There is no such staff member.', 404) {}

/** The invitation link is unknown, was used, or has expired (the same answer for each: the token tells nothing). */
export class InvitationNotFoundError extends errorClass(
  'invitation_not_found',
  'This invitation is not valid any more. Ask an admin for a new one.',
  404,
) {}
