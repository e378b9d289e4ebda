import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchDetailSchema, type FeedIngestInput, type LiveState, type MatchDetail } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { footballMatch } from '../helpers/sports-fixtures';
import { buildSportsApp, fund, idempotencyKey, pushFeed, signedInUser, type SportsTestApp } from './sports-helpers';

/*
 * The feed's matches in play: live state and live odds in the seed's feed format, extended by `matchLiveState` and
 * the markets' statuses (docs/decisions.md, "Sportsbook: matches in play").
 */

let t: SportsTestApp;
const now = Date.now();
const MINUTE = 60_000;
const MATCH = 9_400_001;

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

beforeAll(async () => {
  t = await buildSportsApp();
  const response = await pushFeed(t, {
    sports: [{ idSport: 1, sportName: 'Football' }],
    categories: [{ idCategory: 101, categoryName: 'England' }],
    tournaments: [{ idTournament: 1001, tournamentName: 'Premier League' }],
    matches: [footballMatch(MATCH, now - 20 * MINUTE, { teams: ['Arsenal', 'Chelsea'] })],
  });
  expect(response.statusCode).toBe(200);
});
afterAll(async () => t.close());

async function detail(matchId = MATCH): Promise<MatchDetail> {
  const response = await t.app.inject({ method: 'GET', url: `/spa/sports/matches/${matchId}` });
  expect(response.statusCode).toBe(200);
  return matchDetailSchema.parse(response.json<{ match: unknown }>().match);
}

const state = (overrides: Partial<LiveState> = {}): LiveState => ({
  at: now,
  period: 1,
  phase: 'play',
  clock: { seconds: 20 * 60, running: true, direction: 'up' },
  score: [0, 0],
  periods: [[0, 0]],
  stats: { yellowCards: [0, 1], redCards: [0, 0], corners: [2, 1] },
  ...overrides,
});

/** The match as a live feed sends it: state, status and (optionally) every market with a status and new prices. */
function live(
  liveState: LiveState,
  markets: { status?: 'open' | 'suspended'; odds?: Partial<Record<string, number>> } | null,
): FeedMatch {
  const base = footballMatch(MATCH, now - 20 * MINUTE, { teams: ['Arsenal', 'Chelsea'], odds: markets?.odds ?? {} });
  return {
    ...base,
    matchStatus: 'live',
    matchLiveState: liveState,
    matchBets: markets
      ? base.matchBets.map((bet) => ({ ...bet, ...(markets.status ? { matchBetStatus: markets.status } : {}) }))
      : [],
  };
}

const statuses = (match: MatchDetail) => [...new Set(match.matchBets.map((market) => market.status))];

describe('matches in play through POST /spa/staff/sports/feed', () => {
  it("suspends every market at kick-off, keeps the live state, and offers markets again on the feed's word", async () => {
    const kickOff = await pushFeed(t, {
      matches: [live(state({ clock: { seconds: 0, running: true, direction: 'up' } }), null)],
    });
    expect(kickOff.statusCode).toBe(200);
    let match = await detail();
    expect(match.status).toBe('live');
    // A match in play takes bets (after their delay) on the markets the feed offers; at kick-off it offers none.
    expect(match.bettingOpen).toBe(true);
    expect(statuses(match)).toEqual(['suspended']);
    expect(match.liveState).toMatchObject({ period: 1, phase: 'play', score: [0, 0] });

    // Live odds without a status keep the markets as they were: in play only the feed's "open" offers one.
    await pushFeed(t, { matches: [live(state({ at: now + 1 }), { odds: { '1': 2.2 } })] });
    expect(statuses(await detail())).toEqual(['suspended']);

    await pushFeed(t, { matches: [live(state({ at: now + 2 }), { status: 'open', odds: { '1': 2.3 } })] });
    match = await detail();
    expect(statuses(match)).toEqual(['open']);
    expect(match.matchBets[0]!.matchBetOutcomes[0]).toMatchObject({
      providerBetOutcomeId: '1',
      matchBetOutcomeOddValue: 2.3,
    });
    expect(match.liveState?.clock).toEqual({ seconds: 1200, running: true, direction: 'up' });
  });

  it('suspends on a goal and reopens with new prices', async () => {
    const goal = state({ at: now + 10, score: [1, 0], periods: [[1, 0]], incident: { kind: 'goal', team: '1' } });
    await pushFeed(t, { matches: [live(goal, { status: 'suspended' })] });
    let match = await detail();
    expect(statuses(match)).toEqual(['suspended']);
    expect(match.liveState).toMatchObject({ score: [1, 0], incident: { kind: 'goal', team: '1' } });

    const after = state({ at: now + 20, score: [1, 0], periods: [[1, 0]] });
    await pushFeed(t, { matches: [live(after, { status: 'open', odds: { '1': 1.5, X: 4.2, '2': 6.5 } })] });
    match = await detail();
    expect(statuses(match)).toEqual(['open']);
    expect(match.matchBets[0]!.matchBetOutcomes.map((outcome) => outcome.matchBetOutcomeOddValue)).toEqual([
      1.5, 4.2, 6.5,
    ]);
    expect(match.liveState?.incident).toBeUndefined();
  });

  it('keeps the newer state when an older one arrives late', async () => {
    const before = await detail();
    const response = await pushFeed(t, { matches: [live(state({ at: now + 5, score: [0, 0] }), null)] });
    expect(response.json<{ skipped: string[] }>().skipped).toContain(`stale:live:${MATCH}`);
    expect((await detail()).liveState).toEqual(before.liveState);
  });

  it('refuses a live state that breaks the format with 400 and changes nothing', async () => {
    const before = await detail();
    const bad: unknown[] = [
      { ...state({ at: now + 30 }), period: 0 },
      { ...state({ at: now + 30 }), score: [-1, 0] },
      { ...state({ at: now + 30 }), phase: 'halftime' },
      { ...state({ at: now + 30 }), gamePoints: ['15', 'Z'] },
      { ...state({ at: now + 30 }), periods: Array.from({ length: 21 }, () => [0, 0]) },
      { ...state({ at: now + 30 }), clock: { seconds: 60, running: true, direction: 'sideways' } },
      { ...state({ at: now + 30 }), at: 'now' },
    ];
    for (const matchLiveState of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/staff/sports/feed',
        headers: { 'x-feed-token': 'sports-route-test-feed-token-0123456789' },
        payload: { matches: [{ ...live(state(), { status: 'open', odds: { '1': 9.5 } }), matchLiveState }] },
      });
      expectErrorEnvelope(response, 400, 'validation_failed');
    }
    // A live state beside a status that says the match is not in play contradicts itself.
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/sports/feed',
      headers: { 'x-feed-token': 'sports-route-test-feed-token-0123456789' },
      payload: { matches: [{ ...live(state({ at: now + 30 }), { status: 'open' }), matchStatus: 'scheduled' }] },
    });
    expectErrorEnvelope(scheduled, 400, 'validation_failed');
    expect(await detail()).toEqual(before);
  });

  it('leaves out a live state for a match that is not in play', async () => {
    const upcoming = 9_400_002;
    await pushFeed(t, { matches: [footballMatch(upcoming, now + 60 * MINUTE)] });
    const { matchLiveState, matchStatus, ...rest } = live(state(), null);
    expect(matchStatus).toBe('live');
    const response = await pushFeed(t, {
      matches: [{ ...rest, matchId: upcoming, matchDateTimeUTC: now + 60 * MINUTE, matchLiveState, matchBets: [] }],
    });
    expect(response.json<{ skipped: string[] }>().skipped).toEqual([`live:${upcoming}`]);
    const match = await detail(upcoming);
    expect(match.liveState).toBeNull();
    expect(match.status).toBe('scheduled');
  });

  it('keeps the final state of an ended match against later deliveries', async () => {
    const final = state({
      at: now + 100,
      phase: 'ended',
      period: 2,
      score: [2, 1],
      periods: [
        [1, 0],
        [1, 1],
      ],
    });
    await pushFeed(t, { matches: [{ ...live(final, null), matchStatus: 'ended' }] });
    const response = await pushFeed(t, { matches: [live(state({ at: now + 200, score: [5, 5] }), null)] });
    expect(response.json<{ skipped: string[] }>().skipped).toContain(`final:match:${MATCH}`);
    const match = await detail();
    expect(match.status).toBe('ended');
    expect(match.liveState).toMatchObject({ phase: 'ended', score: [2, 1] });
  });

  it('takes a bet on an open market of a match in play after the default bet delay of 5 s', async () => {
    const inPlay = 9_400_003;
    const base = footballMatch(inPlay, now - 5 * MINUTE);
    await pushFeed(t, {
      matches: [
        {
          ...base,
          matchStatus: 'live',
          matchLiveState: state({ at: now }),
          matchBets: base.matchBets.map((bet) => ({ ...bet, matchBetStatus: 'open' as const })),
        },
      ],
    });
    const match = await detail(inPlay);
    expect(statuses(match)).toEqual(['open']);
    const player = await signedInUser(t);
    await fund(t, player.id, 10_00n);
    const outcome = match.matchBets[0]!.matchBetOutcomes[0]!;
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/sports/bets',
      headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
      payload: {
        kind: 'single',
        stake: '1.00',
        oddsChangePolicy: 'any',
        selections: [{ outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue }],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
  }, 15_000);
});
