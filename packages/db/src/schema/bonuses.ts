import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** `cashback`: a share of the player's net casino losses over a week, paid by the cashback job (bonus or cash). */
export const BONUS_CAMPAIGN_KINDS = ['deposit_match', 'free_money', 'free_spins', 'coins', 'cashback'] as const;
export type BonusCampaignKind = (typeof BONUS_CAMPAIGN_KINDS)[number];

/**
 * How a campaign reaches a player: at registration, after the first credited deposit, by a promo code the player
 * redeems, or only when staff offer it to chosen players (four eyes); `deposit`: a credited deposit on one of the
 * campaign's weekdays, once per week; `net_loss`: the cashback job, after each week the player lost money in.
 */
export const BONUS_TRIGGERS = ['registration', 'first_deposit', 'promo_code', 'manual', 'deposit', 'net_loss'] as const;
export type BonusTrigger = (typeof BONUS_TRIGGERS)[number];

/** How a cashback is paid: as bonus money offered with the campaign's wagering, or straight into main money. */
export const CASHBACK_PAYOUTS = ['bonus', 'cash'] as const;
export type CashbackPayout = (typeof CASHBACK_PAYOUTS)[number];

export const USER_BONUS_STATUSES = ['offered', 'active', 'completed', 'expired', 'forfeited', 'rejected'] as const;
export type UserBonusStatusValue = (typeof USER_BONUS_STATUSES)[number];

/** A campaign's amounts in one currency, minor units as strings; a missing field falls back to the campaign's own. */
export interface CampaignCurrencyAmounts {
  amount?: string;
  minDeposit?: string;
  maxBet?: string;
  freeSpinStake?: string;
  items?: string[];
}

/**
 * The terms a bonus was offered under, copied from its campaign (amounts in the player's currency, minor units as
 * strings) when the offer is written: editing the campaign later never changes a bonus already offered or granted.
 */
export interface BonusTermsSnapshot {
  kind: BonusCampaignKind;
  template: 'standard' | 'coins';
  amount: string | null;
  matchPercent: number | null;
  minDeposit: string | null;
  items: string[];
  freeSpins: number | null;
  freeSpinStake: string | null;
  gameSlug: string | null;
  wager: number;
  maxBet: string | null;
  validDays: number;
  offerDays: number;
  contributions: Record<string, number>;
  sportsMinOddThousandths: number;
}

/**
 * An operator-defined bonus. Amounts are minor units of the player's own currency. `contributions` maps a game type
 * (slots, dice, plinko, table, live, other, sports) to the percent of a stake that counts towards wagering; sports
 * count only when the bet's total odds reach `sportsMinOddThousandths`.
 */
export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    /** The name staff gave it, per locale (the back office's label; players see the `bonuses` translations). */
    names: jsonb().$type<Record<string, string>>().notNull().default({}),
    kind: text({ enum: BONUS_CAMPAIGN_KINDS }).notNull(),
    template: text({ enum: ['standard', 'coins'] as const }).notNull(),
    trigger: text({ enum: BONUS_TRIGGERS }).notNull(),
    /** free_money: the amount; deposit_match and cashback: the cap. */
    amount: bigint({ mode: 'bigint' }),
    /** deposit_match: percent of the deposit; cashback: percent of the net losses. */
    matchPercent: integer(),
    /** deposit_match: the smallest deposit that qualifies. */
    minDeposit: bigint({ mode: 'bigint' }),
    /** coins: the amounts on the coins, minor units as strings. */
    items: jsonb().$type<string[]>().notNull().default([]),
    /** free_spins: rounds, their fixed stake and the game (slug). */
    freeSpins: integer(),
    freeSpinStake: bigint({ mode: 'bigint' }),
    gameSlug: text(),
    wager: integer().notNull(),
    maxBet: bigint({ mode: 'bigint' }),
    validDays: integer().notNull(),
    /** Days an offer waits for the player's answer. */
    offerDays: integer().notNull(),
    contributions: jsonb().$type<Record<string, number>>().notNull(),
    sportsMinOddThousandths: integer().notNull().default(1500),
    /**
     * `deposit` trigger: the ISO weekdays (1 Monday ... 7 Sunday) on which a deposit earns the offer, counted in
     * `timeZone`; empty for every other trigger.
     */
    weekdays: jsonb().$type<number[]>().notNull().default([]),
    /** The operator's IANA time zone the campaign's days and weeks are counted in. */
    timeZone: text().notNull().default('UTC'),
    /** cashback: how the share is paid. */
    payout: text({ enum: CASHBACK_PAYOUTS }).notNull().default('bonus'),
    /** Amounts per currency (a player's currency picks its line); the columns above are the fallback. */
    currencyAmounts: jsonb().$type<Partial<Record<string, CampaignCurrencyAmounts>>>().notNull().default({}),
    /** false: paused (no new offers; open offers and running bonuses go on). */
    active: boolean().notNull().default(true),
    /** Ended for good: no new offers, open offers withdrawn; running bonuses keep their terms. */
    endedAt: timestamp({ withTimezone: true }),
    /**
     * When a second marketing member approved the campaign (its `campaign_publish` request): until then it offers
     * nothing. Campaigns older than this rule were approved by the migration that added it.
     */
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bonus_campaigns_wager_positive', sql`${t.wager} >= 0`),
    check('bonus_campaigns_valid_days_positive', sql`${t.validDays} > 0 and ${t.offerDays} > 0`),
  ],
);

/**
 * A campaign offered to one player, and then what became of it. `triggerRef` tells offers of one campaign apart
 * ('registration', 'deposit:<id>', 'ops:<key>'), so each trigger offers once. At most one bonus per player is active.
 */
export const userBonuses = pgTable(
  'user_bonuses',
  {
    id: uuid().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    campaignId: integer()
      .notNull()
      .references(() => bonusCampaigns.id, { onDelete: 'restrict' }),
    triggerRef: text().notNull(),
    status: text({ enum: USER_BONUS_STATUSES }).notNull().default('offered'),
    currency: text().notNull(),
    /** Granted amount (free spins: their winnings so far); null for coins until the pick. */
    amount: bigint({ mode: 'bigint' }),
    pickedAmount: bigint({ mode: 'bigint' }),
    wagerRequired: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wagered: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    freeSpinsLeft: integer(),
    /**
     * What this bonus has turned into main money: its conversion, and the bonus share of its stakes paid after it
     * completed. Never past the currency's max cash-out (campaign_limits) at the time.
     */
    cashedOut: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The campaign's terms when this offer was written (null only for rows older than the snapshot). */
    terms: jsonb().$type<BonusTermsSnapshot>(),
    offerExpiresAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_bonuses_trigger_unique').on(t.userId, t.campaignId, t.triggerRef),
    uniqueIndex('user_bonuses_one_active_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('user_bonuses_user_idx').on(t.userId, t.createdAt),
    index('user_bonuses_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * One qualifying stake counted towards a bonus's wagering: keyed by its source ('casino:<provider>:<transactionId>',
 * 'sports:<betId>'), so a repeat counts once and a rollback or void takes exactly its contribution back.
 */
export const bonusContributions = pgTable(
  'bonus_contributions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userBonusId: uuid()
      .notNull()
      .references(() => userBonuses.id, { onDelete: 'restrict' }),
    sourceKey: text().notNull(),
    gameType: text().notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
    contribution: bigint({ mode: 'bigint' }).notNull(),
    reversed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('bonus_contributions_source_unique').on(t.userBonusId, t.sourceKey)],
);

/**
 * A code a player redeems (POST /spa/users/promocodes) for its campaign's bonus: stored upper-case, unique. A player
 * gets a campaign by promo code once (the offer's trigger is 'promo'); `maxRedemptions` caps the players in all.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    campaignId: integer()
      .notNull()
      .references(() => bonusCampaigns.id, { onDelete: 'restrict' }),
    maxRedemptions: integer(),
    redemptions: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    /** A second marketing member approved the code (its `promo_code` request): only then does it redeem. */
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(t.code),
    check('promo_codes_approver_not_creator', sql`${t.approvedBy} <> ${t.createdBy}`),
    index('promo_codes_campaign_idx').on(t.campaignId),
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'promo_codes_redemptions_within',
      sql`${t.redemptions} >= 0 and (${t.maxRedemptions} is null or ${t.redemptions} <= ${t.maxRedemptions})`,
    ),
  ],
);

/**
 * What no campaign passes in one currency (minor units), set by admins through a four-eyes request: the largest amount
 * one player is granted, the smallest wagering multiple, the largest sum one bonus converts to main money. A currency
 * without a row uses DEFAULT_CAMPAIGN_LIMITS. The bonus engine reads them when it grants and converts.
 */
export const campaignLimits = pgTable(
  'campaign_limits',
  {
    currency: text().primaryKey(),
    maxAmount: bigint({ mode: 'bigint' }).notNull(),
    minWager: integer().notNull(),
    maxCashout: bigint({ mode: 'bigint' }).notNull(),
    updatedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('campaign_limits_amounts', sql`${t.maxAmount} >= 0 and ${t.maxCashout} >= 0 and ${t.minWager} >= 0`)],
);
