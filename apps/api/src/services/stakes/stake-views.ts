import type {
  BonusGameType,
  FundingBonus,
  FundingSplit,
  PayoutParts,
  StakePreview as StakePreviewView,
} from '@playhouse/shared';
import { formatAmount } from '../../lib/amounts';
import { campaignNameKey } from '../bonuses/bonus-service';
import type { StakePreview, StakeShares } from './stake-pipeline';

/*
 * How the stake pipeline's facts read to the player: a preview of a stake (the dry run's decision) and the split a
 * placed bet or round used. Only formatting here: the amounts come from the pipeline's decision and its records.
 */

/** A stake's shares as the player reads them. */
export function stakePartsView(shares: StakeShares, currency: string) {
  return {
    cash: formatAmount(shares.main, currency),
    bonus: formatAmount(shares.bonus, currency),
    freeSpin: formatAmount(shares.freeSpin, currency),
  };
}

/** Where a payment went, per destination (minor units), plus what was kept against a debt on the bet. */
export function payoutPartsView(
  credited: { main: bigint; bonus: bigint; bonusPool: bigint },
  withheld: bigint,
  currency: string,
): PayoutParts {
  return {
    cash: formatAmount(credited.main, currency),
    bonus: formatAmount(credited.bonus, currency),
    bonusPool: formatAmount(credited.bonusPool, currency),
    withheld: formatAmount(withheld, currency),
  };
}

/** The split a bet or round used: its stake's recorded shares and, once it has one, its settlement's payment. */
export function splitView(
  shares: StakeShares,
  payout: { credited: { main: bigint; bonus: bigint; bonusPool: bigint }; withheld: bigint } | null,
  currency: string,
): FundingSplit {
  return {
    stake: stakePartsView(shares, currency),
    payout: payout ? payoutPartsView(payout.credited, payout.withheld, currency) : null,
  };
}

/**
 * A dry run's answer for one stake. `amount` null: only the rules were asked (no decision shown). `gameType` and
 * `product` say which contribution and which moment of counting apply.
 */
export function previewView(
  preview: StakePreview,
  ask: {
    amount: bigint | null;
    currency: string;
    gameType: BonusGameType;
    product: 'casino' | 'sports';
    gameSlug?: string;
  },
): StakePreviewView {
  const { currency } = ask;
  const money = (amount: bigint) => formatAmount(amount, currency);
  const { decision, active, takesPart } = preview;
  const bonus: FundingBonus | null = active
    ? {
        id: active.bonus.id,
        slug: active.campaign.slug,
        nameKey: campaignNameKey(active.campaign.slug),
        ...(Object.keys(active.campaign.names).length > 0 ? { names: active.campaign.names } : {}),
        takesPart,
        balance: money(preview.balances.bonus),
        maxBet: active.campaign.maxBet === null ? null : money(active.campaign.maxBet),
        wagered: money(active.bonus.wagered),
        wagerRequired: money(active.bonus.wagerRequired),
        contributionPercent: Math.max(0, Math.min(100, Math.trunc(active.campaign.contributions[ask.gameType] ?? 0))),
        minOdd: ask.product === 'sports' ? active.campaign.sportsMinOddThousandths / 1000 : null,
        counts: money(ask.amount === null ? 0n : preview.contribution),
        countsWhen: ask.product === 'sports' ? 'settled' : 'taken',
        freeSpins:
          active.campaign.kind === 'free_spins' && active.campaign.freeSpinStake !== null
            ? {
                left: active.bonus.freeSpinsLeft ?? 0,
                stake: money(active.campaign.freeSpinStake),
                game: active.campaign.gameSlug ?? '',
                thisStake: ask.amount !== null && decision.kind === 'funded' && decision.freeSpin,
              }
            : null,
        expiresAt: active.bonus.expiresAt?.toISOString() ?? null,
      }
    : null;
  const asked = ask.amount !== null;
  return {
    amount: ask.amount === null ? null : money(ask.amount),
    currency,
    available: { cash: money(preview.balances.main), bonus: money(takesPart ? preview.balances.bonus : 0n) },
    funding: asked && decision.kind === 'funded' ? stakePartsView(decision.shares, currency) : null,
    refusal:
      asked && decision.kind === 'refused'
        ? {
            code: decision.error.code,
            message: decision.error.message,
            ...(decision.error.fields ? { fields: decision.error.fields } : {}),
          }
        : null,
    bonus,
  };
}
