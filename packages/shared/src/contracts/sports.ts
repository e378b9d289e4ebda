import { z } from 'zod';
import { LOCALES } from '../locales';
import { ODD_TYPES } from '../odds';
import { MAX_ACCUMULATOR_SELECTIONS, SPORTS_BET_LIMITS } from '../sports/bet-limits';
import { fundingSplitSchema, stakePreviewSchema } from './funding';
import { liveStateSchema } from './sports-live';

/** SPEC.md §3 sports entities, exactly as the feed and the two top-offer calls carry them. */
export const sportSchema = z.object({ idSport: z.number().int(), sportName: z.string() }).meta({ id: 'Sport' });
export const sportCategorySchema = z
  .object({ idCategory: z.number().int(), categoryName: z.string() })
  .meta({ id: 'SportCategory' });
export const tournamentSchema = z
  .object({ idTournament: z.number().int(), tournamentName: z.string() })
  .meta({ id: 'Tournament' });
export const outcomeSchema = z
  .object({
    providerBetOutcomeId: z.string(),
    matchBetOutcomePosition: z.number().int(),
    /** Decimal odd; exact to the thousandth. */
    matchBetOutcomeOddValue: z.number(),
  })
  .meta({ id: 'Outcome' });
export const matchBetSchema = z
  .object({
    idMatchBet: z.number().int(),
    betName: z.string(),
    matchBetPosition: z.number().int(),
    matchBetOutcomes: z.array(outcomeSchema),
  })
  .meta({ id: 'MatchBet' });
export const matchTeamSchema = z.object({ matchTeamType: z.enum(['1', '2']), teamName: z.string() });
export const matchSchema = z
  .object({
    matchId: z.number().int(),
    idSport: z.number().int(),
    matchDateTimeUTC: z.number().int(),
    idCategory: z.number().int(),
    idTournament: z.number().int(),
    matchTeams: z.array(matchTeamSchema),
    matchBets: z.array(matchBetSchema),
    matchBetsTotal: z.number().int(),
  })
  .meta({ id: 'Match' });

export type Sport = z.infer<typeof sportSchema>;
export type SportCategory = z.infer<typeof sportCategorySchema>;
export type Tournament = z.infer<typeof tournamentSchema>;
export type Outcome = z.infer<typeof outcomeSchema>;
export type MatchBet = z.infer<typeof matchBetSchema>;
export type Match = z.infer<typeof matchSchema>;

const keyed = <T extends z.ZodType>(item: T) => z.record(z.string(), item);

/** Sports list (§7.1): sports and categories as objects keyed by id; tournaments and matches as arrays. */
export const topOfferResponseSchema = z.object({
  sports: keyed(sportSchema),
  categories: keyed(sportCategorySchema),
  tournaments: z.array(tournamentSchema),
  matches: z.array(matchSchema),
});
/** Matches for a sport (§7.2): everything as arrays. */
export const sportMatchesResponseSchema = z.object({
  sports: z.array(sportSchema),
  categories: z.array(sportCategorySchema),
  tournaments: z.array(tournamentSchema),
  matches: z.array(matchSchema),
});
export type TopOfferResponse = z.infer<typeof topOfferResponseSchema>;
export type SportMatchesResponse = z.infer<typeof sportMatchesResponseSchema>;

/** A feed response as an ingest accepts it: either shape of the lists. */
export const feedResponseSchema = z.object({
  sports: z.union([keyed(sportSchema), z.array(sportSchema)]),
  categories: z.union([keyed(sportCategorySchema), z.array(sportCategorySchema)]),
  tournaments: z.union([keyed(tournamentSchema), z.array(tournamentSchema)]),
  matches: z.array(matchSchema),
});

/** Query of the two top-offer calls: each top-level parameter is one query parameter holding JSON (§7.1–2). */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const DATA_FORMATS = ['object', 'array'] as const;
export const topOfferQuerySchema = z.object({
  dataFormat: json(
    z.object({
      sports: z.enum(DATA_FORMATS),
      categories: z.enum(DATA_FORMATS),
      tournaments: z.enum(DATA_FORMATS).optional(),
      matches: z.enum(DATA_FORMATS).optional(),
    }),
  ),
  language: json(z.object({ default: z.enum(LOCALES) })),
  params: json(
    z.object({
      start_date: z.iso.datetime({ offset: true }),
      end_date: z.iso.datetime({ offset: true }),
      timezone: z.string().min(1).max(64),
      delivery_platform: z.literal('Web'),
      company_uuid: z.string().min(1).max(64),
    }),
  ),
  topOffer: json(z.object({ matches: z.boolean() })).optional(),
  id_sport: json(z.number().int().positive()).optional(),
  bet_count: json(z.number().int().min(1).max(20)).optional(),
});
export type TopOfferQuery = z.infer<typeof topOfferQuerySchema>;

export const oddTypeResponseSchema = z.object({ oddType: z.enum(ODD_TYPES) });

// The shapes of the two top-offer calls as the api answers them: each list as an object keyed by id or as an array,
// whichever the request's dataFormat asked for.
export const topOfferAnyResponseSchema = z
  .object({
    sports: z.union([keyed(sportSchema), z.array(sportSchema)]),
    categories: z.union([keyed(sportCategorySchema), z.array(sportCategorySchema)]),
    tournaments: z.union([keyed(tournamentSchema), z.array(tournamentSchema)]),
    matches: z.union([keyed(matchSchema), z.array(matchSchema)]),
  })
  .meta({ id: 'TopOfferResponse' });

// Feed ingest: the §3 response shape, plus what a feed carries beyond what the top offer shows (statuses, results)

export const MATCH_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type SportsMatchStatus = (typeof MATCH_STATUSES)[number];
export const MARKET_STATUSES = ['open', 'suspended', 'settled', 'void'] as const;
export type SportsMarketStatus = (typeof MARKET_STATUSES)[number];
export const OUTCOME_STATUSES = ['open', 'suspended'] as const;
export const SELECTION_RESULTS = ['won', 'lost', 'void'] as const;
export type SelectionResult = (typeof SELECTION_RESULTS)[number];

/** A decimal odd exact to the thousandth (2.15, 1.875); anything finer is refused rather than rounded. */
const feedOddSchema = z
  .number()
  .positive()
  .max(100_000)
  .refine((value) => Number.isInteger(Math.round(value * 1e6) / 1e3), 'must have at most three decimals');

export const matchResultSchema = z
  .object({
    score1: z.number().int().min(0),
    score2: z.number().int().min(0),
    periods: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
  })
  .meta({ id: 'MatchResult' });
export type MatchResultView = z.infer<typeof matchResultSchema>;

const feedOutcomeSchema = z.object({
  providerBetOutcomeId: z.string().min(1).max(64),
  matchBetOutcomePosition: z.number().int().min(0).max(1000),
  /** 1 or below marks the outcome as not offered (suspended), keeping its last odd. */
  matchBetOutcomeOddValue: feedOddSchema,
  matchBetOutcomeStatus: z.enum(OUTCOME_STATUSES).optional(),
  matchBetOutcomeResult: z.enum(SELECTION_RESULTS).nullable().optional(),
});
const feedMatchBetSchema = z.object({
  idMatchBet: z.number().int().positive(),
  betName: z.string().min(1).max(200),
  matchBetPosition: z.number().int().min(0).max(1000),
  matchBetStatus: z.enum(MARKET_STATUSES).optional(),
  matchBetOutcomes: z.array(feedOutcomeSchema).max(100),
});
const feedMatchSchema = z
  .object({
    matchId: z.number().int().positive(),
    idSport: z.number().int().positive(),
    matchDateTimeUTC: z.number().int().positive(),
    idCategory: z.number().int().positive(),
    idTournament: z.number().int().positive(),
    matchTeams: z
      .array(z.object({ matchTeamType: z.enum(['1', '2']), teamName: z.string().min(1).max(200) }))
      .length(2)
      .refine((teams) => teams[0]?.matchTeamType !== teams[1]?.matchTeamType, 'needs team 1 and team 2'),
    matchBets: z.array(feedMatchBetSchema).max(500),
    matchBetsTotal: z.number().int().min(0).optional(),
    matchStatus: z.enum(MATCH_STATUSES).optional(),
    matchResult: matchResultSchema.nullable().optional(),
    /** The match in play (docs/decisions.md): with a live or ended match only. */
    matchLiveState: liveStateSchema.optional(),
  })
  .refine(
    (match) =>
      !match.matchLiveState || match.matchStatus === undefined || ['live', 'ended'].includes(match.matchStatus),
    { message: 'matchLiveState goes with a live or ended match', path: ['matchLiveState'] },
  );
const feedSportSchema = z.object({
  idSport: z.number().int().positive(),
  sportName: z.string().min(1).max(200),
  sportPosition: z.number().int().optional(),
});
/** idSport links a category that no match of the delivery names; otherwise the link comes from its matches. */
const feedCategorySchema = z.object({
  idCategory: z.number().int().positive(),
  categoryName: z.string().min(1).max(200),
  idSport: z.number().int().positive().optional(),
});
const feedTournamentSchema = z.object({
  idTournament: z.number().int().positive(),
  tournamentName: z.string().min(1).max(200),
  idCategory: z.number().int().positive().optional(),
});
const keyedOrList = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), z.record(z.string(), item)])
    .transform((value) => (Array.isArray(value) ? value : Object.values(value)));

/**
 * What POST /spa/staff/sports/feed accepts: a feed response (§3: sports, categories, tournaments, matches, as
 * objects or arrays) whose names are in `language`, optionally with statuses and results.
 */
export const feedIngestBodySchema = z
  .object({
    language: z.enum(LOCALES).default('en'),
    sports: keyedOrList(feedSportSchema).default([]),
    categories: keyedOrList(feedCategorySchema).default([]),
    tournaments: keyedOrList(feedTournamentSchema).default([]),
    matches: z.array(feedMatchSchema).max(5000).default([]),
  })
  .meta({ id: 'FeedDelivery' });
export type FeedIngestBody = z.output<typeof feedIngestBodySchema>;
export type FeedIngestInput = z.input<typeof feedIngestBodySchema>;

export const feedIngestResponseSchema = z
  .object({
    sports: z.number().int(),
    categories: z.number().int(),
    tournaments: z.number().int(),
    matches: z.number().int(),
    markets: z.number().int(),
    outcomes: z.number().int(),
    /** Entities left out because nothing said which sport or category they belong to. */
    skipped: z.array(z.string()),
    settledBets: z.number().int(),
  })
  .meta({ id: 'FeedIngestResult' });
export type FeedIngestResult = z.infer<typeof feedIngestResponseSchema>;

// Prematch betting

export const ODDS_CHANGE_POLICIES = ['none', 'higher', 'any'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];
export const BET_KINDS = ['single', 'accumulator'] as const;
export type BetKind = (typeof BET_KINDS)[number];
/** cashed_out: the player took the whole bet's cash-out price; nothing settles it again. */
export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** Error codes of the sportsbook calls (beside the common ones and the wallet's insufficient_funds). */
export const SPORTS_ERROR_CODES = [
  'match_not_found',
  'outcome_not_found',
  'market_suspended',
  'match_started',
  'odds_changed',
  'same_match_twice',
  'stake_below_minimum',
  'stake_above_maximum',
  'payout_above_maximum',
  'invalid_selection_count',
  'feed_token_invalid',
  'league_not_found',
  'favourite_leagues_full',
  'bet_not_found',
  'cash_out_unavailable',
  'cash_out_price_changed',
  'cash_out_stake_invalid',
] as const;
export type SportsErrorCode = (typeof SPORTS_ERROR_CODES)[number];

export { MAX_ACCUMULATOR_SELECTIONS, SPORTS_BET_LIMITS };

export const betOutcomeSchema = z
  .object({
    outcomeId: z.number().int(),
    providerBetOutcomeId: z.string(),
    matchBetOutcomePosition: z.number().int(),
    matchBetOutcomeOddValue: z.number(),
    status: z.enum(OUTCOME_STATUSES),
    result: z.enum(SELECTION_RESULTS).nullable(),
  })
  .meta({ id: 'BetOutcome' });
export const matchMarketSchema = z
  .object({
    idMatchBet: z.number().int(),
    betName: z.string(),
    matchBetPosition: z.number().int(),
    status: z.enum(MARKET_STATUSES),
    matchBetOutcomes: z.array(betOutcomeSchema),
  })
  .meta({ id: 'MatchMarket' });
export const matchDetailSchema = z
  .object({
    matchId: z.number().int(),
    idSport: z.number().int(),
    sportName: z.string(),
    idCategory: z.number().int(),
    categoryName: z.string(),
    idTournament: z.number().int(),
    tournamentName: z.string(),
    matchDateTimeUTC: z.number().int(),
    status: z.enum(MATCH_STATUSES),
    matchTeams: z.array(matchTeamSchema),
    result: matchResultSchema.nullable(),
    /** The match in play: score, clock, period; null before kick-off (and for matches a feed never described). */
    liveState: liveStateSchema.nullable(),
    /** True while bets are taken: scheduled and not yet started, or in play (each market's status decides). */
    bettingOpen: z.boolean(),
    /** In play: how long a bet on this match waits before it is accepted (ms, the sport's bet delay); else null. */
    betDelayMs: z.number().int().nonnegative().nullable(),
    matchBets: z.array(matchMarketSchema),
  })
  .meta({ id: 'MatchDetail' });
export type MatchDetail = z.infer<typeof matchDetailSchema>;
export type MatchMarket = z.infer<typeof matchMarketSchema>;
export type BetOutcome = z.infer<typeof betOutcomeSchema>;
export const matchDetailResponseSchema = z.object({ match: matchDetailSchema });
export const matchParamsSchema = z.object({ matchId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** SSE GET /spa/sports/stream?matchId=: `event: match` with this body on connect and after every change. */
export const sportsStreamQuerySchema = z.object({
  matchId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const placeBetBodySchema = z
  .object({
    kind: z.enum(BET_KINDS),
    /** Decimal string in the player's currency ("5", "2.50"). */
    stake: z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount with at most two decimals'),
    oddsChangePolicy: z.enum(ODDS_CHANGE_POLICIES),
    selections: z
      .array(
        z.object({
          outcomeId: z.number().int().positive(),
          /** The decimal odd the player saw; compared with the current one under oddsChangePolicy. */
          odd: feedOddSchema,
        }),
      )
      .min(1)
      .max(MAX_ACCUMULATOR_SELECTIONS),
  })
  .meta({ id: 'PlaceBet' });
export type PlaceBetBody = z.infer<typeof placeBetBodySchema>;

export const betSelectionSchema = z
  .object({
    outcomeId: z.number().int(),
    matchId: z.number().int(),
    matchDateTimeUTC: z.number().int(),
    sportName: z.string(),
    tournamentName: z.string(),
    matchTeams: z.array(matchTeamSchema),
    betName: z.string(),
    providerBetOutcomeId: z.string(),
    odd: z.number(),
    result: z.enum(SELECTION_RESULTS).nullable(),
  })
  .meta({ id: 'BetSelection' });
export const betSchema = z
  .object({
    id: z.string(),
    kind: z.enum(BET_KINDS),
    status: z.enum(BET_STATUSES),
    stake: z.string(),
    currency: z.string(),
    totalOdd: z.number(),
    potentialPayout: z.string(),
    /** What settlement paid: "0.00" for a lost bet, the stake for a void one; null while open. */
    payout: z.string().nullable(),
    oddsChangePolicy: z.enum(ODDS_CHANGE_POLICIES),
    placedAt: z.string(),
    settledAt: z.string().nullable(),
    selections: z.array(betSelectionSchema),
    /** How the stake was paid (cash, bonus) and where the settlement's money went; null for a bet without a record. */
    funding: fundingSplitSchema.nullable(),
    /** What cash outs took of the bet so far: the part of the stake and what they paid (absent: none). */
    cashedOut: z.object({ stake: z.string(), amount: z.string() }).optional(),
  })
  .meta({ id: 'Bet' });
export type Bet = z.infer<typeof betSchema>;
export const placeBetResponseSchema = z.object({ bet: betSchema });

/** POST /spa/sports/bets/preview: the slip's bets in the order the slip places them. */
export const previewBetsBodySchema = z
  .object({ bets: z.array(placeBetBodySchema).min(1).max(MAX_ACCUMULATOR_SELECTIONS) })
  .meta({ id: 'PreviewBets' });
export type PreviewBetsBody = z.infer<typeof previewBetsBodySchema>;
/** Per bet, in the body's order: how it would be funded after the ones before it, or the refusal it would meet. */
export const previewBetsResponseSchema = z.object({ bets: z.array(stakePreviewSchema) }).meta({ id: 'BetsPreview' });
export type PreviewBetsResponse = z.infer<typeof previewBetsResponseSchema>;

export const BET_LIST_FILTERS = ['open', 'settled'] as const;
export type BetListFilter = (typeof BET_LIST_FILTERS)[number];
export const betsQuerySchema = z.object({
  status: z.enum(BET_LIST_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type BetsQuery = z.infer<typeof betsQuerySchema>;
export const betsResponseSchema = z
  .object({ items: z.array(betSchema), page: z.number().int(), perPage: z.number().int(), total: z.number().int() })
  .meta({ id: 'Bets' });
export type BetsResponse = z.infer<typeof betsResponseSchema>;
