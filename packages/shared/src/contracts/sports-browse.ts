import { z } from 'zod';
import { liveStateSchema } from './sports-live';
import { MARKET_STATUSES, matchMarketSchema, matchTeamSchema, OUTCOME_STATUSES } from './sports';

/*
 * The sportsbook to browse (issue 21): the book's tree of sports, countries and leagues with their counts, the matches
 * of a sport, country or league with their main markets, the matches in play, event search, and a player's favourite
 * leagues. Every read answers from the api's in-memory picture of the book.
 */

/**
 * A path segment for a sport, country or league: its English name made URL-safe, then its feed id ("england-12").
 * The id alone decides; the words are for people and search engines, so a renamed league keeps its old links.
 */
export function bookSlug(name: string, id: number): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words ? `${words}-${id}` : String(id);
}

/** The feed id at the end of a path segment made by bookSlug, or null when the segment is not one. */
export function idOfBookSlug(segment: string): number | null {
  const match = /(?:^|-)(\d{1,15})$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** How many of a match's markets a listing shows (the main markets: positions 0, 1 and 2). */
export const BROWSE_MARKETS = 3;
/** The most matches one listing or search answers with. */
export const BROWSE_MATCHES_MAX = 500;
export const SEARCH_MATCHES_MAX = 50;
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
/** How many leagues a player may keep as favourites. */
export const FAVOURITE_LEAGUES_MAX = 50;
/** How many leagues the home page's "popular" list holds. */
export const POPULAR_LEAGUES = 8;

const counts = {
  /** Matches still to start. */
  upcoming: z.number().int(),
  /** Matches in play. */
  live: z.number().int(),
};

export const bookTournamentSchema = z
  .object({ idTournament: z.number().int(), tournamentName: z.string(), slug: z.string(), ...counts })
  .meta({ id: 'BookTournament' });
export const bookCategorySchema = z
  .object({
    idCategory: z.number().int(),
    categoryName: z.string(),
    slug: z.string(),
    ...counts,
    tournaments: z.array(bookTournamentSchema),
  })
  .meta({ id: 'BookCategory' });
export const bookSportSchema = z
  .object({
    idSport: z.number().int(),
    sportName: z.string(),
    slug: z.string(),
    ...counts,
    categories: z.array(bookCategorySchema),
  })
  .meta({ id: 'BookSport' });
/** GET /spa/sports/book: every sport with matches to come or in play, its countries and leagues, by name. */
export const bookResponseSchema = z.object({
  sports: z.array(bookSportSchema),
  /** The leagues players bet on most this week (then those with the most matches), ids of `sports`' leagues. */
  popular: z.array(z.number().int()),
});
export type BookSport = z.infer<typeof bookSportSchema>;
export type BookCategory = z.infer<typeof bookCategorySchema>;
export type BookTournament = z.infer<typeof bookTournamentSchema>;
export type BookResponse = z.infer<typeof bookResponseSchema>;

/** A match in a listing: where it belongs, when, its state in play, and its main markets (suspended ones too). */
export const browseMatchSchema = z
  .object({
    matchId: z.number().int(),
    idSport: z.number().int(),
    sportName: z.string(),
    idCategory: z.number().int(),
    categoryName: z.string(),
    idTournament: z.number().int(),
    tournamentName: z.string(),
    matchDateTimeUTC: z.number().int(),
    status: z.enum(['scheduled', 'live']),
    matchTeams: z.array(matchTeamSchema),
    liveState: liveStateSchema.nullable(),
    matchBets: z.array(matchMarketSchema),
    /** Every market the match offers now (the match page shows them all). */
    matchBetsTotal: z.number().int(),
  })
  .meta({ id: 'BrowseMatch' });
export type BrowseMatch = z.infer<typeof browseMatchSchema>;

/** A sport's, country's or league's id: the database keeps them as 32-bit integers, so a larger one names nothing. */
const feedId = z.coerce.number().int().positive().max(2_147_483_647);

/** GET /spa/sports/book/matches: one sport, country or league (the narrowest given decides), to come or in play. */
export const browseMatchesQuerySchema = z.object({
  sport: feedId.optional(),
  category: feedId.optional(),
  tournament: feedId.optional(),
  /** live: in play only; upcoming: still to start only; absent: both. */
  status: z.enum(['live', 'upcoming']).optional(),
});
export type BrowseMatchesQuery = z.infer<typeof browseMatchesQuerySchema>;
/** In play first (by kick-off), then the matches to come by start time. */
export const browseMatchesResponseSchema = z.object({
  matches: z.array(browseMatchSchema),
  /** More matches than BROWSE_MATCHES_MAX matched; the list holds the first ones. */
  truncated: z.boolean(),
});
export type BrowseMatchesResponse = z.infer<typeof browseMatchesResponseSchema>;

/** GET /spa/sports/search?q=: teams and players (any language the book names them in), leagues and countries. */
export const sportsSearchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_QUERY_MIN).max(SEARCH_QUERY_MAX),
});
export const searchTournamentSchema = z
  .object({
    idSport: z.number().int(),
    sportName: z.string(),
    sportSlug: z.string(),
    idCategory: z.number().int(),
    categoryName: z.string(),
    categorySlug: z.string(),
    idTournament: z.number().int(),
    tournamentName: z.string(),
    slug: z.string(),
  })
  .meta({ id: 'SearchTournament' });
export type SearchTournament = z.infer<typeof searchTournamentSchema>;
export const sportsSearchResponseSchema = z.object({
  tournaments: z.array(searchTournamentSchema),
  matches: z.array(browseMatchSchema),
});
export type SportsSearchResponse = z.infer<typeof sportsSearchResponseSchema>;

/**
 * SSE GET /spa/sports/live/stream (docs/decisions.md, "The live page's stream: a snapshot, then patches"): `event:
 * live` with the matches in play (a browseMatchesResponse) on connect and whenever the list itself changes (a match
 * starts or ends, a name or a market comes or goes); `event: live-patch` with what moved in play for the matches that
 * moved, to be merged into the last `live` (packages/shared/src/sports/live-patch.ts).
 */
export const LIVE_SNAPSHOT_EVENT = 'live';
export const LIVE_PATCH_EVENT = 'live-patch';
export const liveStreamQuerySchema = z.object({
  /** EventSource cannot send X-Locale, so the stream takes the language here. */
  lng: z.string().min(1).max(16).optional(),
});

/** What moved on one market of a match in play: its status and every outcome's odd and status, in their order. */
export const liveMarketPatchSchema = z
  .object({
    idMatchBet: z.number().int(),
    status: z.enum(MARKET_STATUSES),
    matchBetOutcomes: z.array(
      z.object({
        outcomeId: z.number().int(),
        matchBetOutcomeOddValue: z.number(),
        status: z.enum(OUTCOME_STATUSES),
      }),
    ),
  })
  .meta({ id: 'LiveMarketPatch' });
/** What moved on one match in play: its whole state in play (score, clock, period...) and the markets that moved. */
export const liveMatchPatchSchema = z
  .object({
    matchId: z.number().int(),
    liveState: liveStateSchema.nullable(),
    matchBets: z.array(liveMarketPatchSchema),
  })
  .meta({ id: 'LiveMatchPatch' });
/** `event: live-patch` of the live stream: the matches that moved since the stream's last message, in one change. */
export const livePatchSchema = z.object({ matches: z.array(liveMatchPatchSchema) }).meta({ id: 'LivePatch' });
export type LiveMarketPatch = z.infer<typeof liveMarketPatchSchema>;
export type LiveMatchPatch = z.infer<typeof liveMatchPatchSchema>;
export type LivePatch = z.infer<typeof livePatchSchema>;

/** A player's favourite leagues, by when they were added (newest first). */
export const favouriteLeaguesResponseSchema = z.object({ tournamentIds: z.array(z.number().int()) });
export const favouriteLeagueParamsSchema = z.object({ tournamentId: feedId });
export type FavouriteLeaguesResponse = z.infer<typeof favouriteLeaguesResponseSchema>;
