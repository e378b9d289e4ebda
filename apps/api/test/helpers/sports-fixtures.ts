import type { FeedIngestInput } from '@playhouse/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

/** A football match whose market ids are matchId × 10 + k, the way the simulator numbers them. */
export function footballMatch(
  matchId: number,
  startsAt: number,
  options: {
    teams?: [string, string];
    tournament?: number;
    category?: number;
    odds?: Partial<Record<string, number>>;
  } = {},
): FeedMatch {
  const odd = (label: string, fallback: number) => options.odds?.[label] ?? fallback;
  return {
    matchId,
    idSport: 1,
    matchDateTimeUTC: startsAt,
    idCategory: options.category ?? 101,
    idTournament: options.tournament ?? 1001,
    matchTeams: [
      { matchTeamType: '1', teamName: options.teams?.[0] ?? `Home ${matchId}` },
      { matchTeamType: '2', teamName: options.teams?.[1] ?? `Away ${matchId}` },
    ],
    matchBets: [
      {
        idMatchBet: matchId * 10,
        betName: 'Match result',
        matchBetPosition: 0,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: odd('1', 2.1) },
          { providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: odd('X', 3.4) },
          { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: odd('2', 3.6) },
        ],
      },
      {
        idMatchBet: matchId * 10 + 1,
        betName: 'Total goals 2.5',
        matchBetPosition: 1,
        matchBetOutcomes: [
          { providerBetOutcomeId: '> 2.5', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: odd('> 2.5', 1.95) },
          { providerBetOutcomeId: '< 2.5', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: odd('< 2.5', 1.85) },
        ],
      },
      {
        idMatchBet: matchId * 10 + 2,
        betName: 'Double chance',
        matchBetPosition: 2,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1X', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: odd('1X', 1.3) },
          { providerBetOutcomeId: '12', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: odd('12', 1.33) },
          { providerBetOutcomeId: 'X2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: odd('X2', 1.7) },
        ],
      },
      {
        idMatchBet: matchId * 10 + 3,
        betName: 'Handicap',
        matchBetPosition: 3,
        matchBetOutcomes: [
          {
            providerBetOutcomeId: '1 (-1.5)',
            matchBetOutcomePosition: 0,
            matchBetOutcomeOddValue: odd('1 (-1.5)', 3.75),
          },
          {
            providerBetOutcomeId: '2 (+1.5)',
            matchBetOutcomePosition: 1,
            matchBetOutcomeOddValue: odd('2 (+1.5)', 1.25),
          },
        ],
      },
    ],
    matchBetsTotal: 4,
  };
}

/** A tennis match with the winner market only. */
export function tennisMatch(matchId: number, startsAt: number): FeedMatch {
  return {
    matchId,
    idSport: 2,
    matchDateTimeUTC: startsAt,
    idCategory: 201,
    idTournament: 2001,
    matchTeams: [
      { matchTeamType: '1', teamName: 'Jannik Sinner' },
      { matchTeamType: '2', teamName: 'Carlos Alcaraz' },
    ],
    matchBets: [
      {
        idMatchBet: matchId * 10,
        betName: 'Winner',
        matchBetPosition: 0,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 1.72 },
          { providerBetOutcomeId: '2', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 2.05 },
        ],
      },
    ],
    matchBetsTotal: 1,
  };
}

/**
 * A small book in English: football (England, Premier League) and tennis (ATP, Madrid), with matches soon,
 * tomorrow, beyond the three-day window, and one that has already started.
 */
export function englishBook(now: number): FeedIngestInput {
  return {
    language: 'en',
    sports: [
      { idSport: 1, sportName: 'Football' },
      { idSport: 2, sportName: 'Tennis' },
    ],
    categories: [
      { idCategory: 101, categoryName: 'England' },
      { idCategory: 201, categoryName: 'ATP' },
    ],
    tournaments: [
      { idTournament: 1001, tournamentName: 'Premier League' },
      { idTournament: 2001, tournamentName: 'Madrid' },
    ],
    matches: [
      footballMatch(9_000_001, now + 2 * HOUR, { teams: ['Arsenal', 'Chelsea'] }),
      footballMatch(9_000_002, now + 26 * HOUR, { teams: ['Liverpool', 'Everton'] }),
      footballMatch(9_000_003, now + 5 * 24 * HOUR, { teams: ['Fulham', 'Brentford'] }),
      footballMatch(9_000_004, now - 10 * MINUTE, { teams: ['Burnley', 'Wolves'] }),
      tennisMatch(9_100_001, now + 3 * HOUR),
    ],
  };
}

/** The same book's names in German. */
export function germanNames(): FeedIngestInput {
  return {
    language: 'de',
    sports: [
      { idSport: 1, sportName: 'Fußball' },
      { idSport: 2, sportName: 'Tennis' },
    ],
    categories: [
      { idCategory: 101, categoryName: 'England' },
      { idCategory: 201, categoryName: 'ATP' },
    ],
    tournaments: [{ idTournament: 2001, tournamentName: 'Madrid' }],
  };
}

/** The query string of a top-offer call: each top-level parameter one JSON value (SPEC.md §7.1–2). */
export function topOfferQuery(parameters: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(parameters).map(([name, value]): [string, string] => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  ).toString();
}

/** The parameters the web sends for the sports list, for now to now + 3 days. */
export function listParameters(now: number, language = 'en') {
  return {
    dataFormat: { sports: 'object', categories: 'object' },
    language: { default: language },
    params: {
      start_date: new Date(now).toISOString(),
      end_date: new Date(now + 3 * 24 * HOUR).toISOString(),
      timezone: 'Europe/Berlin',
      delivery_platform: 'Web',
      company_uuid: '2f1c1f3e-1b7e-4f5c-9c55-8d0f1d1f0a11',
    },
    topOffer: { matches: true },
  };
}
