import { createAsyncThunk } from '@reduxjs/toolkit';
import type { BalancesResponse } from '@playhouse/shared/contracts/cashbox';
import type { Locale } from '@playhouse/shared/locales';
import { apiHost } from '@/lib/api-host';
import type { RootState } from './store';
import { logout } from './user-slice';

/** SPEC.md §8: the exact rejection messages. */
export const BALANCE_ERRORS = {
  unauthorized: 'Fetch initial balance - unauthorized!',
  mainRouteMissing: 'Main balance request URL not found!',
  bonusRouteMissing: 'Bonus balance request URL not found!',
} as const;

export const BALANCES_PATH = '/spa/users/balances';
export const LOGOUT_PATH = '/spa/auth/logout';

// zod and the contract load with the first balance answer: visitors who never sign in do not download them.
const contracts = () => import('@playhouse/shared/contracts/cashbox');

export async function parseBalances(body: unknown): Promise<BalancesResponse> {
  return (await contracts()).balancesResponseSchema.parse(body);
}

/**
 * SPEC.md §7.6: the server's refresh address with a development front-controller prefix ("/app_dev.php") removed,
 * on the api host. A full URL keeps only its path and query.
 */
export function refreshUrl(route: string, host = apiHost()): string {
  let path = route.trim();
  if (/^https?:\/\//i.test(path)) {
    const url = new URL(path);
    path = `${url.pathname}${url.search}`;
  }
  path = path.replace(/^\/[^/?#]+\.php(?=[/?#]|$)/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return `${host}${path}`;
}

function sessionRequest(language: Locale, init: RequestInit = {}): RequestInit {
  return { ...init, credentials: 'include', headers: { accept: 'application/json', 'X-Locale': language } };
}

/** SPEC.md §7.4: the logout handler, called with the language. */
export async function callLogoutHandler(language: Locale): Promise<void> {
  const response = await fetch(`${apiHost()}${LOGOUT_PATH}`, sessionRequest(language, { method: 'POST' }));
  if (!response.ok) throw new Error(`Logout answered ${response.status}`);
}

type ThunkConfig = { state: RootState };

/**
 * SPEC.md §4 "Balance loading" and §7.5: both balances at once. Skipped when it has already been fired, unless
 * forced. A 401 means the session ended on the server: the api's session is closed, this browser forgets the user
 * and the thunk rejects with the spec's message.
 */
export const fetchInitialBalance = createAsyncThunk<BalancesResponse, { force?: boolean } | undefined, ThunkConfig>(
  'balance/fetchInitialBalance',
  async (_options, { getState, dispatch, signal }) => {
    const { language } = getState().balance;
    const response = await fetch(`${apiHost()}${BALANCES_PATH}`, sessionRequest(language, { signal }));
    if (response.status === 401) {
      await callLogoutHandler(language).catch(() => undefined);
      dispatch(logout());
      throw new Error(BALANCE_ERRORS.unauthorized);
    }
    if (!response.ok) throw new Error(`Fetch initial balance - ${response.status}`);
    return parseBalances(await response.json());
  },
  { condition: (options, { getState }) => options?.force === true || !getState().balance.initialRequestFired },
);

async function fetchAmount(route: string, language: Locale, signal: AbortSignal): Promise<string> {
  const response = await fetch(refreshUrl(route), sessionRequest(language, { signal }));
  if (!response.ok) throw new Error(`Balance refresh answered ${response.status}`);
  return (await contracts()).balanceAmountResponseSchema.parse(await response.json()).amount;
}

/** SPEC.md §7.6: the main balance from its refresh address. */
export const refreshMainBalance = createAsyncThunk<string, void, ThunkConfig>(
  'balance/refreshMainBalance',
  async (_arg, { getState, signal }) => {
    const { mainBalanceRoute, language } = getState().balance;
    if (!mainBalanceRoute) throw new Error(BALANCE_ERRORS.mainRouteMissing);
    return fetchAmount(mainBalanceRoute, language, signal);
  },
);

/** SPEC.md §7.6: the bonus balance from its refresh address. */
export const refreshBonusBalance = createAsyncThunk<string, void, ThunkConfig>(
  'balance/refreshBonusBalance',
  async (_arg, { getState, signal }) => {
    const { bonusBalanceRoute, language } = getState().balance;
    if (!bonusBalanceRoute) throw new Error(BALANCE_ERRORS.bonusRouteMissing);
    return fetchAmount(bonusBalanceRoute, language, signal);
  },
);
