import { z } from 'zod';
import { sortableBy, staffPageSchema } from '../staff/paging';
import { BET_KINDS, BET_STATUSES } from './sports';
import { staffRequestAcceptedSchema } from './staff';

/*
 * The back office's sportsbook trading (/spa/staff/trading): fixtures and markets as the feed (or a trader) left them,
 * suspending and resuming, results, voids and re-settlement, liability per outcome and the bet search.
 */

const MATCH_STATUS_VALUES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
const MARKET_STATUS_VALUES = ['open', 'suspended', 'settled', 'void'] as const;
const SELECTION_RESULT_VALUES = ['won', 'lost', 'void'] as const;

export const TRADING_FIXTURE_SORTS = ['startsAt', 'id', 'openBets'] as const;
export const tradingFixturesQuerySchema = sortableBy(TRADING_FIXTURE_SORTS).extend({
  status: z.enum(MATCH_STATUS_VALUES).optional(),
  sportId: z.coerce.number().int().positive().optional(),
  /** Only matches with a market a trader suspended. */
  held: z.enum(['true', 'false']).optional(),
});
export type TradingFixturesQuery = z.infer<typeof tradingFixturesQuerySchema>;

export const tradingFixtureSchema = z.object({
  id: z.number().int(),
  sportId: z.number().int(),
  sportName: z.string(),
  tournamentName: z.string(),
  team1: z.string(),
  team2: z.string(),
  startsAt: z.string(),
  status: z.enum(MATCH_STATUS_VALUES),
  markets: z.number().int(),
  suspendedMarkets: z.number().int(),
  openBets: z.number().int(),
});
export type TradingFixture = z.infer<typeof tradingFixtureSchema>;

export const tradingFixturesResponseSchema = staffPageSchema(tradingFixtureSchema).meta({ id: 'TradingFixtures' });
export type TradingFixtures = z.infer<typeof tradingFixturesResponseSchema>;

/** What the book pays out in one currency if this outcome wins, from the open bets holding it. */
export const tradingLiabilitySchema = z.object({
  currency: z.string(),
  /** Open bets with a selection on the outcome. */
  bets: z.number().int(),
  /** Their stakes. */
  stakes: z.string(),
  /** Their potential payouts: what the book pays if the outcome wins (an accumulator counted as if its other legs win). */
  payout: z.string(),
});

export const tradingOutcomeSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  odd: z.number(),
  status: z.enum(['open', 'suspended']),
  result: z.enum(SELECTION_RESULT_VALUES).nullable(),
  liability: z.array(tradingLiabilitySchema),
});

export const tradingMarketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  status: z.enum(MARKET_STATUS_VALUES),
  /** Suspended by a trader: the feed does not reopen it. */
  traderHold: z.boolean(),
  /** The staff member who gave the current result or void; null when the feed did, or nobody yet. */
  resultedBy: z.number().int().nullable(),
  outcomes: z.array(tradingOutcomeSchema),
});
export type TradingMarket = z.infer<typeof tradingMarketSchema>;

export const tradingMatchSchema = tradingFixtureSchema.extend({
  categoryName: z.string(),
  result: z.object({ score1: z.number(), score2: z.number() }).nullable(),
  marketsList: z.array(tradingMarketSchema),
});
export type TradingMatch = z.infer<typeof tradingMatchSchema>;
export const tradingMatchResponseSchema = z.object({ match: tradingMatchSchema }).meta({ id: 'TradingMatch' });

export const tradingMatchParamsSchema = z.object({
  matchId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52),
});
export const tradingMarketParamsSchema = z.object({
  marketId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52),
});

/** Every outcome of the market with its result; at least one must not be lost. */
export const tradingResultBodySchema = z
  .object({
    results: z
      .array(z.object({ outcomeId: z.number().int().positive(), result: z.enum(SELECTION_RESULT_VALUES) }).strict())
      .min(1)
      .max(100),
  })
  .strict()
  .meta({ id: 'TradingResultBody' });
export type TradingResultBody = z.infer<typeof tradingResultBodySchema>;

/** What a result or a void did to the bets on the market. */
export const tradingSettlementResponseSchema = z
  .object({
    market: tradingMarketSchema,
    /** Open bets settled now. */
    settled: z.number().int(),
    /** Settled bets whose earlier settlement was reversed and replaced. */
    resettled: z.number().int(),
    /** What could not be taken back (players had already spent or withdrawn it), per currency. */
    shortfall: z.array(z.object({ currency: z.string(), amount: z.string() })),
  })
  .meta({ id: 'TradingSettlement' });
export type TradingSettlement = z.infer<typeof tradingSettlementResponseSchema>;
/** A result or void: done (the settlement), or, for a market that already paid out, the request a second approves. */
export const tradingResultAnswerSchema = z.union([tradingSettlementResponseSchema, staffRequestAcceptedSchema]);
export type TradingResultAnswer = z.infer<typeof tradingResultAnswerSchema>;

export const tradingMarketResponseSchema = z.object({ market: tradingMarketSchema }).meta({ id: 'TradingMarketState' });
export const tradingMatchMarketsResponseSchema = z
  .object({ markets: z.array(tradingMarketSchema) })
  .meta({ id: 'TradingMatchMarkets' });

export const TRADING_BET_SORTS = ['placedAt', 'stake', 'potentialPayout'] as const;
export const tradingBetsQuerySchema = sortableBy(TRADING_BET_SORTS).extend({
  status: z.enum(BET_STATUSES).optional(),
  userId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52)
    .optional(),
  matchId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52)
    .optional(),
  marketId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 52)
    .optional(),
  kind: z.enum(BET_KINDS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TradingBetsQuery = z.infer<typeof tradingBetsQuerySchema>;

export const tradingBetSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  username: z.string(),
  kind: z.enum(BET_KINDS),
  status: z.enum(BET_STATUSES),
  currency: z.string(),
  stake: z.string(),
  totalOdd: z.number(),
  potentialPayout: z.string(),
  payout: z.string().nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  /** How many times a trader's re-settlement reopened it. */
  settlementVersion: z.number().int(),
  selections: z.array(
    z.object({
      matchId: z.number().int(),
      marketId: z.number().int(),
      outcomeId: z.number().int(),
      label: z.string(),
      match: z.string(),
      market: z.string(),
      odd: z.number(),
      result: z.enum(SELECTION_RESULT_VALUES).nullable(),
    }),
  ),
});
export type TradingBet = z.infer<typeof tradingBetSchema>;

export const tradingBetsResponseSchema = staffPageSchema(tradingBetSchema).meta({ id: 'TradingBets' });
export type TradingBets = z.infer<typeof tradingBetsResponseSchema>;

/** Error codes of the trading calls (beside the common ones). */
export const TRADING_ERROR_CODES = ['market_not_found', 'market_final', 'results_invalid'] as const;
