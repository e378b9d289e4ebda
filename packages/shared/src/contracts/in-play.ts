import { z } from 'zod';
import { liveStateSchema } from './sports-live';

/*
 * Betting in play (issue 21): the traders' bet delay per sport and their desk of the matches in play. A bet on a
 * match in play waits its sport's delay, then is priced against the market as it is then (docs/decisions.md,
 * "Betting in play").
 */

/** A sport's bet delay when no trader has set one (ms). */
export const DEFAULT_BET_DELAY_MS = 5_000;
/** The longest bet delay a trader may set (ms): a bet's request is held this long at most. */
export const MAX_BET_DELAY_MS = 30_000;

/** Refusals of betting in play: a match on the slip was no longer in play when its delay ended. */
export const IN_PLAY_ERROR_CODES = ['match_not_in_play'] as const;

const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const sportTradingSettingSchema = z
  .object({
    sportId: z.number().int(),
    sportName: z.string(),
    betDelayMs: z.number().int(),
    /** True while no trader has set the sport's delay (it is DEFAULT_BET_DELAY_MS). */
    isDefault: z.boolean(),
    updatedBy: z.number().int().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'SportTradingSetting' });
export type SportTradingSetting = z.infer<typeof sportTradingSettingSchema>;

export const sportTradingSettingsResponseSchema = z.object({ items: z.array(sportTradingSettingSchema) });
export type SportTradingSettings = z.infer<typeof sportTradingSettingsResponseSchema>;
export const sportTradingSettingResponseSchema = z.object({ setting: sportTradingSettingSchema });

export const sportParamsSchema = z.object({ sportId: idSchema });

/** PUT /spa/staff/trading/sports/{sportId}/settings: the sport's bet delay in whole milliseconds. */
export const sportTradingSettingBodySchema = z
  .object({ betDelayMs: z.number().int().min(0).max(MAX_BET_DELAY_MS) })
  .strict();
export type SportTradingSettingBody = z.infer<typeof sportTradingSettingBodySchema>;

/** A match in play on the traders' desk: its state, its markets by status and its open bets. */
export const inPlayDeskMatchSchema = z
  .object({
    id: z.number().int(),
    sportId: z.number().int(),
    sportName: z.string(),
    tournamentName: z.string(),
    team1: z.string(),
    team2: z.string(),
    startsAt: z.string(),
    liveState: liveStateSchema.nullable(),
    openMarkets: z.number().int(),
    suspendedMarkets: z.number().int(),
    /** Markets a trader holds suspended (the feed cannot reopen them). */
    heldMarkets: z.number().int(),
    openBets: z.number().int(),
    betDelayMs: z.number().int(),
  })
  .meta({ id: 'InPlayDeskMatch' });
export type InPlayDeskMatch = z.infer<typeof inPlayDeskMatchSchema>;
export const inPlayDeskResponseSchema = z.object({ items: z.array(inPlayDeskMatchSchema) });
export type InPlayDesk = z.infer<typeof inPlayDeskResponseSchema>;
