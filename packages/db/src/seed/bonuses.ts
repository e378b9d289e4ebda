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

/** The operator's time zone the demo's weekly campaigns count their days and weeks in (a Malta-licensed operator). */
export const DEMO_OPERATOR_TIME_ZONE = 'Europe/Malta';

/**
 * The demo campaigns: what a freshly registered player is offered, the match on the first deposit, and the weekly
 * campaigns the promotions advertise (a weekend reload, Friday free spins, a weekly cashback).
 */
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
    {
      ...common,
      slug: 'weekend-reload',
      kind: 'deposit_match',
      template: 'standard',
      trigger: 'deposit',
      weekdays: [6, 7],
      timeZone: DEMO_OPERATOR_TIME_ZONE,
      amount: 10_000n,
      matchPercent: 50,
      minDeposit: 2000n,
      wager: 25,
      maxBet: 500n,
      validDays: 7,
      offerDays: 3,
    },
    {
      ...common,
      slug: 'friday-free-spins',
      kind: 'free_spins',
      template: 'standard',
      trigger: 'deposit',
      weekdays: [5],
      timeZone: DEMO_OPERATOR_TIME_ZONE,
      minDeposit: 2000n,
      freeSpins: 20,
      freeSpinStake: 20n,
      gameSlug: 'lucky-reels',
      wager: 20,
      maxBet: 500n,
      validDays: 3,
      offerDays: 3,
    },
    {
      ...common,
      slug: 'weekly-cashback',
      kind: 'cashback',
      template: 'standard',
      trigger: 'net_loss',
      timeZone: DEMO_OPERATOR_TIME_ZONE,
      matchPercent: 10,
      amount: 10_000n,
      payout: 'bonus',
      wager: 5,
      maxBet: 500n,
      validDays: 7,
      offerDays: 7,
    },
  ];
}

export async function seedBonuses(db: DbOrTx): Promise<void> {
  await db.insert(bonusCampaigns).values(demoBonusCampaigns()).onConflictDoNothing();
}
