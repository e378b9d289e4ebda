import { z } from 'zod';

/*
 * A match in play as the feed describes it (docs/decisions.md, "Sportsbook: matches in play"): one shape for every
 * sport, each sport using the fields it has. It travels in a feed delivery as `matchLiveState` and comes back on the
 * match, the live list and their streams as `liveState`.
 */

/** play: the clock or the rallies run; break: between halves, quarters, periods or sets; ended: the final state. */
export const LIVE_PHASES = ['play', 'break', 'ended'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

/**
 * What just happened, when it matters to the odds: a goal, a penalty awarded, a red card, a break point or set point
 * (tennis, volleyball, table tennis), a timeout near the end (basketball). Markets are usually suspended while it lasts.
 */
export const LIVE_INCIDENTS = [
  'goal',
  'penalty',
  'red_card',
  'yellow_card',
  'corner',
  'break_point',
  'set_point',
  'match_point',
  'timeout',
] as const;
export type LiveIncident = (typeof LIVE_INCIDENTS)[number];

const count = z.number().int().min(0).max(9_999);
const pair = z.tuple([count, count]);
const team = z.enum(['1', '2']);

export const liveStateSchema = z
  .object({
    /** When the feed saw this state (epoch ms). A state older than the one the book holds is ignored. */
    at: z.number().int().positive(),
    /** The half, quarter, period, set or game under way (or just finished, during a break), from 1. */
    period: z.number().int().min(1).max(20),
    phase: z.enum(LIVE_PHASES),
    /**
     * The match clock at `at`: football counts the match time up from kick-off (2700 s at half-time); basketball and
     * ice hockey count the time left in the period down. Sports without a clock leave it out.
     */
    clock: z
      .object({
        seconds: z.number().int().min(0).max(36_000),
        running: z.boolean(),
        direction: z.enum(['up', 'down']),
      })
      .optional(),
    /** Football: the stoppage time announced for the current half, in minutes. */
    addedMinutes: z.number().int().min(0).max(30).optional(),
    /** Goals or points (football, ice hockey, basketball); sets (tennis, volleyball) or games (table tennis) won. */
    score: pair,
    /**
     * Per half, period or quarter: its goals or points; per set (tennis): its games; per set (volleyball) or game
     * (table tennis): its points. The one under way is the last.
     */
    periods: z.array(pair).max(20),
    /** Tennis: the points of the game under way, "0", "15", "30", "40", "A", or a tie-break's points as digits. */
    gamePoints: z
      .tuple([z.string().regex(/^(0|15|30|40|A|\d{1,2})$/), z.string().regex(/^(0|15|30|40|A|\d{1,2})$/)])
      .optional(),
    /** Who serves (tennis, volleyball, table tennis). */
    server: team.optional(),
    /** Football's cards and corners per team. */
    stats: z.object({ yellowCards: pair.optional(), redCards: pair.optional(), corners: pair.optional() }).optional(),
    incident: z.object({ kind: z.enum(LIVE_INCIDENTS), team: team.optional() }).optional(),
  })
  .meta({ id: 'LiveState' });
export type LiveState = z.infer<typeof liveStateSchema>;
