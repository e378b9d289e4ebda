import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { navCategories, type LocalizedText } from './content';

/*
 * The casino: game providers (the spec's "producers"), their games with artwork per breakpoint, the games of each
 * navigation category, players' favourites and recently played games, one-time game launches, the game sessions
 * providers open with them, the seamless-wallet calls providers make, and the in-house Originals games' sessions,
 * seeds and rounds.
 */

export const providers = pgTable('providers', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  imagePath: text(),
  secondaryImagePath: text(),
  /** Logo size; both null means the picker shows the title alone. */
  imageWidth: integer(),
  imageHeight: integer(),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

/**
 * Seamless-wallet secrets an admin rotated from the back office, encrypted (AES-256-GCM) under PROVIDER_SECRETS_KEY.
 * The current one has no `retiresAt`; the one it replaced is accepted until its `retiresAt` (the grace window), so a
 * provider can switch without a failed call. A provider without rows signs with its PROVIDER_SECRET_<SLUG>.
 */
export const providerSecrets = pgTable(
  'provider_secrets',
  {
    id: serial().primaryKey(),
    providerId: integer()
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    ciphertext: text().notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    retiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('provider_secrets_provider_idx').on(t.providerId, t.createdAt)],
);

export const GAME_KINDS = ['slot', 'table', 'live', 'originals'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/**
 * The in-house engine a launch opens: studios without their own game server are played by the Originals host. `table`
 * is a single-player table game (multi-step rounds), `shared-table` a table whose rounds run on a clock for everyone
 * seated; `games.engine_config` names which one.
 */
export const GAME_ENGINES = ['slot', 'dice', 'plinko', 'table', 'shared-table'] as const;
export type GameEngine = (typeof GAME_ENGINES)[number];

export const games = pgTable(
  'games',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: jsonb().$type<LocalizedText>().notNull(),
    /**
     * Every locale's title, lower-cased and without accents (casino_title_search_text, migration 0006), kept by the
     * database itself so no writer can forget it; a trigram index makes substring search fast.
     */
    searchText: text().generatedAlwaysAs(sql`casino_title_search_text(title)`),
    /**
     * Each locale's title folded the same way (casino_normalize_titles): search orders titles that start with the term
     * first by reading this, instead of folding the title of every match on every search.
     */
    searchTitles: jsonb()
      .$type<LocalizedText>()
      .generatedAlwaysAs(sql`casino_normalize_titles(title)`),
    providerId: integer()
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    kind: text({ enum: GAME_KINDS }).notNull(),
    engine: text({ enum: GAME_ENGINES }).notNull(),
    /**
     * The engine's configuration this title plays: a slot configuration ('book', 'ways-243', …), a table game
     * ('blackjack', 'roulette-european', …); null for dice and plinko, which have none.
     */
    engineConfig: text(),
    demoModeEnabled: boolean().notNull().default(false),
    /** Locked for visitors without a successful deposit. */
    requiresDeposit: boolean().notNull().default(false),
    /** Return to player in basis points (9608 = 96.08%). */
    rtp: integer().notNull(),
    /**
     * The most the wins of one round may add up to, as a multiple of the round's stakes: the seamless wallet refuses a
     * win beyond it (besides the per-currency ceiling of the config). Never below what the game can really pay.
     */
    maxWinMultiplier: integer().notNull().default(1000),
    popularity: integer().notNull().default(0),
    releasedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('games_provider_idx').on(t.providerId),
    index('games_popularity_idx').on(t.popularity.desc(), t.id),
    index('games_released_idx').on(t.releasedAt.desc(), t.id),
    index('games_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const categoryGames = pgTable(
  'category_games',
  {
    categoryId: integer()
      .notNull()
      .references(() => navCategories.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.gameId] }),
    index('category_games_order_idx').on(t.categoryId, t.position, t.gameId),
    index('category_games_game_idx').on(t.gameId),
  ],
);

/** One rendition of a game's artwork: a breakpoint (min viewport width, px) × size filter × aspect ratio. */
export const gameImages = pgTable(
  'game_images',
  {
    id: serial().primaryKey(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    breakpoint: integer().notNull(),
    /** e.g. '600_400_out': fitted outside a 600x400 box. */
    sizeFilter: text().notNull(),
    /** e.g. '3x2'. */
    aspectRatio: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    imagePath: text().notNull(),
    imagePathWebp: text().notNull(),
  },
  (t) => [uniqueIndex('game_images_rendition_idx').on(t.gameId, t.sizeFilter, t.aspectRatio, t.breakpoint)],
);

export const favourites = pgTable(
  'favourites',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('favourites_user_idx').on(t.userId, t.createdAt)],
);

export const recentPlays = pgTable(
  'recent_plays',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('recent_plays_user_idx').on(t.userId, t.playedAt)],
);

export const GAME_MODES = ['real', 'demo'] as const;
export type GameMode = (typeof GAME_MODES)[number];

/** A one-time launch token (stored as its SHA-256) a game provider exchanges for the player's identity. */
export const gameLaunches = pgTable(
  'game_launches',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: text().notNull().unique(),
    /** Null for a demo launch by a visitor. */
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    mode: text({ enum: GAME_MODES }).notNull(),
    locale: text().notNull(),
    /** The site session that launched a real-money game; null for demo, and once that session has ended. */
    playerSessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('game_launches_expires_idx').on(t.expiresAt)],
);

/**
 * A real-money game a provider opened with a launch token: one player, one game, one provider. Every wallet call
 * names it. It lives as long as the site session that launched the game (ending that session, by logout, password
 * change or reset or any other way, sets playerSessionId to null) and at most until expiresAt.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** SHA-256 of the session id the provider was given. */
    tokenHash: text().notNull().unique(),
    provider: text().notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    playerSessionId: bigint({ mode: 'number' }).references(() => sessions.id, { onDelete: 'set null' }),
    currency: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('game_sessions_user_idx').on(t.userId, t.createdAt),
    index('game_sessions_player_session_idx').on(t.playerSessionId),
  ],
);

export const PROVIDER_TRANSACTION_TYPES = ['bet', 'win', 'rollback'] as const;
export type ProviderTransactionType = (typeof PROVIDER_TRANSACTION_TYPES)[number];

/**
 * Every seamless-wallet call that changed (or was refused the right to change) money, unique per provider and
 * transaction id: a repeated call is answered with the stored response. A rollback whose bet has not arrived is
 * stored too (a tombstone), so the late bet is refused.
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    provider: text().notNull(),
    transactionId: text().notNull(),
    type: text({ enum: PROVIDER_TRANSACTION_TYPES }).notNull(),
    /** The bet a rollback cancels. */
    referenceTransactionId: text(),
    roundId: text().notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameId: integer().references(() => games.id, { onDelete: 'set null' }),
    amount: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    /** 'ok' moved money (or had nothing to move); 'refused' is a business refusal kept for repeats. */
    status: text({ enum: ['ok', 'refused'] }).notNull(),
    ledgerTransferId: bigint({ mode: 'number' }),
    /** The game session the call named (null only for calls made before sessions existed). */
    gameSessionId: bigint({ mode: 'number' }).references(() => gameSessions.id, { onDelete: 'restrict' }),
    /** What the request asked for: a repeat with the same id must ask for the same thing. */
    requestHash: text().notNull(),
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The bet's legs per ledger account kind (main/bonus), so a rollback returns money where it came from. */
    legs: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_transactions_id_idx').on(t.provider, t.transactionId),
    index('provider_transactions_reference_idx')
      .on(t.provider, t.referenceTransactionId)
      .where(sql`${t.referenceTransactionId} is not null`),
    index('provider_transactions_user_idx').on(t.userId, t.createdAt),
    index('provider_transactions_round_idx').on(t.provider, t.roundId),
  ],
);

/** A game opened in the Originals host: the bearer token its page plays with, and demo play money. */
export const originalsSessions = pgTable(
  'originals_sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** The player id the seamless wallet knows (the user id as text); null in demo mode. */
    playerId: text(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    mode: text({ enum: GAME_MODES }).notNull(),
    currency: text().notNull(),
    /** Play money in minor units; only demo sessions have it, and it never reaches the ledger. */
    demoBalance: bigint({ mode: 'bigint' }),
    /** The seamless wallet's game session (real money only): every wallet call of this game names it. */
    walletSessionId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('originals_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A provably fair seed pair. The server seed stays secret (only its hash is shown) until the owner rotates it; then
 * revealedAt is set and the seed is shown. Real-money seeds belong to the player, demo seeds to their session.
 */
export const originalsSeeds = pgTable(
  'originals_seeds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    sessionId: bigint({ mode: 'number' }).references(() => originalsSessions.id, { onDelete: 'cascade' }),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    nextNonce: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('originals_seeds_active_user_idx')
      .on(t.userId)
      .where(sql`${t.revealedAt} is null and ${t.userId} is not null`),
    uniqueIndex('originals_seeds_active_session_idx')
      .on(t.sessionId)
      .where(sql`${t.revealedAt} is null and ${t.sessionId} is not null`),
    index('originals_seeds_hash_idx').on(t.serverSeedHash),
  ],
);

/**
 * Where a real-money round stands with the wallet. It is written `placed`, with its outcome, before the bet is sent;
 * `accepted` once the wallet took the bet (its win, even 0.00, is then owed); `settled` once the win was paid.
 * `refused`: the wallet refused the bet. `cancelled`: the bet's fate was unknown and it was rolled back. Demo rounds
 * are `settled` at once. A table round is `open` between its first bet and its last action (demo ones too).
 */
export const ORIGINALS_ROUND_STATUSES = ['placed', 'open', 'accepted', 'settled', 'refused', 'cancelled'] as const;

/**
 * An action of a table round whose extra stake was sent to the wallet and not yet answered: stored before the bet
 * call, so the settlement job can roll back a bet of unknown fate. `attempt` makes each try's transaction id its own
 * (a refused bet stays refused at the wallet under its id); `rollback` marks the job's claim on it.
 */
export interface PendingTableAction {
  index: number;
  action: Record<string, unknown>;
  /** Minor units, as a decimal string. */
  stake: string;
  attempt: number;
  at: string;
  rollback: boolean;
}
export type OriginalsRoundStatus = (typeof ORIGINALS_ROUND_STATUSES)[number];

export const originalsRounds = pgTable(
  'originals_rounds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sessionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => originalsSessions.id, { onDelete: 'cascade' }),
    seedId: bigint({ mode: 'number' })
      .notNull()
      .references(() => originalsSeeds.id, { onDelete: 'cascade' }),
    nonce: integer().notNull(),
    engine: text({ enum: GAME_ENGINES }).notNull(),
    mode: text({ enum: GAME_MODES }).notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    outcome: jsonb().$type<Record<string, unknown>>().notNull(),
    bet: bigint({ mode: 'bigint' }).notNull(),
    payout: bigint({ mode: 'bigint' }).notNull(),
    currency: text().notNull(),
    status: text({ enum: ORIGINALS_ROUND_STATUSES }).notNull().default('settled'),
    /**
     * Table rounds only (null for single-shot rounds): the player's actions so far, in order, with their stakes as
     * minor units in decimal strings. The round is its input: `params` (game and initial bets) + these + the seeds.
     */
    actions: jsonb().$type<Record<string, unknown>[]>(),
    /** The action whose extra stake is with the wallet right now (see PendingTableAction). */
    pendingAction: jsonb().$type<PendingTableAction>(),
    /** Action bets the wallet refused or the job rolled back: the next try of an action index gets a fresh id. */
    actionAttempts: integer().notNull().default(0),
    /** When the player last moved the round: an open round left alone long enough is finished by its defaults. */
    lastActionAt: timestamp({ withTimezone: true }),
    /** Set when the settlement job finished an abandoned round with the game's default actions. */
    defaultedAt: timestamp({ withTimezone: true }),
    /** The round id the wallet knows (its bet and win transaction ids derive from it); null in demo mode. */
    walletRoundId: text(),
    /** Deliveries the settlement job tried, and when it tries next. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('originals_rounds_seed_nonce_idx').on(t.seedId, t.nonce),
    index('originals_rounds_session_idx').on(t.sessionId, t.id),
    index('originals_rounds_unsettled_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('placed', 'accepted')`),
    // One table round in play per game session: a second start while one is open is refused before any bet.
    uniqueIndex('originals_rounds_open_table_idx')
      .on(t.sessionId)
      .where(sql`${t.actions} is not null and ${t.status} in ('placed', 'open')`),
    index('originals_rounds_open_idx')
      .on(t.lastActionAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A round of a shared table (a catalogue game whose engine is `shared-table`): one round for everyone seated, on the
 * table's clock. Its server seed is drawn and its hash published when betting opens; the result is computed from the
 * seed when betting has closed and the seed is published with it (docs/decisions.md, "Shared tables").
 * `betting` → `closed` (no more bets) → `result` (the outcome is public, the bets are paid).
 */
export const SHARED_ROUND_STATUSES = ['betting', 'closed', 'result'] as const;
export type SharedRoundStatus = (typeof SHARED_ROUND_STATUSES)[number];

export const sharedTableRounds = pgTable(
  'shared_table_rounds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Counts the table's rounds from 1: with the table's slug it is the round's public client seed. */
    number: integer().notNull(),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    status: text({ enum: SHARED_ROUND_STATUSES }).notNull().default('betting'),
    bettingClosesAt: timestamp({ withTimezone: true }).notNull(),
    resultAt: timestamp({ withTimezone: true }).notNull(),
    nextRoundAt: timestamp({ withTimezone: true }).notNull(),
    /** The engine's view of the outcome (the pocket, the coup), once it is public. */
    outcome: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shared_table_rounds_number_idx').on(t.gameId, t.number)],
);

/**
 * One player's bets on a round of a shared table, and where they stand with the wallet: written `placed` before the
 * bet call, `accepted` once the wallet took it, `settled` once the round's win (0.00 included) was paid; `refused` and
 * `cancelled` as for Originals rounds. Demo bets move the session's play money and are `accepted` at once.
 */
export const sharedTableBets = pgTable(
  'shared_table_bets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    roundId: bigint({ mode: 'number' })
      .notNull()
      .references(() => sharedTableRounds.id, { onDelete: 'cascade' }),
    sessionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => originalsSessions.id, { onDelete: 'cascade' }),
    mode: text({ enum: GAME_MODES }).notNull(),
    /** The bets as the engine takes them, stakes in minor units as decimal strings. */
    bets: jsonb().$type<Record<string, unknown>>().notNull(),
    stake: bigint({ mode: 'bigint' }).notNull(),
    /** Set when the round's result is known. */
    payout: bigint({ mode: 'bigint' }),
    currency: text().notNull(),
    status: text({ enum: ORIGINALS_ROUND_STATUSES }).notNull(),
    /** The round id the wallet knows (real money only): its bet and win transaction ids derive from it. */
    walletRoundId: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One bet slip per game session and round: a repeat of the placing request is refused before any money moves.
    uniqueIndex('shared_table_bets_slip_idx').on(t.roundId, t.sessionId),
    index('shared_table_bets_unsettled_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('placed', 'accepted')`),
  ],
);
