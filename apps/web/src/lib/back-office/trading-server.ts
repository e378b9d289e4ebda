import type { Locale } from '@playhouse/shared/locales';
import { tradingMatchResponseSchema, type TradingMatch } from '@playhouse/shared/contracts/trading';
import { cookies } from 'next/headers';
import { ApiError, apiGet } from '../api-client';
import { SESSION_COOKIE } from '../account/session-cookie';

/** A match as the trading desk shows it, read with the staff member's session; null when there is no such match. */
export async function getTradingMatch(lng: Locale, matchId: number): Promise<TradingMatch | null> {
  const session = (await cookies()).get(SESSION_COOKIE);
  try {
    const { match } = await apiGet(`/spa/staff/trading/matches/${matchId}`, tradingMatchResponseSchema, {
      locale: lng,
      revalidate: 0,
      headers: session ? { cookie: `${SESSION_COOKIE}=${session.value}` } : {},
    });
    return match;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
