import { AppError, errorClass } from '../../lib/errors';

export class PaymentMethodUnavailableError extends errorClass(
  'payment_method_unavailable',
  'This payment method is not available for your account.',
  400,
) {}

/** The amount is outside the method's bounds for the currency; the message names them. */
export class AmountOutOfRangeError extends AppError {
  constructor(min: string, max: string, currency: string) {
    super('amount_out_of_range', `The amount must be between ${min} and ${max} ${currency}.`, 400, {
      amount: `between ${min} and ${max}`,
    });
  }
}

export class WithdrawalStateConflictError extends AppError {
  constructor(status: string, action: string) {
    super('withdrawal_state_conflict', `A ${status} withdrawal cannot be ${action}.`, 409);
  }
}

/** The player owes part of a sports payout a re-settlement took back: their withdrawal waits until it is paid back. */
export class WithdrawalHeldError extends errorClass(
  'withdrawal_held',
  'This withdrawal is held: the player owes part of a payout a corrected result took back. Reject it (its money ' +
    'pays the debt first) or wait until the debt is paid.',
  409,
) {}
