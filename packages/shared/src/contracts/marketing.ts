import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { LOCALES } from '../locales';
import { sortableBy, staffPageSchema } from '../staff/paging';
import {
  BONUS_GAME_TYPES,
  BONUS_KINDS,
  BONUS_TEMPLATES,
  BONUS_TRIGGERS,
  CASHBACK_PAYOUTS,
  bonusOfferSchema,
} from './bonuses';
import { staffRequestAcceptedSchema } from './staff';

/**
 * Marketing (issue 11): bonus campaigns as the back office edits them, promo codes, and the affiliate report. Amounts
 * are decimal strings in the currency they are given for (every accepted currency has two decimals).
 */

/** `pending`: made, but no second marketing member has approved it yet: it offers nothing. */
export const CAMPAIGN_STATUSES = ['pending', 'active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'a decimal amount with at most two decimals');
const slugText = z
  .string()
  .trim()
  .min(3)
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens');

/** One currency's amounts; a field left out uses the campaign's default. */
export const campaignCurrencyAmountsSchema = z.object({
  amount: amountText.optional(),
  minDeposit: amountText.optional(),
  maxBet: amountText.optional(),
  freeSpinStake: amountText.optional(),
  items: z.array(amountText).min(2).max(12).optional(),
});

const contributionsSchema = z
  .object(Object.fromEntries(BONUS_GAME_TYPES.map((type) => [type, z.number().int().min(0).max(100)])))
  .partial()
  .strict();

/** What staff set on a campaign (create and edit). The slug names it for good: an edit never changes it. */
export const campaignTermsSchema = z
  .object({
    kind: z.enum(BONUS_KINDS),
    trigger: z.enum(BONUS_TRIGGERS),
    /** The campaign's name players see, per locale (English required; others fall back to it). */
    names: z
      .object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string().trim().max(80).optional()])))
      .extend({ en: z.string().trim().min(1).max(80) })
      .strict(),
    /** free_money: the amount; deposit_match: the cap (default currency line). */
    amount: amountText.nullable().default(null),
    matchPercent: z.number().int().min(1).max(1000).nullable().default(null),
    minDeposit: amountText.nullable().default(null),
    items: z.array(amountText).max(12).default([]),
    freeSpins: z.number().int().min(1).max(1000).nullable().default(null),
    freeSpinStake: amountText.nullable().default(null),
    gameSlug: z.string().trim().min(1).max(100).nullable().default(null),
    wager: z.number().int().min(0).max(100),
    maxBet: amountText.nullable().default(null),
    validDays: z.number().int().min(1).max(365),
    offerDays: z.number().int().min(1).max(365),
    contributions: contributionsSchema,
    sportsMinOdd: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,3})?$/)
      .default('1.50'),
    currencyAmounts: z.partialRecord(z.enum(CURRENCY_CODES), campaignCurrencyAmountsSchema).default({}),
    /** `deposit` trigger: the ISO weekdays (1 Monday ... 7 Sunday) a deposit earns the offer on. */
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    /** The operator's IANA time zone the campaign's days and weeks are counted in. */
    timeZone: z.string().trim().min(1).max(64).default('UTC'),
    /** cashback: paid as bonus money with its wagering, or as cash. */
    payout: z.enum(CASHBACK_PAYOUTS).default('bonus'),
  })
  .strict();
export type CampaignTerms = z.infer<typeof campaignTermsSchema>;
export type CampaignTermsInput = z.input<typeof campaignTermsSchema>;

export const campaignCreateBodySchema = campaignTermsSchema.extend({ slug: slugText }).meta({ id: 'CampaignCreate' });
export type CampaignCreateBody = z.infer<typeof campaignCreateBodySchema>;
export type CampaignCreateInput = z.input<typeof campaignCreateBodySchema>;
export const campaignUpdateBodySchema = campaignTermsSchema.meta({ id: 'CampaignUpdate' });

export const campaignParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const CAMPAIGN_ACTIONS = ['pause', 'resume', 'end'] as const;
export const campaignActionParamsSchema = campaignParamsSchema.extend({ action: z.enum(CAMPAIGN_ACTIONS) });

export const CAMPAIGN_SORTS = ['id', 'slug', 'createdAt', 'updatedAt'] as const;
export const campaignListQuerySchema = sortableBy(CAMPAIGN_SORTS).extend({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  trigger: z.enum(BONUS_TRIGGERS).optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const promoCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    maxRedemptions: z.number().int().nullable(),
    redemptions: z.number().int(),
    expiresAt: z.string().nullable(),
    active: z.boolean(),
    /** A second marketing member approved it: only then does it redeem. */
    approved: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const campaignSchema = campaignTermsSchema
  .extend({
    id: z.number().int(),
    slug: z.string(),
    names: z.record(z.string(), z.string()),
    contributions: z.record(z.string(), z.number()),
    template: z.enum(BONUS_TEMPLATES),
    status: z.enum(CAMPAIGN_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    endedAt: z.string().nullable(),
    /** Offers written so far and bonuses being wagered now. */
    offers: z.number().int(),
    active: z.number().int(),
    promoCodes: z.array(promoCodeSchema),
    /** When a second marketing member approved it (null: never; it offers nothing yet). */
    approvedAt: z.string().nullable(),
    approvedBy: z.number().int().nullable(),
    /** Its requests waiting for a second marketing member: going live, an edit (with its terms), a promo code. */
    pendingRequests: z.array(
      z.object({
        id: z.uuid(),
        kind: z.enum(['campaign_publish', 'campaign_edit', 'promo_code']),
        requestedBy: z.number().int(),
        requestedAt: z.string(),
        payload: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignResponseSchema = z.object({ campaign: campaignSchema });
/** An edit: done at once for a campaign not yet live, else the request a second marketing member approves. */
export const campaignUpdateAnswerSchema = z.union([campaignResponseSchema, staffRequestAcceptedSchema]);
export type CampaignUpdateAnswer = z.infer<typeof campaignUpdateAnswerSchema>;

export const campaignRowSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind: z.enum(BONUS_KINDS),
    trigger: z.enum(BONUS_TRIGGERS),
    status: z.enum(CAMPAIGN_STATUSES),
    wager: z.number().int(),
    offers: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CampaignRow' });
export type CampaignRow = z.infer<typeof campaignRowSchema>;
export const campaignPageSchema = staffPageSchema(campaignRowSchema);
export type CampaignPage = z.infer<typeof campaignPageSchema>;

/**
 * What no campaign passes in one currency, whatever its terms say (admins set them; a change is a four-eyes request).
 * The bonus engine holds them when it grants and converts, so a campaign approved before a limit was lowered cannot
 * pay past it either.
 */
export const campaignLimitSchema = z
  .object({
    currency: z.enum(CURRENCY_CODES),
    /** The largest amount one player is granted by one bonus. */
    maxAmount: z.string(),
    /** The smallest wagering multiple of any bonus money. */
    minWager: z.number().int(),
    /** The largest sum one bonus converts to main money; what is left above it goes back to the house. */
    maxCashout: z.string(),
    isDefault: z.boolean(),
    updatedBy: z.object({ id: z.number().int(), login: z.string() }).nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'CampaignLimit' });
export type CampaignLimit = z.infer<typeof campaignLimitSchema>;
export const campaignLimitsResponseSchema = z.object({ limits: z.array(campaignLimitSchema) });
export type CampaignLimits = z.infer<typeof campaignLimitsResponseSchema>;
export const campaignLimitBodySchema = z
  .object({
    currency: z.enum(CURRENCY_CODES),
    maxAmount: amountText,
    minWager: z.number().int().min(0).max(100),
    maxCashout: amountText,
  })
  .strict()
  .meta({ id: 'CampaignLimitBody' });
export type CampaignLimitBody = z.infer<typeof campaignLimitBodySchema>;

/**
 * A currency's limits where no admin has set any (minor units): bounded, so a new site never runs a campaign without
 * a ceiling; one euro, dollar or pound is about five reais and a hundred roubles.
 */
export const DEFAULT_CAMPAIGN_LIMITS: Record<
  (typeof CURRENCY_CODES)[number],
  {
    maxAmount: bigint;
    minWager: number;
    maxCashout: bigint;
  }
> = {
  EUR: { maxAmount: 100_000n, minWager: 1, maxCashout: 1_000_000n },
  USD: { maxAmount: 100_000n, minWager: 1, maxCashout: 1_000_000n },
  GBP: { maxAmount: 100_000n, minWager: 1, maxCashout: 1_000_000n },
  BRL: { maxAmount: 500_000n, minWager: 1, maxCashout: 5_000_000n },
  RUB: { maxAmount: 10_000_000n, minWager: 1, maxCashout: 100_000_000n },
};

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
const promoCodeText = z.string().trim().regex(PROMO_CODE_PATTERN, '3 to 32 letters, digits, hyphens or underscores');

export const promoCodeCreateBodySchema = z
  .object({
    code: promoCodeText,
    maxRedemptions: z.number().int().min(1).max(10_000_000).nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict()
  .meta({ id: 'PromoCodeCreate' });
export type PromoCodeCreateBody = z.input<typeof promoCodeCreateBodySchema>;

/** POST /spa/users/promocodes (the affiliate-promocode form): a player redeems a code for its campaign's bonus. */
export const promoCodeRedeemBodySchema = z.object({ code: promoCodeText }).meta({ id: 'PromoCodeRedeem' });
export type PromoCodeRedeemBody = z.infer<typeof promoCodeRedeemBodySchema>;
export const promoCodeRedeemResponseSchema = z.object({ offer: bonusOfferSchema }).meta({ id: 'PromoCodeRedeemed' });
export type PromoCodeRedeemResponse = z.infer<typeof promoCodeRedeemResponseSchema>;

export const PROMO_CODE_ERROR_CODES = [
  'promo_code_unknown',
  'promo_code_expired',
  'promo_code_used',
  'promo_code_exhausted',
] as const;

export const AFFILIATE_SORTS = ['code', 'registrations', 'depositors', 'firstRegistration'] as const;
export const affiliateReportQuerySchema = sortableBy(AFFILIATE_SORTS).extend({
  currency: z.enum(CURRENCY_CODES).default('EUR'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AffiliateReportQuery = z.infer<typeof affiliateReportQuerySchema>;

/** One affiliate code: players who registered with it and what they did, in one currency. */
export const affiliateRowSchema = z
  .object({
    code: z.string(),
    registrations: z.number().int(),
    depositors: z.number().int(),
    deposits: z.string(),
    /** Real-money stakes minus wins minus bonus money converted to cash, from the ledger. */
    ngr: z.string(),
    firstRegistration: z.string(),
  })
  .meta({ id: 'AffiliateRow' });
export type AffiliateRow = z.infer<typeof affiliateRowSchema>;
export const affiliatePageSchema = staffPageSchema(affiliateRowSchema).extend({ currency: z.enum(CURRENCY_CODES) });
export type AffiliatePage = z.infer<typeof affiliatePageSchema>;
