/*
 * The keys a bet's money is recorded under: its stake in the stake pipeline and the ledger, and each settlement
 * version's transfers. In one place so the bet's views (its split in "My bets") and its settlement name the same ones.
 */

export const stakeTransferKey = (betId: string) => `bet:${betId}`;
/** The stake pipeline's key of a sports stake (also its wagering contribution's key). */
export const sportsSourceKey = (betId: string) => `sports:${betId}`;

/** Version 0 is the first settlement; a trader's re-settlement moves the bet on to version 1, 2, ... */
const versioned = (prefix: string, betId: string, version: number) =>
  version === 0 ? `${prefix}:${betId}` : `${prefix}:${betId}:v${version}`;
export const payoutTransferKey = (betId: string, version = 0) => versioned('payout', betId, version);
export const voidTransferKey = (betId: string, version = 0) => versioned('void', betId, version);
/** Takes back what settlement `version` of the bet paid. */
export const reversalTransferKey = (betId: string, version: number) => `reversal:${betId}:v${version}`;
