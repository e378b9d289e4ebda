import { and, eq, gt, isNull, type Column, type SQL } from 'drizzle-orm';

/**
 * The one rule of every one-time token table (password resets, staff invitations, game launches): the row of the
 * hash the caller holds, not spent yet, and not expired at `now`.
 */
export function liveToken(
  columns: { tokenHash: Column; spentAt: Column; expiresAt: Column },
  tokenHash: string,
  now: Date,
): SQL {
  const live = and(eq(columns.tokenHash, tokenHash), isNull(columns.spentAt), gt(columns.expiresAt, now));
  if (!live) throw new Error('liveToken: no condition');
  return live;
}
