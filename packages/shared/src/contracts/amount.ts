import { z } from 'zod';

/**
 * A positive amount as typed: digits and at most two decimals ("25", "25.5", "25.00"). A module of its own, so the
 * casino, funding and sports contracts the browser loads to parse an answer do not bring the whole cashbox with them.
 */
export const positiveAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most two decimals')
  .refine((value) => /[1-9]/.test(value), 'must be above zero');
