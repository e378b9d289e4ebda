import { z } from 'zod';
import { CURRENCY_CODES } from '../money';

/** Error codes of the bonus calls and of the bet paths while a bonus is being wagered. */
export const BONUS_ERROR_CODES = [
  'bonus_not_found',
  'bonus_not_offered',
  'bonus_not_active',
  'bonus_not_coins',
  'bonus_active_exists',
  'bonus_max_bet_exceeded',
  'bonus_deposit_withdrawn',
] as const;
export type BonusErrorCode = (typeof BONUS_ERROR_CODES)[number];

export const BONUS_TEMPLATES = ['standard', 'coins'] as const;
export type BonusTemplate = (typeof BONUS_TEMPLATES)[number];

/** `cashback`: a share of the player's net casino losses over a week, paid after it (bonus money or cash). */
export const BONUS_KINDS = ['deposit_match', 'free_money', 'free_spins', 'coins', 'cashback'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

export const USER_BONUS_STATUSES = ['offered', 'active', 'completed', 'expired', 'forfeited', 'rejected'] as const;
export type UserBonusStatus = (typeof USER_BONUS_STATUSES)[number];

/** The game types a campaign's contribution table names; sports count only at or above the campaign's minimum odds. */
export const BONUS_GAME_TYPES = ['slots', 'dice', 'plinko', 'table', 'live', 'other', 'sports'] as const;
export type BonusGameType = (typeof BONUS_GAME_TYPES)[number];

const currencySchema = z.enum(CURRENCY_CODES);

export const bonusIdParamsSchema = z.object({ id: z.uuid() });

export const bonusFreeSpinGameSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    producer: z.object({ title: z.string() }),
  })
  .meta({ id: 'BonusFreeSpinGame' });
export type BonusFreeSpinGame = z.infer<typeof bonusFreeSpinGameSchema>;

/** SPEC §3 "Bonus object": the campaign behind a player's offer. */
export const bonusCampaignInfoSchema = z
  .object({
    slug: z.string(),
    /** Message keys in the "bonuses" namespace; ICU arguments {wager} {amount} {quantity} {currencyCode} {gameTitle} {providerTitle}. */
    noticeTextKey: z.string(),
    nameKey: z.string(),
    /** The name staff gave the campaign, per locale: shown when the `bonuses` messages have no text for it. */
    names: z.record(z.string(), z.string()).optional(),
    firstFreeSpinGame: bonusFreeSpinGameSchema.nullable(),
  })
  .meta({ id: 'BonusCampaignInfo' });
export type BonusCampaignInfo = z.infer<typeof bonusCampaignInfoSchema>;

/** SPEC §3 "User bonus": an offer waiting for the player's answer. */
export const bonusOfferSchema = z
  .object({
    id: z.uuid(),
    template: z.enum(BONUS_TEMPLATES),
    kind: z.enum(BONUS_KINDS),
    /** null for coins before the pick; for deposit_match the amount computed from the qualifying deposit. */
    amount: z.string().nullable(),
    /** The currency's symbol, e.g. "€". */
    currency: z.string(),
    currencyCode: currencySchema,
    /** Wagering multiplier: the bonus amount times this must be bet before it converts. */
    wager: z.number(),
    /** Free spins count; null for other kinds. */
    quantity: z.number().int().nullable(),
    /** Coin amounts shown on the coins; [] unless coins. */
    items: z.array(z.string()),
    /** Coins: the amount fixed by a pick already made. */
    pickedAmount: z.string().nullable(),
    /** The offer must be accepted before this. */
    expiresAt: z.string().nullable(),
    bonus: bonusCampaignInfoSchema,
    maxBet: z.string().nullable(),
    /** Days the bonus may be wagered after acceptance. */
    validDays: z.number().int(),
  })
  .meta({ id: 'BonusOffer' });
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

export const activeBonusSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(BONUS_KINDS),
    slug: z.string(),
    nameKey: z.string(),
    /** The name staff gave the campaign, per locale: shown when the `bonuses` messages have no text for it. */
    names: z.record(z.string(), z.string()).optional(),
    amount: z.string(),
    currencyCode: currencySchema,
    wagerRequired: z.string(),
    wagered: z.string(),
    left: z.string(),
    maxBet: z.string().nullable(),
    expiresAt: z.string(),
    /** Free spins not yet played; null for other kinds. */
    freeSpinsLeft: z.number().int().nullable(),
  })
  .meta({ id: 'ActiveBonus' });
export type ActiveBonus = z.infer<typeof activeBonusSchema>;

export const bonusesResponseSchema = z
  .object({ offers: z.array(bonusOfferSchema), active: activeBonusSchema.nullable() })
  .meta({ id: 'Bonuses' });
export type BonusesResponse = z.infer<typeof bonusesResponseSchema>;

export const bonusPickResponseSchema = z
  .object({ pickedAmount: z.string(), items: z.array(z.string()) })
  .meta({ id: 'BonusPick' });
export type BonusPickResponse = z.infer<typeof bonusPickResponseSchema>;

export const bonusAcceptResponseSchema = z.object({ bonus: activeBonusSchema }).meta({ id: 'BonusAccept' });
export type BonusAcceptResponse = z.infer<typeof bonusAcceptResponseSchema>;

export const bonusRejectResponseSchema = z
  .object({ id: z.uuid(), status: z.literal('rejected') })
  .meta({ id: 'BonusReject' });
export type BonusRejectResponse = z.infer<typeof bonusRejectResponseSchema>;

export const bonusForfeitResponseSchema = z
  .object({ id: z.uuid(), status: z.literal('forfeited') })
  .meta({ id: 'BonusForfeit' });
export type BonusForfeitResponse = z.infer<typeof bonusForfeitResponseSchema>;

export const bonusHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type BonusHistoryQuery = z.infer<typeof bonusHistoryQuerySchema>;

export const bonusHistoryItemSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(BONUS_KINDS),
    slug: z.string(),
    nameKey: z.string(),
    /** The name staff gave the campaign, per locale: shown when the `bonuses` messages have no text for it. */
    names: z.record(z.string(), z.string()).optional(),
    status: z.enum(USER_BONUS_STATUSES),
    amount: z.string().nullable(),
    currencyCode: currencySchema,
    wagerRequired: z.string(),
    wagered: z.string(),
    createdAt: z.string(),
    acceptedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'BonusHistoryItem' });
export type BonusHistoryItem = z.infer<typeof bonusHistoryItemSchema>;

export const bonusHistoryResponseSchema = z
  .object({ items: z.array(bonusHistoryItemSchema), total: z.number().int() })
  .meta({ id: 'BonusHistory' });
export type BonusHistoryResponse = z.infer<typeof bonusHistoryResponseSchema>;

// Staff (the ops command line)

/**
 * `deposit`: a credited deposit on one of the campaign's weekdays (in its time zone), once per week; `net_loss`: the
 * cashback job, once per player per week with net losses.
 */
export const BONUS_TRIGGERS = ['registration', 'first_deposit', 'promo_code', 'manual', 'deposit', 'net_loss'] as const;
export type BonusTrigger = (typeof BONUS_TRIGGERS)[number];

/** How a cashback campaign pays: bonus money with its wagering (an offer), or cash into main money. */
export const CASHBACK_PAYOUTS = ['bonus', 'cash'] as const;
export type CashbackPayout = (typeof CASHBACK_PAYOUTS)[number];

/** A campaign as staff see it; amounts are in the player's own currency (two decimals). */
export const staffBonusCampaignSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(BONUS_KINDS),
    template: z.enum(BONUS_TEMPLATES),
    trigger: z.enum(BONUS_TRIGGERS),
    /** free_money: the amount; deposit_match: the cap. */
    amount: z.string().nullable(),
    matchPercent: z.number().int().nullable(),
    minDeposit: z.string().nullable(),
    items: z.array(z.string()),
    freeSpins: z.number().int().nullable(),
    freeSpinStake: z.string().nullable(),
    gameSlug: z.string().nullable(),
    wager: z.number().int(),
    maxBet: z.string().nullable(),
    validDays: z.number().int(),
    offerDays: z.number().int(),
    /** Percent of a stake counted per game type. */
    contributions: z.record(z.string(), z.number()),
    /** Sports count only at this total odd or above. */
    sportsMinOdd: z.string(),
    /** `deposit` trigger: ISO weekdays (1 Monday ... 7 Sunday) counted in `timeZone`. */
    weekdays: z.array(z.number().int()),
    timeZone: z.string(),
    /** cashback: how the share is paid. */
    payout: z.enum(CASHBACK_PAYOUTS),
    active: z.boolean(),
  })
  .meta({ id: 'StaffBonusCampaign' });
export type StaffBonusCampaign = z.infer<typeof staffBonusCampaignSchema>;
export const staffBonusCampaignsResponseSchema = z.object({ campaigns: z.array(staffBonusCampaignSchema) });

export const staffBonusOfferBodySchema = z
  .object({
    login: z.string().trim().min(1).max(254),
    campaign: z.string().trim().min(1).max(100),
  })
  .meta({ id: 'StaffBonusOfferBody' });
export const staffBonusOfferResponseSchema = z.object({ id: z.uuid(), created: z.boolean() });
export const staffBonusPlayerParamsSchema = z.object({ login: z.string().trim().min(1).max(254) });
export const staffBonusExpiryResponseSchema = z.object({ offers: z.number().int(), bonuses: z.number().int() });
