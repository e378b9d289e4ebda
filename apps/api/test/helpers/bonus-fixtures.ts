import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS } from '@playhouse/db/seed/bonuses';
import type { buildApp } from '../../src/app';

export interface BonusTerms {
  /** Bonus money granted (free money), minor units. */
  amount?: bigint;
  /** The largest stake while the bonus runs; null: none. */
  maxBet?: bigint | null;
  /** A free-spins campaign on this game at this stake instead of free money. */
  freeSpins?: { game: string; stake: bigint; spins: number };
  wager?: number;
}

let sequence = 0;

/**
 * Gives a player a running bonus on terms of the test's own (a campaign made for it, approved, offered by staff and
 * accepted), the way a player comes to wager one. Answers the bonus id.
 */
export async function grantCampaignBonus(
  t: { app: Awaited<ReturnType<typeof buildApp>>; db: Db },
  userId: number,
  terms: BonusTerms = {},
): Promise<string> {
  sequence += 1;
  const slug = `fixture-bonus-${sequence}-${randomUUID().slice(0, 8)}`;
  await t.db.insert(schema.bonusCampaigns).values({
    slug,
    kind: terms.freeSpins ? 'free_spins' : 'free_money',
    template: 'standard',
    trigger: 'manual',
    amount: terms.freeSpins ? null : (terms.amount ?? 1000n),
    freeSpins: terms.freeSpins?.spins ?? null,
    freeSpinStake: terms.freeSpins?.stake ?? null,
    gameSlug: terms.freeSpins?.game ?? null,
    wager: terms.wager ?? 30,
    maxBet: terms.maxBet === undefined ? null : terms.maxBet,
    validDays: 7,
    offerDays: 7,
    contributions: DEMO_CONTRIBUTIONS,
    sportsMinOddThousandths: 1500,
    approvedAt: new Date(),
  });
  const [user] = await t.db
    .select({ username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const { id } = await t.app.services.bonuses.offer(user!.username, slug, randomUUID());
  await t.app.services.bonuses.accept(userId, id);
  return id;
}
