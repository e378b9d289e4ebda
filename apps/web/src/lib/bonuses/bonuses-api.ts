import type { Locale } from '@playhouse/shared/locales';
import { browserApi, lazySchema } from '@/lib/browser-api';

const contracts = () => import('@playhouse/shared/contracts/bonuses');
const marketingContracts = () => import('@playhouse/shared/contracts/marketing');
const schema = <K extends keyof Awaited<ReturnType<typeof contracts>>>(name: K) => lazySchema(contracts, name);

export const BONUSES_PATH = '/spa/users/bonuses';
export const BONUS_HISTORY_PATH = '/spa/users/bonuses/history';
export const BONUS_HISTORY_PAGE_SIZE = 20;
export const PROMO_CODES_PATH = '/spa/users/promocodes';

const action = (name: 'pick' | 'get' | 'reject' | 'forfeit', id: string) =>
  `${BONUSES_PATH}/${name}/${encodeURIComponent(id)}`;

/** The player's pending offers and the bonus being wagered. */
export function fetchBonuses(locale: Locale) {
  return browserApi(BONUSES_PATH, schema('bonusesResponseSchema'), { locale });
}

export function fetchBonusHistory(locale: Locale, page: number) {
  return browserApi(BONUS_HISTORY_PATH, schema('bonusHistoryResponseSchema'), {
    locale,
    query: { page, perPage: BONUS_HISTORY_PAGE_SIZE },
  });
}

/** Coins: the server draws the amount; a repeat answers the same amount. */
export function pickCoin(locale: Locale, id: string, idempotencyKey: string) {
  return browserApi(action('pick', id), schema('bonusPickResponseSchema'), { method: 'POST', locale, idempotencyKey });
}

/** Accepts an offer: the bonus money reaches the bonus balance through the ledger. */
export function acceptBonus(locale: Locale, id: string, idempotencyKey: string) {
  return browserApi(action('get', id), schema('bonusAcceptResponseSchema'), { method: 'POST', locale, idempotencyKey });
}

export function rejectBonus(locale: Locale, id: string, idempotencyKey: string) {
  return browserApi(action('reject', id), schema('bonusRejectResponseSchema'), {
    method: 'POST',
    locale,
    idempotencyKey,
  });
}

/** Gives up the bonus being wagered; what is left of the bonus money is removed. */
export function forfeitBonus(locale: Locale, id: string, idempotencyKey: string) {
  return browserApi(action('forfeit', id), schema('bonusForfeitResponseSchema'), {
    method: 'POST',
    locale,
    idempotencyKey,
  });
}

/** Redeems a promo code: its campaign's bonus is offered to the player (once), to accept or reject like any offer. */
export function redeemPromoCode(locale: Locale, code: string) {
  return browserApi(PROMO_CODES_PATH, lazySchema(marketingContracts, 'promoCodeRedeemResponseSchema'), {
    method: 'POST',
    locale,
    body: { code },
  });
}
