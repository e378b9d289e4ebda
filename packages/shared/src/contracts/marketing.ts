import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { LOCALES } from '../locales';
import { sortableBy, staffPageSchema } from '../staff/paging';
import { BONUS_GAME_TYPES, BONUS_KINDS, BONUS_TEMPLATES, BONUS_TRIGGERS, bonusOfferSchema } from './bonuses';

/**
 * Marketing (issue 11): bonus campaigns as the back office edits them, promo codes, and the affiliate report. Amounts
 * are decimal strings in the currency they are given for (every accepted currency has two decimals).
 */

export const CAMPAIGN_STATUSES = ['active', 'paused', 'ended'] as const;
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
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignResponseSchema = z.object({ campaign: campaignSchema });

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
