import type { Db } from '@playhouse/db';
import { SPEC, type Match, type TopOfferQuery } from '@playhouse/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import type { Clock } from '../cashbox/clock';
import { loadUpcomingBook, type NamedRow, type UpcomingBook, type UpcomingMatch } from './sports-queries';

/** The longest window a top-offer call may ask for. */
export const MAX_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type Format = 'object' | 'array';
type Keyed<T> = T[] | Record<string, T>;

export interface TopOfferLists {
  sports: Keyed<{ idSport: number; sportName: string }>;
  categories: Keyed<{ idCategory: number; categoryName: string }>;
  tournaments: Keyed<{ idTournament: number; tournamentName: string }>;
  matches: Keyed<Match>;
}

function shaped<T>(items: T[], format: Format | undefined, id: (item: T) => number): Keyed<T> {
  if (format !== 'object') return items;
  return Object.fromEntries(items.map((item) => [String(id(item)), item]));
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type TopOfferService = ReturnType<typeof createTopOfferService>;

/**
 * The two top-offer calls of SPEC.md §7.1–2 over one in-memory picture of the upcoming book. The picture is rebuilt
 * at most every `cacheTtlMs`, and at once after the odds channel reports a change (see `invalidate`), so a burst of
 * visitors costs one set of queries.
 */
export function createTopOfferService({
  db,
  clock,
  cacheTtlMs = 5_000,
}: {
  db: Db;
  clock: Clock;
  cacheTtlMs?: number;
}) {
  let cached: { builtAt: number; book: Promise<UpcomingBook> } | null = null;
  let generation = 0;

  function book(now: Date): Promise<UpcomingBook> {
    if (cached && now.getTime() - cached.builtAt < cacheTtlMs && now.getTime() >= cached.builtAt) return cached.book;
    const mine = ++generation;
    const loading = loadUpcomingBook(db, now);
    cached = { builtAt: now.getTime(), book: loading };
    loading.catch(() => {
      if (generation === mine) cached = null;
    });
    return loading;
  }

  function window(query: TopOfferQuery) {
    const start = Date.parse(query.params.start_date);
    const end = Date.parse(query.params.end_date);
    if (end < start) throw new ValidationError({ params: 'end_date must not be before start_date' });
    if (end - start > MAX_WINDOW_MS) throw new ValidationError({ params: 'the window may span at most 7 days' });
    if (!validTimeZone(query.params.timezone))
      throw new ValidationError({ params: 'timezone is not a known time zone' });
    return { start, end };
  }

  /** Matches of the window that the top offer can show: future, with at least one market within bet_count. */
  function eligible(upcoming: UpcomingBook, query: TopOfferQuery, now: number, sportId?: number) {
    const { start, end } = window(query);
    const positions = query.bet_count ?? SPEC.betCount;
    return upcoming.matches.flatMap((match) => {
      if (match.startsAt <= now || match.startsAt < start || match.startsAt > end) return [];
      if (sportId !== undefined && match.sportId !== sportId) return [];
      const shown = match.markets.filter((market) => market.position < positions);
      return shown.length > 0 ? [{ match, shown }] : [];
    });
  }

  function toMatch(
    { match, shown }: { match: UpcomingMatch; shown: UpcomingMatch['markets'] },
    context: LocaleContext,
  ): Match {
    return {
      matchId: match.id,
      idSport: match.sportId,
      matchDateTimeUTC: match.startsAt,
      idCategory: match.categoryId,
      idTournament: match.tournamentId,
      matchTeams: [
        { matchTeamType: '1', teamName: localize(match.team1, context) },
        { matchTeamType: '2', teamName: localize(match.team2, context) },
      ],
      matchBets: shown.map((market) => ({
        idMatchBet: market.id,
        betName: localize(market.name, context),
        matchBetPosition: market.position,
        matchBetOutcomes: market.outcomes.map((outcome) => ({
          providerBetOutcomeId: outcome.label,
          matchBetOutcomePosition: outcome.position,
          matchBetOutcomeOddValue: outcome.oddThousandths / 1000,
        })),
      })),
      matchBetsTotal: match.markets.length,
    };
  }

  function lists(
    upcoming: UpcomingBook,
    picked: { match: UpcomingMatch; shown: UpcomingMatch['markets'] }[],
    sportRows: (NamedRow & { position: number })[],
    query: TopOfferQuery,
    context: LocaleContext,
  ): TopOfferLists {
    const categoryIds = [...new Set(picked.map(({ match }) => match.categoryId))];
    const tournamentIds = [...new Set(picked.map(({ match }) => match.tournamentId))];
    const name = (row: NamedRow | undefined) => localize(row?.name, context);
    const format = query.dataFormat;
    return {
      sports: shaped(
        sportRows.map((sport) => ({ idSport: sport.id, sportName: localize(sport.name, context) })),
        format.sports,
        (sport) => sport.idSport,
      ),
      categories: shaped(
        categoryIds.map((id) => ({ idCategory: id, categoryName: name(upcoming.categories.get(id)) })),
        format.categories,
        (category) => category.idCategory,
      ),
      tournaments: shaped(
        tournamentIds.map((id) => ({ idTournament: id, tournamentName: name(upcoming.tournaments.get(id)) })),
        format.tournaments,
        (tournament) => tournament.idTournament,
      ),
      matches: shaped(
        picked.map((entry) => toMatch(entry, context)),
        format.matches,
        (match) => match.matchId,
      ),
    };
  }

  return {
    /** Drops the cached picture: the odds channel said something changed. */
    invalidate() {
      generation++;
      cached = null;
    },

    /**
     * Sports list (§7.1): the sports with matches to show in the window, by tab position, their categories and
     * tournaments; with topOffer.matches, each sport's first 14 of those matches too.
     */
    async sportsList(query: TopOfferQuery, context: LocaleContext): Promise<TopOfferLists> {
      const now = clock.now();
      const upcoming = await book(now);
      const all = eligible(upcoming, query, now.getTime(), query.id_sport);
      const withMatches = new Set(all.map(({ match }) => match.sportId));
      const sportRows = upcoming.sports.filter((sport) => withMatches.has(sport.id));
      const perSport = new Map<number, number>();
      const picked = query.topOffer?.matches
        ? all.filter(({ match }) => {
            const count = perSport.get(match.sportId) ?? 0;
            perSport.set(match.sportId, count + 1);
            return count < SPEC.matchesShown;
          })
        : [];
      const described = query.topOffer?.matches ? picked : all;
      const result = lists(upcoming, described, sportRows, query, context);
      if (!query.topOffer?.matches) result.matches = shaped([], query.dataFormat.matches, () => 0);
      return result;
    },

    /** Matches for a sport (§7.2): every match of the sport in the window, markets below bet_count. */
    async sportMatches(query: TopOfferQuery, context: LocaleContext): Promise<TopOfferLists> {
      if (query.id_sport === undefined) throw new ValidationError({ id_sport: 'id_sport is required' });
      const now = clock.now();
      const upcoming = await book(now);
      const sport = upcoming.sports.find((row) => row.id === query.id_sport);
      if (!sport) throw new NotFoundError('There is no such sport.');
      const picked = eligible(upcoming, query, now.getTime(), sport.id);
      return lists(upcoming, picked, [sport], query, context);
    },
  };
}
