import { AppError } from '../../lib/errors';

export class DepositLimitExceededError extends AppError {
  constructor(
    readonly period: string,
    remaining: string,
    currency: string,
  ) {
    super(
      'deposit_limit_exceeded',
      `This deposit would exceed your ${period} deposit limit; you can deposit up to ${remaining} ${currency} now.`,
      409,
    );
  }
}
