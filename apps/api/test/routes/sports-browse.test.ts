import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookResponseSchema,
  browseMatchesResponseSchema,
  FAVOURITE_LEAGUES_MAX,
  favouriteLeaguesResponseSchema,
  sportsSearchResponseSchema,
  type LiveState,
} from '@playhouse/shared';
import { schema } from '@playhouse/db';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { buildSportsApp, fund, idempotencyKey, pushFeed, signedInUser, type SportsTestApp } from './sports-helpers';

/* The sportsbook to browse (issue 21): the tree, listings, the matches in play, search and favourite leagues. */

let t: SportsTestApp;
const now = Date.now();
const MINUTE = 60_000;
const LIVE = 9_500_001;

const liveState: LiveState = {
  at: now,
  period: 2,
  phase: 'play',
  clock: { seconds: 60 * 60, running: true, direction: 'up' },
  score: [1, 0],
  periods: [
    [1, 0],
    [0, 0],
  ],
};

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  const live = footballMatch(LIVE, now - 60 * MINUTE, { teams: ['Malmö FF', 'AIK'], category: 102, tournament: 1002 });
  const pushed = await pushFeed(t, {
    categories: [{ idCategory: 102, categoryName: 'Sweden', idSport: 1 }],
    tournaments: [{ idTournament: 1002, tournamentName: 'Allsvenskan', idCategory: 102 }],
    matches: [
      {
        ...live,
        matchStatus: 'live',
        matchLiveState: liveState,
        // In play: the result market open, the others locked for a dangerous moment.
        matchBets: live.matchBets.map((bet, index) => ({ ...bet, matchBetStatus: index === 0 ? 'open' : 'suspended' })),
      },
    ],
  });
  expect(pushed.statusCode).toBe(200);
  // A bet on the tennis match makes its league the most popular.
  const player = await signedInUser(t);
  await fund(t, player.id, 10_000n);
  const [outcome] = await t.db
    .select()
    .from(schema.outcomes)
    .where(eq(schema.outcomes.marketId, 9_100_001 * 10));
  const bet = await t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
    payload: {
      kind: 'single',
      stake: '1',
      oddsChangePolicy: 'any',
      selections: [{ outcomeId: outcome!.id, odd: outcome!.oddThousandths / 1000 }],
    },
  });
  expect(bet.statusCode).toBe(201);
  t.app.services.sports.browse.invalidate();
});
afterAll(async () => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /spa/sports/book', () => {
  it('lists each sport with its countries and leagues, their matches to come and in play, and popular leagues', async () => {
    const response = await get('/spa/sports/book');
    expect(response.statusCode).toBe(200);
    const book = bookResponseSchema.parse(response.json());
    const football = book.sports.find((sport) => sport.idSport === 1)!;
    expect(football).toMatchObject({ sportName: 'Football', slug: 'football-1', upcoming: 3, live: 1 });
    expect(football.categories.map((category) => [category.slug, category.upcoming, category.live])).toEqual([
      ['england-101', 3, 0],
      ['sweden-102', 0, 1],
    ]);
    expect(football.categories[0]!.tournaments).toEqual([
      { idTournament: 1001, tournamentName: 'Premier League', slug: 'premier-league-1001', upcoming: 3, live: 0 },
    ]);
    expect(book.sports.map((sport) => sport.idSport)).toEqual([1, 2]);
    expect(book.popular[0]).toBe(2001);
    expect(book.popular).toEqual(expect.arrayContaining([1001, 1002, 2001]));
  });
});

describe('GET /spa/sports/book/matches', () => {
  it('finds every match of a league, the ones in play first, each with its main markets', async () => {
    const league = browseMatchesResponseSchema.parse((await get('/spa/sports/book/matches?tournament=1001')).json());
    // Every match still to come, however far ahead; the one whose kick-off passed without a feed word is not offered.
    expect(league.matches.map((match) => match.matchId)).toEqual([9_000_001, 9_000_002, 9_000_003]);
    expect(league.truncated).toBe(false);
    expect(league.matches[0]!.matchBets.map((market) => market.betName)).toEqual([
      'Match result',
      'Total goals 2.5',
      'Double chance',
    ]);

    const sport = browseMatchesResponseSchema.parse((await get('/spa/sports/book/matches?sport=1')).json());
    expect(sport.matches.map((match) => match.matchId)).toEqual([LIVE, 9_000_001, 9_000_002, 9_000_003]);
  });

  it('shows the matches in play with score and clock, a suspended market locked rather than missing', async () => {
    const live = browseMatchesResponseSchema.parse((await get('/spa/sports/book/matches?status=live')).json());
    expect(live.matches).toHaveLength(1);
    const [match] = live.matches;
    expect(match).toMatchObject({
      matchId: LIVE,
      status: 'live',
      categoryName: 'Sweden',
      liveState: { score: [1, 0] },
    });
    expect(match!.matchBets.map((market) => market.status)).toEqual(['open', 'suspended', 'suspended']);
  });

  it('answers a bad filter with a 400 in the envelope', async () => {
    for (const query of ['sport=football', 'status=ended', 'tournament=-1', 'category=1.5']) {
      expectErrorEnvelope(await get(`/spa/sports/book/matches?${query}`), 400, 'validation_failed');
    }
  });
});

describe('GET /spa/sitemap', () => {
  it('lists the sportsbook: its home, the live section, and every sport, country and league with matches', async () => {
    const response = await get('/spa/sitemap?host=https://casino.example');
    const locs = new Set(response.json<{ urls: { loc: string }[] }>().urls.map((url) => url.loc));
    for (const path of [
      '/sports',
      '/sports/live',
      '/sports/football-1',
      '/sports/football-1/sweden-102',
      '/sports/football-1/england-101/premier-league-1001',
      '/sports/tennis-2/atp-201/madrid-2001',
    ]) {
      expect(locs.has(`https://casino.example/de${path}`), path).toBe(true);
    }
  });
});

describe('GET /spa/sports/search', () => {
  it('finds matches by a team, a league or a country, without regard to case or accents', async () => {
    const byTeam = sportsSearchResponseSchema.parse((await get('/spa/sports/search?q=malmo')).json());
    expect(byTeam.matches.map((match) => match.matchId)).toEqual([LIVE]);
    const twoWords = sportsSearchResponseSchema.parse((await get('/spa/sports/search?q=CHELSEA%20arsenal')).json());
    expect(twoWords.matches.map((match) => match.matchId)).toEqual([9_000_001]);
    const byLeague = sportsSearchResponseSchema.parse((await get('/spa/sports/search?q=premier')).json());
    expect(byLeague.tournaments).toEqual([
      expect.objectContaining({ idTournament: 1001, slug: 'premier-league-1001', categorySlug: 'england-101' }),
    ]);
    expect(byLeague.matches).toHaveLength(3);
    const player = sportsSearchResponseSchema.parse((await get('/spa/sports/search?q=sinner')).json());
    expect(player.matches.map((match) => match.matchId)).toEqual([9_100_001]);
    const none = sportsSearchResponseSchema.parse((await get('/spa/sports/search?q=zzzz')).json());
    expect(none).toEqual({ tournaments: [], matches: [] });
  });

  it('answers a query too short or too long with a 400 in the envelope', async () => {
    for (const q of ['', 'a', '%20a%20', 'x'.repeat(101)]) {
      expectErrorEnvelope(await get(`/spa/sports/search?q=${q}`), 400, 'validation_failed');
    }
  });
});

describe('favourite leagues', () => {
  it('keeps a player’s favourite leagues: adding twice or removing what is not there changes nothing', async () => {
    const player = await signedInUser(t);
    const put = (id: number | string) =>
      t.app.inject({ method: 'PUT', url: `/spa/sports/favourites/${id}`, headers: player.headers });
    const remove = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/spa/sports/favourites/${id}`, headers: player.headers });
    const list = async () =>
      favouriteLeaguesResponseSchema.parse((await get('/spa/sports/favourites', player.headers)).json()).tournamentIds;

    expect(await list()).toEqual([]);
    expect((await put(1001)).json()).toEqual({ tournamentIds: [1001] });
    expect((await put(1001)).statusCode).toBe(200);
    expect((await put(2001)).statusCode).toBe(200);
    expect((await list()).sort()).toEqual([1001, 2001]);
    expect((await remove(1001)).json()).toEqual({ tournamentIds: [2001] });
    expect((await remove(1001)).json()).toEqual({ tournamentIds: [2001] });

    expectErrorEnvelope(await put(424242), 404, 'league_not_found');
    expectErrorEnvelope(await put('premier'), 400, 'validation_failed');
    // Found by the fuzzer: an id past the database's 32-bit column answered 500.
    expectErrorEnvelope(await put(573135778433), 400, 'validation_failed');
    expectErrorEnvelope(await remove(903685854166), 400, 'validation_failed');
    expect(await list()).toEqual([2001]);

    // Another player's favourites are their own.
    const other = await signedInUser(t);
    expect((await get('/spa/sports/favourites', other.headers)).json()).toEqual({ tournamentIds: [] });
  });

  it('refuses visitors and a favourite beyond the limit, even added all at once', async () => {
    expectErrorEnvelope(await get('/spa/sports/favourites'), 401, 'unauthorized');
    const player = await signedInUser(t);
    const ids = Array.from({ length: FAVOURITE_LEAGUES_MAX + 5 }, (_, i) => 7_000 + i);
    await t.db.insert(schema.tournaments).values(ids.map((id) => ({ id, categoryId: 101, name: { en: `L${id}` } })));
    const answers = await Promise.all(
      ids.map((id) => t.app.inject({ method: 'PUT', url: `/spa/sports/favourites/${id}`, headers: player.headers })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(FAVOURITE_LEAGUES_MAX);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectErrorEnvelope(refused, 409, 'favourite_leagues_full');
    }
    const kept = favouriteLeaguesResponseSchema.parse((await get('/spa/sports/favourites', player.headers)).json());
    expect(kept.tournamentIds).toHaveLength(FAVOURITE_LEAGUES_MAX);
  });
});
