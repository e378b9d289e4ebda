import { lt } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { usedCaptchaTokens } = schema;

/**
 * Claims a solved challenge's token once: the tokens that expired before `now` go first (they could not be redeemed
 * anyway), then the claim; answers whether this call claimed it.
 */
export async function claimCaptchaToken(
  executor: DbOrTx,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await executor.delete(usedCaptchaTokens).where(lt(usedCaptchaTokens.expiresAt, now));
  const claimed = await executor
    .insert(usedCaptchaTokens)
    .values({ tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedCaptchaTokens.tokenHash });
  return claimed.length > 0;
}
