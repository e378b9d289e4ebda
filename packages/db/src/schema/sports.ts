import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import type { LiveState } from '@playhouse/shared/contracts/sports-live';
import type { LocalizedText } from './content';

/*
 * The sportsbook. Sports, categories, tournaments, matches and markets keep the ids the odds feed gives them (feed
 * ids, upserted); outcomes are ours, unique per market by their label (the feed's providerBetOutcomeId). Odds are
 * integer thousandths of the decimal odd, never floats.
 */

export const sports = pgTable('sports', {
  id: integer().primaryKey(),
  name: jsonb().$type<LocalizedText>().notNull(),
  /** Order of the sport tabs. */
  position: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A sport's country or region ("England", "International"): the feed's category. */
export const sportCategories = pgTable(
  'sport_categories',
  {
    id: integer().primaryKey(),
    sportId: integer()
      .notNull()
      .references(() => sports.id, { onDelete: 'cascade' }),
    name: jsonb().$type<LocalizedText>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sport_categories_sport_idx').on(t.sportId)],
);

export const tournaments = pgTable(
  'tournaments',
  {
    id: integer().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => sportCategories.id, { onDelete: 'cascade' }),
    name: jsonb().$type<LocalizedText>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tournaments_category_idx').on(t.categoryId)],
);

/** A player's favourite leagues (issue 21): the sportsbook's pages put them first. */
export const favouriteTournaments = pgTable(
  'favourite_tournaments',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tournamentId] })],
);

export const MATCH_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** A final score; `periods` holds set/period scores where the sport has them. */
export interface MatchResult {
  score1: number;
  score2: number;
  periods?: [number, number][];
}

/**
 * What the feed simulator needs to keep a fixture going (its strength model and the lines it offered); null for a
 * match that came from a real feed.
 */
export type MatchSimulation = Record<string, unknown>;

export const matches = pgTable(
  'matches',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    sportId: integer()
      .notNull()
      .references(() => sports.id, { onDelete: 'restrict' }),
    categoryId: integer()
      .notNull()
      .references(() => sportCategories.id, { onDelete: 'restrict' }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: MATCH_STATUSES }).notNull().default('scheduled'),
    team1: jsonb().$type<LocalizedText>().notNull(),
    team2: jsonb().$type<LocalizedText>().notNull(),
    /** The feed's matchBetsTotal: markets the match has, including ones a delivery left out. */
    marketsTotal: integer().notNull().default(0),
    result: jsonb().$type<MatchResult>(),
    /** The match in play as the feed last described it (score, clock, period); null before kick-off. */
    liveState: jsonb().$type<LiveState>(),
    simulation: jsonb().$type<MatchSimulation>(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_status_starts_idx').on(t.status, t.startsAt),
    index('matches_sport_starts_idx').on(t.sportId, t.startsAt),
    index('matches_tournament_idx').on(t.tournamentId),
  ],
);

export const MARKET_STATUSES = ['open', 'suspended', 'settled', 'void'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** A "match bet" of the feed: 1X2, totals, handicap… */
export const markets = pgTable(
  'markets',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    matchId: bigint({ mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    name: jsonb().$type<LocalizedText>().notNull(),
    position: integer().notNull(),
    status: text({ enum: MARKET_STATUSES }).notNull().default('open'),
    /** Suspended by a trader: no feed delivery reopens it until a trader resumes it. */
    traderHold: boolean().notNull().default(false),
    /** The staff member who gave the market its current result or void; null when the feed did (or none yet). */
    resultedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('markets_match_idx').on(t.matchId, t.position)],
);

export const OUTCOME_STATUSES = ['open', 'suspended'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];
export const SELECTION_RESULTS = ['won', 'lost', 'void'] as const;
export type SelectionResult = (typeof SELECTION_RESULTS)[number];

export const outcomes = pgTable(
  'outcomes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    marketId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** The feed's providerBetOutcomeId, shown as the outcome's name ("1", "X", "2", "> 2.5"). */
    label: text().notNull(),
    position: integer().notNull(),
    oddThousandths: integer().notNull(),
    status: text({ enum: OUTCOME_STATUSES }).notNull().default('open'),
    result: text({ enum: SELECTION_RESULTS }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outcomes_market_label_idx').on(t.marketId, t.label),
    check('outcomes_odd_above_one', sql`${t.oddThousandths} > 1000`),
  ],
);

export const BET_KINDS = ['single', 'accumulator'] as const;
export type BetKind = (typeof BET_KINDS)[number];
/** cashed_out: the player took the whole bet's cash-out price; nothing settles it again. */
export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
export const ODDS_CHANGE_POLICIES = ['none', 'higher', 'any'] as const;
export type OddsChangePolicy = (typeof ODDS_CHANGE_POLICIES)[number];

/** A placed bet. The stake left the player's main balance in the same transaction that wrote this row. */
export const bets = pgTable(
  'bets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text({ enum: BET_KINDS }).notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    /** The product of the selections' odds, in thousandths, rounded down. */
    totalOddThousandths: bigint({ mode: 'bigint' }).notNull(),
    potentialPayout: bigint({ mode: 'bigint' }).notNull(),
    /** What settlement paid (0 for a lost bet, the stake for a void one); null while open. */
    payout: bigint({ mode: 'bigint' }),
    status: text({ enum: BET_STATUSES }).notNull().default('open'),
    oddsChangePolicy: text({ enum: ODDS_CHANGE_POLICIES }).notNull(),
    /** The client's Idempotency-Key and a fingerprint of what it asked for (a replay must ask for the same). */
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
    /**
     * How many times a trader's re-settlement reopened the bet: its settlement transfers carry the number, so each
     * settlement pays once and each reversal takes back once.
     */
    settlementVersion: integer().notNull().default(0),
    /**
     * What the player still owes on this bet: the part of an earlier payout a re-settlement could not take back (they
     * had spent or withdrawn it). A later payout of the bet pays it first; their withdrawals wait while any is owed.
     */
    shortfall: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The part of the current settlement's payout kept against the shortfall (a reversal takes it back too). */
    withheld: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    check('bets_stake_positive', sql`${t.stake} > 0`),
    check('bets_shortfall_not_negative', sql`${t.shortfall} >= 0 and ${t.withheld} >= 0`),
    index('bets_shortfall_idx')
      .on(t.userId)
      .where(sql`${t.shortfall} > 0`),
    uniqueIndex('bets_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('bets_user_placed_idx').on(t.userId, t.placedAt),
    index('bets_open_idx')
      .on(t.placedAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const betSelections = pgTable(
  'bet_selections',
  {
    betId: uuid()
      .notNull()
      .references(() => bets.id, { onDelete: 'cascade' }),
    outcomeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => outcomes.id, { onDelete: 'restrict' }),
    matchId: bigint({ mode: 'number' })
      .notNull()
      .references(() => matches.id, { onDelete: 'restrict' }),
    /** The odd the bet was accepted at. */
    oddThousandths: integer().notNull(),
    result: text({ enum: SELECTION_RESULTS }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.outcomeId] }),
    index('bet_selections_outcome_idx').on(t.outcomeId),
    index('bet_selections_match_idx').on(t.matchId),
  ],
);

/**
 * A trader's re-settlement of a settled bet: what the earlier settlement had paid, what was taken back from the
 * player's balances, and what could not be (the player had already spent or withdrawn it: balances never go below
 * zero, so the rest is a debt the operator pursues by hand). One row per reopened settlement version.
 */
export const betResettlements = pgTable(
  'bet_resettlements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    betId: uuid()
      .notNull()
      .references(() => bets.id, { onDelete: 'restrict' }),
    /** The settlement version this re-settlement reversed (the bet moves on to version + 1). */
    version: integer().notNull(),
    marketId: bigint({ mode: 'number' })
      .notNull()
      .references(() => markets.id, { onDelete: 'restrict' }),
    staffId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    statusBefore: text({ enum: BET_STATUSES }).notNull(),
    payoutBefore: bigint({ mode: 'bigint' }).notNull(),
    reclaimed: bigint({ mode: 'bigint' }).notNull(),
    shortfall: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bet_resettlements_bet_version_idx').on(t.betId, t.version),
    index('bet_resettlements_shortfall_idx')
      .on(t.createdAt)
      .where(sql`${t.shortfall} > 0`),
  ],
);
