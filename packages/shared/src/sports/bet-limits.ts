import type { Currency } from '../money';

/**
 * Stake and payout bounds per currency (decimal strings, as the api renders amounts). Apart from the sports contracts
 * so the bet slip reads them without loading zod and every sports schema into the match page.
 */
export const SPORTS_BET_LIMITS = {
  EUR: { minStake: '0.10', maxStake: '1000.00', maxPayout: '50000.00' },
  USD: { minStake: '0.10', maxStake: '1000.00', maxPayout: '50000.00' },
  GBP: { minStake: '0.10', maxStake: '1000.00', maxPayout: '50000.00' },
  BRL: { minStake: '0.10', maxStake: '1000.00', maxPayout: '50000.00' },
  RUB: { minStake: '0.10', maxStake: '1000.00', maxPayout: '50000.00' },
} as const satisfies Record<Currency, { minStake: string; maxStake: string; maxPayout: string }>;
export const MAX_ACCUMULATOR_SELECTIONS = 20;
