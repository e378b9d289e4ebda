/** Bets the in-house games take, in minor units of any currency. */
export const ORIGINALS_MIN_BET = 10n;
export const ORIGINALS_MAX_BET = 50_000n;

/** The wallet's transaction ids of a round: derived from its round id, so every re-send is the same call. */
export function walletTransactionIds(walletRoundId: string) {
  return { bet: `${walletRoundId}:bet`, win: `${walletRoundId}:win`, rollback: `${walletRoundId}:rollback` };
}
