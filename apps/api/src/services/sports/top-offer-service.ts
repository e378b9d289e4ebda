import type { Db } from '@playhouse/db';
import { SPEC, type Match, type TopOfferQuery } from '@playhouse/shared';
import { etagOf, type Answer } from '../../lib/answers';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import type { Clock } from '../../lib/clock';
import { createMemoryCache } from '../../lib/memory-cache';
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

const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_MAX = 1_000;

/** Building an Intl formatter costs about a millisecond: each zone name is checked once. */
function validTimeZone(zone: string): boolean {
  let valid = knownZones.get(zone);
  if (valid !== undefined) return valid;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(zone, valid);
  return valid;
}

/** Answers kept for the pictures of the book; a new picture's answers push out the old ones. */
const ANSWERS_KEPT = 256;

export type TopOfferService = ReturnType<typeof createTopOfferService>;

/**
 * The two top-offer calls of SPEC.md §7.1–2 over one in-memory picture of the upcoming book. The picture is rebuilt
 * at most every `cacheTtlMs`, and at once after the odds channel reports a change (see `invalidate`), so a burst of
 * visitors costs one set of queries; each answer is serialized once per picture, with its ETag.
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
  // The picture, read afresh when it is older than cacheTtlMs or an odds change dropped it; concurrent readers share
  // one read, and a read that a change overtook is not kept.
  const pictures = createMemoryCache<{ upcoming: UpcomingBook; id: number }>({ max: 1, ttlMs: cacheTtlMs });
  let pictureIds = 0;
  const answers = createMemoryCache<Answer<null>>({ max: ANSWERS_KEPT, ttlMs: cacheTtlMs });

  async function book(now: Date) {
    return pictures.get('book', async () => ({ upcoming: await loadUpcomingBook(db, now), id: ++pictureIds }));
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

  /** The book's matches start in order: the window is one slice of them, [from, to). */
  function slice(upcoming: UpcomingBook, query: TopOfferQuery, now: number): { from: number; to: number } {
    const { start, end } = window(query);
    const firstShown = Math.max(now + 1, start);
    let from = 0;
    while (from < upcoming.matches.length && upcoming.matches[from]!.startsAt < firstShown) from++;
    let to = from;
    while (to < upcoming.matches.length && upcoming.matches[to]!.startsAt <= end) to++;
    return { from, to };
  }

  /** Matches of the slice that the top offer can show: of the sport, with at least one market within bet_count. */
  function eligible(
    upcoming: UpcomingBook,
    query: TopOfferQuery,
    range: { from: number; to: number },
    sportId?: number,
  ) {
    const positions = query.bet_count ?? SPEC.betCount;
    return upcoming.matches.slice(range.from, range.to).flatMap((match) => {
      if (sportId !== undefined && match.sportId !== sportId) return [];
      const shown = match.markets.filter((market) => market.position < positions);
      return shown.length > 0 ? [{ match, shown }] : [];
    });
  }

  /**
   * Answers as JSON text with its ETag, kept per picture of the book: two requests for the same slice of the same
   * picture in the same language and shape get the same text, without building or serializing it again.
   */
  async function answer(
    kind: 'list' | 'matches',
    query: TopOfferQuery,
    context: LocaleContext,
    build: (upcoming: UpcomingBook, range: { from: number; to: number }) => TopOfferLists,
  ): Promise<Answer<null>> {
    const now = clock.now();
    window(query);
    const { upcoming, id } = await book(now);
    const range = slice(upcoming, query, now.getTime());
    const key = JSON.stringify([
      id,
      kind,
      context.locale,
      context.defaultLocale,
      query.dataFormat,
      query.bet_count ?? null,
      query.id_sport ?? null,
      query.topOffer?.matches ?? false,
      range.from,
      range.to,
    ]);
    return answers.get(key, async () => {
      const body = JSON.stringify(build(upcoming, range));
      return { value: null, body, etag: etagOf(body) };
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
      pictures.clear();
    },

    /**
     * Sports list (§7.1) as JSON: the sports with matches to show in the window, by tab position; with
     * topOffer.matches, the first sport's first 14 of those matches and their categories and tournaments, without
     * it the categories and tournaments of every listed sport.
     */
    sportsList(query: TopOfferQuery, context: LocaleContext): Promise<Answer<null>> {
      return answer('list', query, context, (upcoming, range) => {
        const all = eligible(upcoming, query, range, query.id_sport);
        const withMatches = new Set(all.map(({ match }) => match.sportId));
        const sportRows = upcoming.sports.filter((sport) => withMatches.has(sport.id));
        if (!query.topOffer?.matches) {
          const result = lists(upcoming, all, sportRows, query, context);
          return { ...result, matches: shaped([], query.dataFormat.matches, () => 0) };
        }
        // The first tab's table comes with the list, so the block paints without a second call.
        const first = sportRows[0]?.id;
        const picked = all.filter(({ match }) => match.sportId === first).slice(0, SPEC.matchesShown);
        return lists(upcoming, picked, sportRows, query, context);
      });
    },

    /** Matches for a sport (§7.2) as JSON: every match of the sport in the window, markets below bet_count. */
    async sportMatches(query: TopOfferQuery, context: LocaleContext): Promise<Answer<null>> {
      const sportId = query.id_sport;
      if (sportId === undefined) throw new ValidationError({ id_sport: 'id_sport is required' });
      const { upcoming } = await book(clock.now());
      const sport = upcoming.sports.find((row) => row.id === sportId);
      if (!sport) throw new NotFoundError('There is no such sport.');
      return answer('matches', query, context, (current, range) =>
        lists(
          current,
          eligible(current, query, range, sportId),
          [current.sports.find((row) => row.id === sportId) ?? sport],
          query,
          context,
        ),
      );
    },
  };
}
