import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema, withQuery } from '../browser-api';

// The contracts (and zod) load with the first answer: only players who open the cashbox download them.
const contracts = () => import('@playhouse/shared/contracts/cashbox');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

export const CASHBOX_PATH = '/spa/cashbox';
export const WITHDRAWALS_PATH = '/spa/cashbox/withdrawals';
export const TRANSACTIONS_PATH = '/spa/users/transactions';

/** The player's cashbox: currency, deposit and withdrawal methods, and the deposit limits in use. */
export function fetchCashbox(lng: Locale) {
  return browserApi(CASHBOX_PATH, schema('cashboxResponseSchema'), { locale: lng });
}

/** Opens a deposit at the payment provider; the same retry key opens one payment. */
export function createDeposit(lng: Locale, body: { method: string; amount: string }, idempotencyKey: string) {
  return browserApi('/spa/cashbox/deposits', schema('depositResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  }).then((data) => data.deposit);
}

export function fetchDeposit(lng: Locale, depositId: string) {
  return browserApi(`/spa/cashbox/deposits/${encodeURIComponent(depositId)}`, schema('depositResponseSchema'), {
    locale: lng,
  }).then((data) => data.deposit);
}

export function fetchWithdrawals(lng: Locale) {
  return browserApi(WITHDRAWALS_PATH, schema('withdrawalsResponseSchema'), { locale: lng });
}

/**
 * Asks for a withdrawal from the main balance; the same retry key asks once. While a bonus is being wagered the api
 * refuses with `withdrawal_forfeits_bonus` unless the body says `forfeitBonus: true` (the player agreed to give it up).
 */
export function requestWithdrawal(
  lng: Locale,
  body: { method: string; amount: string; details: Record<string, string>; forfeitBonus?: boolean },
  idempotencyKey: string,
) {
  return browserApi(WITHDRAWALS_PATH, schema('withdrawalResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  }).then((data) => data.withdrawal);
}

/** One page of the transaction history for the filters in the page address. */
export function transactionsPath(query: Record<string, string | number | undefined>): string {
  return withQuery(TRANSACTIONS_PATH, query);
}

export function fetchTransactions(lng: Locale, path: string) {
  return browserApi(path, schema('transactionsResponseSchema'), { locale: lng });
}

/** Pays the sandbox provider's checkout with a card (the sandbox's own page). */
export function payPspCheckout(
  lng: Locale,
  sessionId: string,
  card: { cardNumber: string; expiry: string; cvc: string; holder: string },
) {
  return browserApi(`/spa/psp/sandbox/checkout/${encodeURIComponent(sessionId)}`, schema('pspCheckoutResponseSchema'), {
    method: 'POST',
    locale: lng,
    body: card,
  });
}
