import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

// The back office's players screen (staff only). The contracts (and zod) load with the first answer.
const contracts = () => import('@playhouse/shared/contracts/staff-players');
const protection = () => import('@playhouse/shared/contracts/protection');

/** The players search, also the path of its CSV export. */
export const PLAYERS_PATH = '/spa/staff/players';
const PLAYERS = PLAYERS_PATH;

/** GET /spa/staff/players: one page of the search (the table's address state: q, status, tag, page, sort...). */
export function searchPlayers(query: TableQuery) {
  const { q, status, tag, page, pageSize, sort, dir } = query;
  return officeApi(PLAYERS, lazySchema(contracts, 'staffPlayerSearchResponseSchema'), {
    query: { q, status, tag, page, pageSize, sort, dir },
  });
}

export function fetchPlayer(id: number) {
  return officeApi(`${PLAYERS}/${id}`, lazySchema(contracts, 'staffPlayerProfileResponseSchema')).then(
    (data) => data.player,
  );
}

export function fetchPlayerBalances(id: number) {
  return officeApi(`${PLAYERS}/${id}/balances`, lazySchema(contracts, 'staffPlayerBalancesSchema'));
}

type ListPage = { page?: string | undefined; pageSize?: string | undefined };
const listPath = (id: number, kind: PlayerListKind) => `${PLAYERS}/${id}/${kind}`;

// GET /spa/staff/players/{id}/{kind}: one page of one of the player's lists, newest first.
export const fetchPlayerLedger = (id: number, page: ListPage) =>
  officeApi(listPath(id, 'ledger'), lazySchema(contracts, 'staffPlayerLedgerSchema'), { query: page });
export const fetchPlayerBets = (id: number, page: ListPage) =>
  officeApi(listPath(id, 'bets'), lazySchema(contracts, 'staffPlayerBetsSchema'), { query: page });
export const fetchPlayerRounds = (id: number, page: ListPage) =>
  officeApi(listPath(id, 'rounds'), lazySchema(contracts, 'staffPlayerRoundsSchema'), { query: page });
export const fetchPlayerBonuses = (id: number, page: ListPage) =>
  officeApi(listPath(id, 'bonuses'), lazySchema(contracts, 'staffPlayerBonusesSchema'), { query: page });
export const fetchPlayerPayments = (id: number, page: ListPage) =>
  officeApi(listPath(id, 'payments'), lazySchema(contracts, 'staffPlayerPaymentsSchema'), { query: page });
export const fetchPlayerWithdrawals = (id: number, page: ListPage) =>
  officeApi(listPath(id, 'withdrawals'), lazySchema(contracts, 'staffPlayerWithdrawalsSchema'), { query: page });

/** The tabs with a paged list from another domain. */
export type PlayerListKind = 'ledger' | 'bets' | 'rounds' | 'bonuses' | 'payments' | 'withdrawals';

export function fetchPlayerSessions(id: number) {
  return officeApi(`${PLAYERS}/${id}/sessions`, lazySchema(contracts, 'staffPlayerSessionsSchema')).then(
    (data) => data.items,
  );
}

/** Ends every web and game session of the player. */
export function endPlayerSessions(id: number) {
  return officeApi(`${PLAYERS}/${id}/sessions/end`, lazySchema(contracts, 'staffEndSessionsResponseSchema'), {
    method: 'POST',
  });
}

export function setPlayerBlocked(id: number, blocked: boolean, reason: string) {
  return officeApi(`${PLAYERS}/${id}/${blocked ? 'block' : 'unblock'}`, null, {
    method: 'POST',
    body: { reason },
  });
}

export function fetchPlayerNotes(id: number) {
  return officeApi(`${PLAYERS}/${id}/notes`, lazySchema(contracts, 'staffPlayerNotesSchema')).then(
    (data) => data.items,
  );
}

export function addPlayerNote(id: number, body: string) {
  return officeApi(`${PLAYERS}/${id}/notes`, lazySchema(contracts, 'staffPlayerNotesSchema'), {
    method: 'POST',
    body: { body },
  }).then((data) => data.items);
}

export function addPlayerTag(id: number, tag: string) {
  return officeApi(`${PLAYERS}/${id}/tags`, null, { method: 'POST', body: { tag } });
}

export function removePlayerTag(id: number, tag: string) {
  return officeApi(`${PLAYERS}/${id}/tags/${encodeURIComponent(tag)}`, null, { method: 'DELETE' });
}

/** The player's limits, breaks, verification and flags (protection's staff route, read only here). */
export function fetchPlayerProtection(id: number) {
  return officeApi(`${PLAYERS}/${id}/protection`, lazySchema(protection, 'staffPlayerProtectionSchema'));
}
