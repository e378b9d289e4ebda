import type { DbOrTx } from '@playhouse/db';
import { DEFAULT_CURRENCY, formatMinor, type PromotionTerms } from '@playhouse/shared';
import { localize, type LocaleContext } from '../../lib/localize';
import type { BonusCampaignRow } from './bonus-engine';
import { campaignSlugIn, findCampaignBySlug, gameTitleRows, liveCampaigns } from './bonus-queries';

const money = (value: bigint | null) => (value === null ? null : formatMinor(value, DEFAULT_CURRENCY));

/** A live campaign's terms as a promotion shows them (the campaign's own amounts, in the default currency). */
export function promotionTermsOf(
  campaign: BonusCampaignRow,
  game: { slug: string; title: string } | null,
): PromotionTerms {
  return {
    slug: campaign.slug,
    kind: campaign.kind,
    trigger: campaign.trigger,
    currencyCode: DEFAULT_CURRENCY,
    amount: money(campaign.amount),
    percent: campaign.matchPercent,
    minDeposit: money(campaign.minDeposit),
    freeSpins: campaign.freeSpins,
    freeSpinStake: money(campaign.freeSpinStake),
    game,
    wager: campaign.wager,
    maxBet: money(campaign.maxBet),
    validDays: campaign.validDays,
    offerDays: campaign.offerDays,
    weekdays: campaign.weekdays,
    timeZone: campaign.timeZone,
    payout: campaign.payout,
    contributions: campaign.contributions,
  };
}

/**
 * The terms of the live campaigns (approved, not paused, not ended) among `slugs`, by slug, for the promotions that
 * name them: a promotion of a campaign that offers nothing now shows no terms rather than a promise nobody keeps.
 */
export async function promotionTermsBySlug(
  db: DbOrTx,
  slugs: (string | null)[],
  context: LocaleContext,
): Promise<Map<string, PromotionTerms>> {
  const wanted = [...new Set(slugs.filter((slug): slug is string => slug !== null))];
  if (wanted.length === 0) return new Map();
  const campaigns = await liveCampaigns(db, campaignSlugIn(wanted));
  const gameSlugs = [...new Set(campaigns.flatMap((campaign) => (campaign.gameSlug ? [campaign.gameSlug] : [])))];
  const titles = gameSlugs.length === 0 ? [] : await gameTitleRows(db, gameSlugs);
  const gameTitle = new Map(titles.map((row) => [row.slug, localize(row.title as Record<string, string>, context)]));
  return new Map(
    campaigns.map((campaign) => {
      const title = campaign.gameSlug ? gameTitle.get(campaign.gameSlug) : undefined;
      const game = campaign.gameSlug && title ? { slug: campaign.gameSlug, title } : null;
      return [campaign.slug, promotionTermsOf(campaign, game)];
    }),
  );
}

/** Whether a campaign with this slug exists (whatever its status): what a promotion may name. */
export async function campaignExists(db: DbOrTx, slug: string): Promise<boolean> {
  return (await findCampaignBySlug(db, slug)) !== undefined;
}
