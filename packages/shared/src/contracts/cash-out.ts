import { z } from 'zod';
import { positiveAmountSchema } from './amount';
import { betSchema } from './sports';

/*
 * Cash out (issue 21): the price of each of a player's open bets, taking it (all or part), the automatic cash out at a
 * price the player sets, and the traders' settings per sport and per match.
 */

/** The margin a sport's cash out keeps off the fair value until a trader sets one, in basis points. */
export const DEFAULT_CASH_OUT_MARGIN_BP = 500;
/** The largest margin a trader may set (50 %). */
export const MAX_CASH_OUT_MARGIN_BP = 5000;
/** How far below the price the player saw the current one may be and still be taken, in basis points. */
export const CASH_OUT_TOLERANCE_BP = 100;

/** Why a bet has no cash-out price now. */
export const CASH_OUT_UNAVAILABLE_REASONS = ['suspended', 'switched_off', 'not_open', 'too_small'] as const;
export type CashOutUnavailableReason = (typeof CASH_OUT_UNAVAILABLE_REASONS)[number];

export const cashOutOfferSchema = z
  .object({
    betId: z.string(),
    /** The whole bet's price now (decimal string); null when there is none. */
    price: z.string().nullable(),
    /** Why there is none (null when there is a price). */
    unavailable: z.enum(CASH_OUT_UNAVAILABLE_REASONS).nullable(),
    /** The stake still in play: a partial cash out takes a part of it. */
    stake: z.string(),
    currency: z.string(),
    /** The smallest part of the stake a partial cash out may take or leave. */
    minStake: z.string(),
    /** The automatic cash out's target price, when the player set one. */
    autoTarget: z.string().nullable(),
  })
  .meta({ id: 'CashOutOffer' });
export type CashOutOffer = z.infer<typeof cashOutOfferSchema>;

export const cashOutOffersResponseSchema = z
  .object({ offers: z.array(cashOutOfferSchema), at: z.string() })
  .meta({ id: 'CashOutOffers' });
export type CashOutOffersResponse = z.infer<typeof cashOutOffersResponseSchema>;

export const cashOutBodySchema = z
  .object({
    betId: z.uuid(),
    /** The whole bet's price the player saw; the current one may be at most CASH_OUT_TOLERANCE_BP lower. */
    seenPrice: positiveAmountSchema,
    /** The part of the stake to cash out; the whole stake when absent. */
    stake: positiveAmountSchema.optional(),
  })
  .meta({ id: 'CashOut' });
export type CashOutBody = z.infer<typeof cashOutBodySchema>;

export const cashOutResponseSchema = z
  .object({
    /** What was paid to the player's balance. */
    amount: z.string(),
    /** The whole bet's price it was taken at. */
    price: z.string(),
    /** The part of the stake cashed out. */
    stake: z.string(),
    bet: betSchema,
  })
  .meta({ id: 'CashOutResult' });
export type CashOutResponse = z.infer<typeof cashOutResponseSchema>;

export const cashOutTargetBodySchema = z
  .object({ betId: z.uuid(), target: positiveAmountSchema.nullable() })
  .meta({ id: 'CashOutTarget' });
export type CashOutTargetBody = z.infer<typeof cashOutTargetBodySchema>;
export const cashOutTargetResponseSchema = z.object({ betId: z.string(), target: z.string().nullable() });

/* The back office's settings. */

export const cashOutSportSettingSchema = z
  .object({
    sportId: z.number().int(),
    sportName: z.string(),
    marginBp: z.number().int(),
    enabled: z.boolean(),
    countsWagering: z.boolean(),
    /** Whether a trader set it (false: the defaults). */
    custom: z.boolean(),
  })
  .meta({ id: 'CashOutSportSetting' });
export type CashOutSportSetting = z.infer<typeof cashOutSportSettingSchema>;

export const cashOutSettingsResponseSchema = z
  .object({
    sports: z.array(cashOutSportSettingSchema),
    /** Matches a trader switched cash out off for. */
    blockedMatches: z.array(z.object({ matchId: z.number().int(), team1: z.string(), team2: z.string() })),
  })
  .meta({ id: 'CashOutSettings' });
export type CashOutSettingsResponse = z.infer<typeof cashOutSettingsResponseSchema>;

export const cashOutSportParamsSchema = z.object({ sportId: z.coerce.number().int().positive().max(2_147_483_647) });
export const cashOutSportBodySchema = z
  .object({
    marginBp: z.number().int().min(0).max(MAX_CASH_OUT_MARGIN_BP),
    enabled: z.boolean(),
    countsWagering: z.boolean(),
  })
  .meta({ id: 'CashOutSportUpdate' });
export type CashOutSportBody = z.infer<typeof cashOutSportBodySchema>;

export const cashOutMatchParamsSchema = z.object({
  matchId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const cashOutMatchBodySchema = z.object({ enabled: z.boolean() }).meta({ id: 'CashOutMatchUpdate' });
export const cashOutMatchResponseSchema = z.object({ matchId: z.number().int(), enabled: z.boolean() });
