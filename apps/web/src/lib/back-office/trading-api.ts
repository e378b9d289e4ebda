import type { TradingResultBody } from '@playhouse/shared/contracts/trading';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

// The contracts (and zod) load with the first answer, as in the other area modules.
const trading = () => import('@playhouse/shared/contracts/trading');

/** GET /spa/staff/trading/fixtures: one page of fixtures for the table's URL state. */
export function fetchFixtures(lng: Locale, query: TableQuery) {
  return officeApi('/spa/staff/trading/fixtures', lazySchema(trading, 'tradingFixturesResponseSchema'), {
    locale: lng,
    query,
  });
}

/** GET /spa/staff/trading/matches/{id}: a match, its markets and the liability per outcome. */
export function fetchTradingMatch(lng: Locale, matchId: number) {
  return officeApi(`/spa/staff/trading/matches/${matchId}`, lazySchema(trading, 'tradingMatchResponseSchema'), {
    locale: lng,
  }).then((data) => data.match);
}

/** POST /spa/staff/trading/matches/{id}/suspend|resume: every market of the match at once. */
export function changeMatch(lng: Locale, matchId: number, action: 'suspend' | 'resume') {
  return officeApi(
    `/spa/staff/trading/matches/${matchId}/${action}`,
    lazySchema(trading, 'tradingMatchResponseSchema'),
    { method: 'POST', locale: lng },
  ).then((data) => data.match);
}

/** POST /spa/staff/trading/markets/{id}/suspend|resume: one market. */
export function changeMarket(lng: Locale, marketId: number, action: 'suspend' | 'resume') {
  return officeApi(
    `/spa/staff/trading/markets/${marketId}/${action}`,
    lazySchema(trading, 'tradingMarketResponseSchema'),
    { method: 'POST', locale: lng },
  ).then((data) => data.market);
}

/**
 * POST /spa/staff/trading/markets/{id}/result: settles the market; a change of a result that already paid out answers
 * the request a second trader or risk approves.
 */
export function resultMarket(lng: Locale, marketId: number, body: TradingResultBody) {
  return officeApi(`/spa/staff/trading/markets/${marketId}/result`, lazySchema(trading, 'tradingResultAnswerSchema'), {
    method: 'POST',
    locale: lng,
    body,
  });
}

/** POST /spa/staff/trading/markets/{id}/void: voids the market (stakes come back); after a payout, a request. */
export function voidMarket(lng: Locale, marketId: number) {
  return officeApi(`/spa/staff/trading/markets/${marketId}/void`, lazySchema(trading, 'tradingResultAnswerSchema'), {
    method: 'POST',
    locale: lng,
  });
}

/** GET /spa/staff/trading/bets: the bet search, one page. */
export function fetchTradingBets(lng: Locale, query: TableQuery) {
  return officeApi('/spa/staff/trading/bets', lazySchema(trading, 'tradingBetsResponseSchema'), {
    locale: lng,
    query,
  });
}
