import type { CashOutBody, CashOutTargetBody } from '@playhouse/shared/contracts/cash-out';
import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '../browser-api';

// The contracts (and zod) load with the first answer, not with the page.
const contracts = () => import('@playhouse/shared/contracts/cash-out');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

/** The cash-out price of each of the player's open bets now. */
export function fetchCashOutOffers(signal?: AbortSignal) {
  return browserApi('/spa/sports/cash-out', schema('cashOutOffersResponseSchema'), { signal });
}

/** Takes a bet's cash-out price (all of it, or `stake` of its stake) at the price the player saw. */
export function cashOutBet(lng: Locale, body: CashOutBody, idempotencyKey: string) {
  return browserApi('/spa/sports/cash-out', schema('cashOutResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  });
}

/** Sets (or, with null, removes) the automatic cash out's target. */
export function setCashOutTarget(body: CashOutTargetBody) {
  return browserApi('/spa/sports/cash-out/target', schema('cashOutTargetResponseSchema'), { method: 'PUT', body });
}
