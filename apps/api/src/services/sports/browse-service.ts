import type { Db, LocalizedText } from '@playhouse/db';
import { users } from '@playhouse/db/schema';
import {
  BROWSE_MARKETS,
  BROWSE_MATCHES_MAX,
  bookSlug,
  FAVOURITE_LEAGUES_MAX,
  POPULAR_LEAGUES,
  SEARCH_MATCHES_MAX,
  type BookResponse,
  type BookSport,
  type BrowseMatch,
  type BrowseMatchesQuery,
  type BrowseMatchesResponse,
  type SearchTournament,
  type SportsSearchResponse,
} from '@playhouse/shared';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { localize, type LocaleContext } from '../../lib/localize';
import { createMemoryCache } from '../../lib/memory-cache';
import {
  deleteFavouriteTournament,
  insertFavouriteTournament,
  listFavouriteTournaments,
  loadBrowseBook,
  tournamentExists,
  type BrowseBook,
  type BrowseMatchRow,
} from './browse-queries';
import { toMatchBet } from './match-views';
import { FavouriteLeaguesFullError, LeagueNotFoundError } from './sports-errors';

export type BrowseService = ReturnType<typeof createBrowseService>;

/** The English name makes the slug, so a page's address is the same in every language. */
const slugName = (name: LocalizedText) => name.en || Object.values(name).find(Boolean) || '';

/** Lower case, without accents: "Malmö" is found by "malmo", "ÖSTERREICH" by "österreich". */
export function searchFolded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

interface Picture {
  book: BrowseBook;
  /** Per match, every name it is known by (teams, league, country, in every language), folded for search. */
  haystacks: Map<number, string>;
  /** Per league, its names and its country's, folded. */
  leagueHaystacks: Map<number, string>;
}

/** What each level of the book shows of its row: the name in the language, the slug, and counters from zero. */
function bookNode(row: { id: number; name: LocalizedText }, context: LocaleContext) {
  return { name: localize(row.name, context), slug: bookSlug(slugName(row.name), row.id), upcoming: 0, live: 0 };
}

/** The child node kept under `id`, made and added to its parent's list the first time it is asked for. */
function childOf<T>(seen: Map<number, T>, siblings: T[], id: number, make: () => T): T {
  let node = seen.get(id);
  if (!node) {
    node = make();
    seen.set(id, node);
    siblings.push(node);
  }
  return node;
}

function everyName(...texts: (LocalizedText | undefined)[]): string {
  return searchFolded(texts.flatMap((text) => Object.values(text ?? {})).join('\n'));
}

/**
 * The browse pages' reads (issue 21) over one in-memory picture of the book: matches in play and to come, with their
 * main markets. The picture is rebuilt at most every `cacheTtlMs`, and at once when the odds channel reports a change
 * (`invalidate`), so a burst of visitors, a search per keystroke or a thousand live pages cost one set of queries.
 */
export function createBrowseService({ db, clock, cacheTtlMs = 5_000 }: { db: Db; clock: Clock; cacheTtlMs?: number }) {
  const pictures = createMemoryCache<Picture>({ max: 1, ttlMs: cacheTtlMs });

  function picture(): Promise<Picture> {
    return pictures.get('book', async () => {
      const book = await loadBrowseBook(db, clock.now());
      const haystacks = new Map<number, string>();
      for (const match of book.matches) {
        const tournament = book.tournaments.get(match.tournamentId);
        const category = book.categories.get(match.categoryId);
        haystacks.set(match.id, everyName(match.team1, match.team2, tournament?.name, category?.name));
      }
      const leagueHaystacks = new Map<number, string>();
      for (const [id, tournament] of book.tournaments) {
        leagueHaystacks.set(id, everyName(tournament.name, book.categories.get(tournament.categoryId)?.name));
      }
      return { book, haystacks, leagueHaystacks };
    });
  }

  function toMatch(book: BrowseBook, match: BrowseMatchRow, context: LocaleContext): BrowseMatch {
    return {
      matchId: match.id,
      idSport: match.sportId,
      sportName: localize(book.sports.find((sport) => sport.id === match.sportId)?.name, context),
      idCategory: match.categoryId,
      categoryName: localize(book.categories.get(match.categoryId)?.name, context),
      idTournament: match.tournamentId,
      tournamentName: localize(book.tournaments.get(match.tournamentId)?.name, context),
      matchDateTimeUTC: match.startsAt,
      status: match.status,
      matchTeams: [
        { matchTeamType: '1', teamName: localize(match.team1, context) },
        { matchTeamType: '2', teamName: localize(match.team2, context) },
      ],
      liveState: match.liveState,
      matchBets: match.markets
        .filter((market) => market.position < BROWSE_MARKETS)
        .map((market) => toMatchBet(market, context)),
      matchBetsTotal: match.markets.length,
    };
  }

  function list(book: BrowseBook, rows: BrowseMatchRow[], max: number, context: LocaleContext) {
    return { matches: rows.slice(0, max).map((row) => toMatch(book, row, context)), truncated: rows.length > max };
  }

  const service = {
    /** Drops the picture: the odds channel said something changed. */
    invalidate() {
      pictures.clear();
    },

    /** The tree of sports, countries and leagues with matches to come or in play, and the popular leagues. */
    async book(context: LocaleContext): Promise<BookResponse> {
      const { book } = await picture();
      const sports: BookSport[] = [];
      const bySport = new Map<number, BookSport>();
      for (const sport of book.sports) {
        const { name, ...counted } = bookNode(sport, context);
        const node: BookSport = { idSport: sport.id, sportName: name, ...counted, categories: [] };
        bySport.set(sport.id, node);
      }
      const categories = new Map<number, BookSport['categories'][number]>();
      const leagues = new Map<number, BookSport['categories'][number]['tournaments'][number]>();
      const popularity = new Map<number, { bets: number; matches: number }>();
      for (const match of book.matches) {
        const sport = bySport.get(match.sportId);
        const categoryRow = book.categories.get(match.categoryId);
        const tournamentRow = book.tournaments.get(match.tournamentId);
        if (!sport || !categoryRow || !tournamentRow) continue;
        const category = childOf(categories, sport.categories, categoryRow.id, () => {
          const { name, ...counted } = bookNode(categoryRow, context);
          return { idCategory: categoryRow.id, categoryName: name, ...counted, tournaments: [] };
        });
        const league = childOf(leagues, category.tournaments, tournamentRow.id, () => {
          const { name, ...counted } = bookNode(tournamentRow, context);
          return { idTournament: tournamentRow.id, tournamentName: name, ...counted };
        });
        const field = match.status === 'live' ? 'live' : 'upcoming';
        sport[field]++;
        category[field]++;
        league[field]++;
        const score = popularity.get(tournamentRow.id) ?? { bets: 0, matches: 0 };
        score.bets += match.bets;
        score.matches++;
        popularity.set(tournamentRow.id, score);
      }
      for (const sport of bySport.values()) {
        if (sport.upcoming + sport.live === 0) continue;
        sport.categories.sort((a, b) => a.categoryName.localeCompare(b.categoryName, context.locale));
        for (const category of sport.categories) {
          category.tournaments.sort((a, b) => a.tournamentName.localeCompare(b.tournamentName, context.locale));
        }
        sports.push(sport);
      }
      const popular = [...popularity.entries()]
        .sort(([idA, a], [idB, b]) => b.bets - a.bets || b.matches - a.matches || idA - idB)
        .slice(0, POPULAR_LEAGUES)
        .map(([id]) => id);
      return { sports, popular };
    },

    /** The matches of a sport, country or league (the narrowest given decides), in play first, then to come. */
    async matches(query: BrowseMatchesQuery, context: LocaleContext): Promise<BrowseMatchesResponse> {
      const { book } = await picture();
      const rows = book.matches.filter(
        (match) =>
          (query.sport === undefined || match.sportId === query.sport) &&
          (query.category === undefined || match.categoryId === query.category) &&
          (query.tournament === undefined || match.tournamentId === query.tournament) &&
          (query.status === undefined || (query.status === 'live') === (match.status === 'live')),
      );
      return list(book, rows, BROWSE_MATCHES_MAX, context);
    },

    /** Matches and leagues whose names (in any language) hold every word of `q`. */
    async search(q: string, context: LocaleContext): Promise<SportsSearchResponse> {
      const { book, haystacks, leagueHaystacks } = await picture();
      const words = searchFolded(q).split(/\s+/).filter(Boolean);
      const hit = (haystack: string | undefined) => !!haystack && words.every((word) => haystack.includes(word));
      const matches = book.matches.filter((match) => hit(haystacks.get(match.id)));
      const tournaments: SearchTournament[] = [];
      const withMatches = new Set(book.matches.map((match) => match.tournamentId));
      for (const [id, tournament] of book.tournaments) {
        if (!withMatches.has(id) || !hit(leagueHaystacks.get(id))) continue;
        const category = book.categories.get(tournament.categoryId);
        const sport = book.sports.find((row) => row.id === category?.sportId);
        if (!category || !sport) continue;
        tournaments.push({
          idSport: sport.id,
          sportName: localize(sport.name, context),
          sportSlug: bookSlug(slugName(sport.name), sport.id),
          idCategory: category.id,
          categoryName: localize(category.name, context),
          categorySlug: bookSlug(slugName(category.name), category.id),
          idTournament: id,
          tournamentName: localize(tournament.name, context),
          slug: bookSlug(slugName(tournament.name), id),
        });
      }
      return {
        tournaments: tournaments.slice(0, 20),
        matches: list(book, matches, SEARCH_MATCHES_MAX, context).matches,
      };
    },

    /** The browse pages search engines should know (the sitemap): home, live, every sport, country and league. */
    async paths(): Promise<string[]> {
      const { sports } = await service.book({ locale: 'en', defaultLocale: 'en' });
      return [
        '/sports',
        '/sports/live',
        ...sports.flatMap((sport) => [
          `/sports/${sport.slug}`,
          ...sport.categories.flatMap((category) => [
            `/sports/${sport.slug}/${category.slug}`,
            ...category.tournaments.map((league) => `/sports/${sport.slug}/${category.slug}/${league.slug}`),
          ]),
        ]),
      ];
    },

    favourites(userId: number): Promise<number[]> {
      return listFavouriteTournaments(db, userId);
    },

    /**
     * Adds a favourite league (again: nothing changes). The player's row is locked while counting, so two tabs
     * adding at once cannot go over the limit together.
     */
    async addFavourite(userId: number, tournamentId: number): Promise<number[]> {
      if (!(await tournamentExists(db, tournamentId))) throw new LeagueNotFoundError();
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const current = await listFavouriteTournaments(tx, userId);
        if (current.includes(tournamentId)) return;
        if (current.length >= FAVOURITE_LEAGUES_MAX) throw new FavouriteLeaguesFullError(FAVOURITE_LEAGUES_MAX);
        await insertFavouriteTournament(tx, userId, tournamentId);
      });
      return listFavouriteTournaments(db, userId);
    },

    /** Removes a favourite league (one that is not a favourite: nothing changes). */
    async removeFavourite(userId: number, tournamentId: number): Promise<number[]> {
      await deleteFavouriteTournament(db, userId, tournamentId);
      return listFavouriteTournaments(db, userId);
    },
  };
  return service;
}
