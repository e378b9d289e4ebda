import type { FeedIngestInput } from '@playhouse/shared';

/*
 * The live benchmark's feed: a small book of football matches in play, pushed through the api's feed endpoint as a
 * real feed pushes it. Every update carries its own `matchLiveState.at`, unique and increasing across the run: it is
 * the update's mark, which the client finds again in what each stream receives (the match page's `liveState.at`,
 * the live page's newest `liveState.at`) to tell which update a message delivers and when it was fed.
 */

export const LIVE_FEED_TOKEN = 'bench-live-feed-token-0123456789abcdef';
const SPORT = 1;
const CATEGORY = 99_001;
const TOURNAMENT = 990_001;
/** The matches every update moves: the match page's streams watch these. */
export const MOVING_MATCHES = [99_000_001, 99_000_002, 99_000_003, 99_000_004, 99_000_005];
/** Matches in play that stay as they are: the live page lists them beside the moving ones, as a live page would. */
const STILL_MATCHES = [99_000_006, 99_000_007, 99_000_008, 99_000_009, 99_000_010];

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

const MARKETS: { name: string; outcomes: [string, number][] }[] = [
  {
    name: 'Match result',
    outcomes: [
      ['1', 2.1],
      ['X', 3.4],
      ['2', 3.6],
    ],
  },
  {
    name: 'Total goals 2.5',
    outcomes: [
      ['> 2.5', 1.95],
      ['< 2.5', 1.85],
    ],
  },
  {
    name: 'Double chance',
    outcomes: [
      ['1X', 1.3],
      ['12', 1.33],
      ['X2', 1.7],
    ],
  },
  {
    name: 'Both teams score',
    outcomes: [
      ['yes', 1.8],
      ['no', 2.0],
    ],
  },
  {
    name: 'Next goal',
    outcomes: [
      ['1', 2.4],
      ['none', 6.5],
      ['2', 2.9],
    ],
  },
  {
    name: 'Handicap -1.5',
    outcomes: [
      ['1 (-1.5)', 3.75],
      ['2 (+1.5)', 1.25],
    ],
  },
  {
    name: 'Total goals 3.5',
    outcomes: [
      ['> 3.5', 3.1],
      ['< 3.5', 1.35],
    ],
  },
  {
    name: 'Half-time result',
    outcomes: [
      ['1', 2.9],
      ['X', 2.1],
      ['2', 4.2],
    ],
  },
];

/** One match in play at update `tick`, its state seen at `at`: the clock runs and the result market's odds move. */
function liveMatch(matchId: number, index: number, at: number, tick: number, startsAt: number): FeedMatch {
  // Three prices in turn, so that every update changes what the match shows (and the texts keep their length).
  const drift = [0, 0.1, 0.2][tick % 3]!;
  return {
    matchId,
    idSport: SPORT,
    matchDateTimeUTC: startsAt,
    idCategory: CATEGORY,
    idTournament: TOURNAMENT,
    matchTeams: [
      { matchTeamType: '1', teamName: `Bench Home ${index + 1}` },
      { matchTeamType: '2', teamName: `Bench Away ${index + 1}` },
    ],
    matchStatus: 'live',
    matchLiveState: {
      at,
      period: 1,
      phase: 'play',
      clock: { seconds: 1_200 + (tick % 600), running: true, direction: 'up' },
      score: [index % 3, 1],
      periods: [[index % 3, 1]],
    },
    matchBets: MARKETS.map((market, position) => ({
      idMatchBet: matchId * 10 + position,
      betName: market.name,
      matchBetPosition: position,
      matchBetStatus: 'open',
      matchBetOutcomes: market.outcomes.map(([label, odd], outcomePosition) => ({
        providerBetOutcomeId: label,
        matchBetOutcomePosition: outcomePosition,
        matchBetOutcomeOddValue: position === 0 && outcomePosition === 0 ? Math.round((odd + drift) * 100) / 100 : odd,
      })),
    })),
    matchBetsTotal: MARKETS.length,
  };
}

/** The first delivery: the league and every match in play, the still ones with their state at `at`. */
export function setupDelivery(at: number, startsAt: number): FeedIngestInput {
  return {
    language: 'en',
    sports: [{ idSport: SPORT, sportName: 'Football' }],
    categories: [{ idCategory: CATEGORY, categoryName: 'Benchland', idSport: SPORT }],
    tournaments: [{ idTournament: TOURNAMENT, tournamentName: 'Bench League', idCategory: CATEGORY }],
    matches: [...MOVING_MATCHES, ...STILL_MATCHES].map((id, index) => liveMatch(id, index, at, 0, startsAt)),
  };
}

/** Update `tick`: every moving match, its state seen at `at`. */
export function updateDelivery(at: number, tick: number, startsAt: number): FeedIngestInput {
  return {
    language: 'en',
    matches: MOVING_MATCHES.map((id, index) => liveMatch(id, index, at, tick, startsAt)),
  };
}

const AT_KEY = Buffer.from('"at":');

/**
 * The newest `"at":` value in a message's data, read from the bytes (0 when there is none): the mark of the newest
 * update the message carries. Only the live state has a key named `at`.
 */
export function newestMark(data: Buffer, from = 0, to = data.length): number {
  let newest = 0;
  for (let index = data.indexOf(AT_KEY, from); index !== -1 && index < to; index = data.indexOf(AT_KEY, index + 1)) {
    let value = 0;
    for (let digit = index + AT_KEY.length; digit < to; digit++) {
      const code = data[digit]!;
      if (code < 48 || code > 57) break;
      value = value * 10 + (code - 48);
    }
    if (value > newest) newest = value;
  }
  return newest;
}
