import type { BalancesResponse } from '@playhouse/shared/contracts/cashbox';
import { DEFAULT_LOCALE, type Locale } from '@playhouse/shared/locales';

export type BalanceState = {
  mainBalanceLoading: boolean;
  bonusBalanceLoading: boolean;
  currencyCode: string;
  mainBalanceAmount: string;
  bonusBalanceAmount: string;
  mainBalanceRoute: string;
  bonusBalanceRoute: string;
  initialRequestFired: boolean;
  flipBalances: boolean;
  language: Locale;
};

/** The initial balances answer (GET /spa/users/balances); amounts are decimal strings. */
export type InitialBalances = BalancesResponse;

export const initialBalanceState: BalanceState = {
  mainBalanceLoading: true,
  bonusBalanceLoading: true,
  currencyCode: '',
  mainBalanceAmount: '0.00',
  bonusBalanceAmount: '0.00',
  mainBalanceRoute: '',
  bonusBalanceRoute: '',
  initialRequestFired: false,
  flipBalances: false,
  language: DEFAULT_LOCALE,
};
