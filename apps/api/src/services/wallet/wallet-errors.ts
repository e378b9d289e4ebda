import { AppError, errorClass } from '../../lib/errors';

export class InsufficientFundsError extends AppError {
  constructor(
    readonly accountId: number,
    readonly balance: bigint,
  ) {
    super('insufficient_funds', 'The balance is too low for this operation.', 409);
  }
}

export { IdempotencyConflictError } from '../../lib/idempotency';

/** A transfer whose legs do not sum to zero: a programming error, refused before touching the database. */
export class UnbalancedTransferError extends errorClass(
  'unbalanced_transfer',
  'A transfer needs at least two non-zero legs that sum to zero.',
  500,
) {}
