import { formatMinor, type StaffBonusCampaign } from '@playhouse/shared';
import type { BonusCampaignRow } from './bonus-engine';

/**
 * A campaign amount as staff read it. Amounts are in the player's own currency and every accepted currency has two
 * decimals, so one format serves them all.
 */
export const campaignMoney = (value: bigint | null) => (value === null ? null : formatMinor(value, 'EUR'));

/** What a campaign offers, as staff read it: the same in the ops command line's list and the back office's page. */
export function campaignTermsView(row: BonusCampaignRow): Omit<StaffBonusCampaign, 'active'> {
  return {
    slug: row.slug,
    kind: row.kind,
    template: row.template,
    trigger: row.trigger,
    amount: campaignMoney(row.amount),
    matchPercent: row.matchPercent,
    minDeposit: campaignMoney(row.minDeposit),
    items: row.items.map((item) => campaignMoney(BigInt(item))!),
    freeSpins: row.freeSpins,
    freeSpinStake: campaignMoney(row.freeSpinStake),
    gameSlug: row.gameSlug,
    wager: row.wager,
    maxBet: campaignMoney(row.maxBet),
    validDays: row.validDays,
    offerDays: row.offerDays,
    contributions: row.contributions,
    sportsMinOdd: (row.sportsMinOddThousandths / 1000).toFixed(2),
    weekdays: row.weekdays,
    timeZone: row.timeZone,
    payout: row.payout,
  };
}
