import type { DbOrTx } from '../client';
import { bonusCampaigns } from '../schema/bonuses';

/**
 * Share of a stake that counts towards wagering, per game type: slots in full, the Originals dice and plinko and the
 * table and live games partly, sports in full but only at total odds of 1.50 or more.
 */
export const DEMO_CONTRIBUTIONS: Record<string, number> = {
  slots: 100,
  dice: 20,
  plinko: 20,
  table: 10,
  live: 10,
  other: 0,
  sports: 100,
};

type CampaignInsert = typeof bonusCampaigns.$inferInsert;

/** The demo campaigns: what a freshly registered player is offered, and the match on the first deposit. */
export function demoBonusCampaigns(): CampaignInsert[] {
  // The demo's campaigns are part of setting the site up, like its migrations: live from the start.
  const common = { contributions: DEMO_CONTRIBUTIONS, sportsMinOddThousandths: 1500, approvedAt: new Date() };
  return [
    {
      ...common,
      slug: 'welcome-coins',
      kind: 'coins',
      template: 'coins',
      trigger: 'registration',
      items: ['500', '1000', '2000', '5000'],
      wager: 20,
      maxBet: 500n,
      validDays: 7,
      offerDays: 14,
    },
    {
      ...common,
      slug: 'welcome-free-money',
      kind: 'free_money',
      template: 'standard',
      trigger: 'registration',
      amount: 1000n,
      wager: 30,
      maxBet: 500n,
      validDays: 7,
      offerDays: 14,
    },
    {
      ...common,
      slug: 'lucky-reels-spins',
      kind: 'free_spins',
      template: 'standard',
      trigger: 'registration',
      freeSpins: 20,
      freeSpinStake: 20n,
      gameSlug: 'lucky-reels',
      wager: 25,
      maxBet: 500n,
      validDays: 7,
      offerDays: 14,
    },
    {
      ...common,
      slug: 'first-deposit-match',
      kind: 'deposit_match',
      template: 'standard',
      trigger: 'first_deposit',
      amount: 20_000n,
      matchPercent: 100,
      minDeposit: 1000n,
      wager: 35,
      maxBet: 1000n,
      validDays: 30,
      offerDays: 7,
    },
  ];
}

export async function seedBonuses(db: DbOrTx): Promise<void> {
  await db.insert(bonusCampaigns).values(demoBonusCampaigns()).onConflictDoNothing();
}
