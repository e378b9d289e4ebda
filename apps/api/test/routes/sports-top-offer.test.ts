import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sportMatchesResponseSchema, topOfferResponseSchema } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { englishBook, footballMatch, germanNames, listParameters, topOfferQuery } from '../helpers/sports-fixtures';
import { buildSportsApp, pushFeed, type SportsTestApp } from './sports-helpers';

let t: SportsTestApp;
const now = Date.now();

beforeAll(async () => {
  t = await buildSportsApp();
  const english = await pushFeed(t, englishBook(now));
  expect(english.statusCode).toBe(200);
  expect(english.json()).toMatchObject({ sports: 2, categories: 2, tournaments: 2, matches: 5, markets: 17 });
  const german = await pushFeed(t, germanNames());
  expect(german.statusCode).toBe(200);
});
afterAll(async () => t.close());

const get = (path: string, parameters: Record<string, unknown>) =>
  t.app.inject({ method: 'GET', url: `/spa/sports/${path}?${topOfferQuery(parameters)}` });

describe('GET /spa/sports/top-offer', () => {
  it("lists the sports with matches in the window keyed by id, with the first sport's top-offer matches", async () => {
    const response = await get('top-offer', listParameters(now));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    const body = topOfferResponseSchema.parse(response.json());
    expect(body.sports).toEqual({ 1: { idSport: 1, sportName: 'Football' }, 2: { idSport: 2, sportName: 'Tennis' } });
    // The first tab's matches come along: not the one beyond three days, not the one that has started.
    expect(body.matches.map((match) => match.matchId)).toEqual([9_000_001, 9_000_002]);
    expect(body.categories).toEqual({ 101: { idCategory: 101, categoryName: 'England' } });
    expect(body.tournaments).toEqual([{ idTournament: 1001, tournamentName: 'Premier League' }]);
    const arsenal = body.matches[0]!;
    expect(arsenal.matchTeams).toEqual([
      { matchTeamType: '1', teamName: 'Arsenal' },
      { matchTeamType: '2', teamName: 'Chelsea' },
    ]);
    // Positions 0–2 of the four markets; the total counts all four.
    expect(arsenal.matchBets.map((bet) => bet.matchBetPosition)).toEqual([0, 1, 2]);
    expect(arsenal.matchBetsTotal).toBe(4);
    expect(arsenal.matchBets[0]!.matchBetOutcomes).toEqual([
      { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 2.1 },
      { providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 3.4 },
      { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: 3.6 },
    ]);
  });

  it('answers a caller who holds the same answer (If-None-Match) with a bodiless 304', async () => {
    const first = await get('top-offer', listParameters(now));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: `/spa/sports/top-offer?${topOfferQuery(listParameters(now))}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=5');
    // Another language is another answer.
    const german = await t.app.inject({
      method: 'GET',
      url: `/spa/sports/top-offer?${topOfferQuery(listParameters(now, 'de'))}`,
      headers: { 'if-none-match': etag },
    });
    expect(german.statusCode).toBe(200);
  });

  it('names everything in language.default, falling back to the default language where a name is missing', async () => {
    const response = await get('top-offer', listParameters(now, 'de'));
    expect(response.statusCode).toBe(200);
    const body = topOfferResponseSchema.parse(response.json());
    expect(body.sports['1']!.sportName).toBe('Fußball');
    expect(body.tournaments).toEqual(
      expect.arrayContaining([{ idTournament: 1001, tournamentName: 'Premier League' }]),
    );
    const english = topOfferResponseSchema.parse((await get('top-offer', listParameters(now, 'en'))).json());
    expect(english.sports['1']!.sportName).toBe('Football');
  });

  it('honours dataFormat: arrays when asked, and no matches without topOffer.matches', async () => {
    const parameters = {
      ...listParameters(now),
      dataFormat: { sports: 'array', categories: 'array', tournaments: 'object', matches: 'object' },
      topOffer: { matches: false },
    };
    const response = await get('top-offer', parameters);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sports).toEqual([
      { idSport: 1, sportName: 'Football' },
      { idSport: 2, sportName: 'Tennis' },
    ]);
    // Without matches, the categories of every listed sport.
    expect(body.categories).toHaveLength(2);
    expect(body.tournaments['1001']).toEqual({ idTournament: 1001, tournamentName: 'Premier League' });
    expect(body.matches).toEqual({});
  });
});

describe('GET /spa/sports/top-offer/matches', () => {
  const matchesParameters = (sport: unknown, extra: Record<string, unknown> = {}) => ({
    ...listParameters(now),
    dataFormat: { sports: 'array', categories: 'array', tournaments: 'array' },
    id_sport: sport,
    bet_count: 3,
    ...extra,
  });

  it("answers one sport's matches in the window with everything as arrays", async () => {
    const response = await get('top-offer/matches', matchesParameters(2));
    expect(response.statusCode).toBe(200);
    const body = sportMatchesResponseSchema.parse(response.json());
    expect(body.sports).toEqual([{ idSport: 2, sportName: 'Tennis' }]);
    expect(body.categories).toEqual([{ idCategory: 201, categoryName: 'ATP' }]);
    expect(body.tournaments).toEqual([{ idTournament: 2001, tournamentName: 'Madrid' }]);
    expect(body.matches.map((match) => match.matchId)).toEqual([9_100_001]);
    expect(body.matches[0]!.matchBets[0]!.matchBetOutcomes.map((o) => o.matchBetOutcomeOddValue)).toEqual([1.72, 2.05]);
  });

  it('keeps markets below bet_count', async () => {
    const response = await get('top-offer/matches', matchesParameters(1, { bet_count: 1 }));
    const body = sportMatchesResponseSchema.parse(response.json());
    expect(body.matches.map((match) => match.matchId)).toEqual([9_000_001, 9_000_002]);
    for (const match of body.matches) {
      expect(match.matchBets.map((bet) => bet.matchBetPosition)).toEqual([0]);
      expect(match.matchBetsTotal).toBe(4);
    }
  });

  it('answers a sport without matches in the window with empty lists', async () => {
    const later = {
      ...matchesParameters(2),
      params: {
        ...listParameters(now).params,
        start_date: new Date(now + 4 * 86_400_000).toISOString(),
        end_date: new Date(now + 6 * 86_400_000).toISOString(),
      },
    };
    const body = sportMatchesResponseSchema.parse((await get('top-offer/matches', later)).json());
    expect(body.matches).toEqual([]);
    expect(body.sports).toEqual([{ idSport: 2, sportName: 'Tennis' }]);
  });

  it('shows moved odds at once: the odds channel drops the cached book', async () => {
    const before = sportMatchesResponseSchema.parse((await get('top-offer/matches', matchesParameters(1))).json());
    expect(before.matches[0]!.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue).toBe(2.1);
    const pushed = await pushFeed(t, {
      language: 'en',
      matches: [footballMatch(9_000_001, now + 2 * 3_600_000, { teams: ['Arsenal', 'Chelsea'], odds: { '1': 2.125 } })],
    });
    expect(pushed.statusCode).toBe(200);
    let odd = 0;
    for (let attempt = 0; attempt < 40 && odd !== 2.125; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const body = sportMatchesResponseSchema.parse((await get('top-offer/matches', matchesParameters(1))).json());
      odd = body.matches[0]!.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue;
    }
    expect(odd).toBe(2.125);
  });
});

describe('top-offer calls refuse bad or missing parameters', () => {
  const base = () => ({ ...listParameters(now), id_sport: 1 });
  const without = (name: string) => {
    const parameters: Record<string, unknown> = base();
    delete parameters[name];
    return parameters;
  };

  it.each(['dataFormat', 'language', 'params'])('400 without %s', async (name) => {
    for (const path of ['top-offer', 'top-offer/matches']) {
      const body = expectErrorEnvelope(await get(path, without(name)), 400, 'validation_failed');
      expect(Object.keys(body.error.fields ?? {}).join()).toContain(name);
    }
  });

  it('400 when id_sport is missing from the matches call', async () => {
    const body = expectErrorEnvelope(await get('top-offer/matches', without('id_sport')), 400, 'validation_failed');
    expect(body.error.fields).toHaveProperty('id_sport');
  });

  it.each([
    ['a parameter that is not JSON', { language: '{default:de}' }],
    ['an unknown language', { language: { default: 'fr' } }],
    ['an unknown data format', { dataFormat: { sports: 'map', categories: 'object' } }],
    ['another delivery platform', { params: { ...listParameters(now).params, delivery_platform: 'App' } }],
    ['a date that is not ISO 8601', { params: { ...listParameters(now).params, start_date: 'tomorrow' } }],
    ['an id_sport that is not a number', { id_sport: '"football"' }],
    ['a bet_count of 0', { bet_count: 0 }],
    ['topOffer without matches', { topOffer: {} }],
  ])('400 for %s', async (_name, change) => {
    for (const path of ['top-offer', 'top-offer/matches']) {
      expectErrorEnvelope(await get(path, { ...base(), ...change }), 400, 'validation_failed');
    }
  });

  it.each([
    ['an end before the start', { end_date: new Date(now - 60_000).toISOString() }],
    ['a window over seven days', { end_date: new Date(now + 8 * 86_400_000).toISOString() }],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }],
  ])('400 for %s', async (_name, change) => {
    const parameters = { ...base(), params: { ...listParameters(now).params, ...change } };
    for (const path of ['top-offer', 'top-offer/matches']) {
      const body = expectErrorEnvelope(await get(path, parameters), 400, 'validation_failed');
      expect(body.error.fields).toHaveProperty('params');
    }
  });

  it('400 for a repeated parameter', async () => {
    const query = `${topOfferQuery(base())}&${new URLSearchParams({ language: '{"default":"de"}' }).toString()}`;
    expectErrorEnvelope(await t.app.inject({ url: `/spa/sports/top-offer?${query}` }), 400, 'validation_failed');
  });

  it('404 for a sport the book does not have', async () => {
    expectErrorEnvelope(await get('top-offer/matches', { ...base(), id_sport: 999 }), 404, 'not_found');
  });
});
