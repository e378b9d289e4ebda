import { get } from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  applyLivePatch,
  browseMatchesResponseSchema,
  DEFAULT_BET_DELAY_MS,
  LIVE_PATCH_EVENT,
  LIVE_SNAPSHOT_EVENT,
  livePatchSchema,
  matchDetailSchema,
  type BrowseMatchesResponse,
  type LivePatch,
  type LiveState,
  type MatchDetail,
} from '@playhouse/shared';
import { CHANNEL_FRESH_MS } from '../../src/lib/sse';
import { ODDS_CHANNEL } from '../../src/services/sports/feed-ingest';
import { englishBook, footballMatch, germanNames } from '../helpers/sports-fixtures';
import { openEventStream, type EventStream } from '../helpers/sse';
import { staffCaller } from '../helpers/staff';
import { buildSportsApp, pushFeed, type SportsTestApp } from './sports-helpers';

/*
 * The match page's and the live page's event streams (issue 21's live benchmark fans them out to thousands): every
 * stream of one match and language, or of the live page in one language, shares one subscription, one read and one
 * serialization per change, and hears every change, including one made while its first read was under way.
 */

let t: SportsTestApp;
let address: string;
const now = Date.now();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WAIT_MS = 15_000;

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  expect((await pushFeed(t, germanNames())).statusCode).toBe(200);
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const opened: EventStream[] = [];
async function open(path: string): Promise<EventStream> {
  const stream = await openEventStream(`${address}${path}`);
  opened.push(stream);
  expect(stream.response.statusCode).toBe(200);
  return stream;
}
afterEach(async () => {
  for (const stream of opened.splice(0)) stream.close();
  vi.restoreAllMocks();
  // Every stream closed: the server lets go of their channels' subscriptions (the sports plugin keeps its own one).
  await expect.poll(() => t.app.services.sports.oddsHub.subscriberCount(), { timeout: WAIT_MS }).toBe(1);
});

/** Marks a value so that each JSON serialization of it is counted. */
function counted<T extends object>(value: T, serializations: { count: number }): T {
  Object.defineProperty(value, 'toJSON', {
    enumerable: false,
    value: () => {
      serializations.count += 1;
      return { ...value };
    },
  });
  return value;
}

/**
 * Stops the clock the channels read (performance.now) until the test ends: on a slow machine, opening five streams one
 * after the other must not look like a quiet spell that has a joining stream read the channel again.
 */
function holdTheClock() {
  const now = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(now);
}

/** Counts the match page's reads and their serializations. */
function watchMatchReads() {
  const sports = t.app.services.sports;
  const original = sports.matchDetail.bind(sports);
  const serializations = { count: 0 };
  const reads = vi
    .spyOn(sports, 'matchDetail')
    .mockImplementation(async (matchId, context) => counted(await original(matchId, context), serializations));
  return { reads, serializations, original };
}

/** Counts the live page's reads and their serializations. */
function watchLiveReads() {
  const browse = t.app.services.sports.browse;
  const original = browse.matches.bind(browse);
  const serializations = { count: 0 };
  const reads = vi
    .spyOn(browse, 'matches')
    .mockImplementation(async (query, context) => counted(await original(query, context), serializations));
  return { reads, serializations, original };
}

const matchEventSchema = z.object({ match: matchDetailSchema });
const nextMatch = async (stream: EventStream): Promise<MatchDetail> =>
  matchEventSchema.parse(await stream.next('match', WAIT_MS)).match;

/** The live page each stream shows: its last whole list with every patch since merged in. */
const shownLive = new WeakMap<EventStream, BrowseMatchesResponse>();
/** The live stream's next message, whole list or patch, as the list the page shows after it. */
async function nextLive(stream: EventStream): Promise<BrowseMatchesResponse> {
  const { event, data } = await stream.nextOf([LIVE_SNAPSHOT_EVENT, LIVE_PATCH_EVENT], WAIT_MS);
  let live: BrowseMatchesResponse;
  if (event === LIVE_SNAPSHOT_EVENT) live = browseMatchesResponseSchema.parse(data);
  else {
    const before = shownLive.get(stream);
    if (!before) throw new Error('a patch before the whole list');
    const matches = applyLivePatch(before.matches, livePatchSchema.parse(data));
    if (!matches) throw new Error('a patch that does not fit the list it follows');
    live = { ...before, matches };
  }
  shownLive.set(stream, live);
  return live;
}
/** The live stream's next message, which must be the whole list. */
async function nextLiveSnapshot(stream: EventStream): Promise<BrowseMatchesResponse> {
  const live = browseMatchesResponseSchema.parse(
    await stream.nextOf([LIVE_SNAPSHOT_EVENT, LIVE_PATCH_EVENT], WAIT_MS).then(({ event, data }) => {
      expect(event).toBe(LIVE_SNAPSHOT_EVENT);
      return data;
    }),
  );
  shownLive.set(stream, live);
  return live;
}
/** The live stream's next message, which must be a patch; merged into what the stream shows. */
async function nextLivePatch(stream: EventStream): Promise<LivePatch> {
  const { event, data } = await stream.nextOf([LIVE_SNAPSHOT_EVENT, LIVE_PATCH_EVENT], WAIT_MS);
  expect(event).toBe(LIVE_PATCH_EVENT);
  const patch = livePatchSchema.parse(data);
  const before = shownLive.get(stream);
  const matches = before && applyLivePatch(before.matches, patch);
  expect(matches).toBeTruthy();
  shownLive.set(stream, { ...before!, matches: matches! });
  return patch;
}

const homeOdd = (match: { matchBets: { matchBetOutcomes: { matchBetOutcomeOddValue: number }[] }[] }) =>
  match.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue;

/** A fresh prematch match of its own for a test, so that no test sees another's changes. */
async function prematch(matchId: number, odd: number) {
  const pushed = await pushFeed(t, {
    matches: [footballMatch(matchId, now + 2 * HOUR, { odds: { '1': odd } })],
  });
  expect(pushed.statusCode).toBe(200);
}

const liveState = (at: number, score: [number, number]): LiveState => ({
  at,
  period: 1,
  phase: 'play',
  clock: { seconds: 20 * 60, running: true, direction: 'up' },
  score,
  periods: [score],
});

/** A match in play with its result market open (or as `result` says), the others suspended. */
async function inPlay(
  matchId: number,
  at: number,
  score: [number, number],
  odd = 2.1,
  result: 'open' | 'suspended' = 'open',
) {
  const match = footballMatch(matchId, now - 20 * MINUTE, { odds: { '1': odd } });
  const pushed = await pushFeed(t, {
    matches: [
      {
        ...match,
        matchStatus: 'live',
        matchLiveState: liveState(at, score),
        matchBets: match.matchBets.map((bet, index) => ({
          ...bet,
          matchBetStatus: index === 0 ? result : 'suspended',
        })),
      },
    ],
  });
  expect(pushed.statusCode).toBe(200);
}

/** Resolves once the odds channel has told this instance about a change to `matchId`. */
async function heard(matchId: number): Promise<() => Promise<void>> {
  let done: () => void = () => undefined;
  const told = new Promise<void>((resolve) => (done = resolve));
  const unsubscribe = await t.app.services.sports.oddsHub.subscribe(matchId, () => done());
  return async () => {
    await told;
    unsubscribe();
  };
}

/** A notice on the odds channel that names the match without any change to it (a second instance's, a resync). */
async function noticeWithoutChange(matchId: number) {
  await t.db.execute(sql`select pg_notify(${ODDS_CHANNEL}, ${JSON.stringify({ matchIds: [matchId] })})`);
}

describe('GET /spa/sports/stream', () => {
  it('streams of one match and language share one subscription, one read and one serialization per change', async () => {
    const matchId = 9_200_001;
    // The set-up's own notice must have arrived before the streams open: on a busy PostgreSQL server it can come
    // after the channel subscribed, and the channel then rightly reads once more.
    const settled = await heard(matchId);
    await prematch(matchId, 2.1);
    await settled();
    holdTheClock();
    const { reads, serializations } = watchMatchReads();
    const streams: EventStream[] = [];
    for (let i = 0; i < 5; i++) streams.push(await open(`/spa/sports/stream?matchId=${matchId}&lng=en`));
    for (const stream of streams) expect(homeOdd(await nextMatch(stream))).toBe(2.1);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(serializations.count).toBe(1);
    expect(t.app.services.sports.oddsHub.subscriberCount()).toBe(2);

    await prematch(matchId, 2.3);
    for (const stream of streams) expect(homeOdd(await nextMatch(stream))).toBe(2.3);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(serializations.count).toBe(2);
  });

  it('a stream in another language has its own channel, in its language', async () => {
    const { reads } = watchMatchReads();
    const english = await open('/spa/sports/stream?matchId=9000001&lng=en');
    const german = await open('/spa/sports/stream?matchId=9000001&lng=de');
    expect((await nextMatch(english)).sportName).toBe('Football');
    expect((await nextMatch(german)).sportName).toBe('Fußball');
    expect(reads).toHaveBeenCalledTimes(2);
    expect(t.app.services.sports.oddsHub.subscriberCount()).toBe(3);
  });

  it('a change committed while the first read is under way reaches the stream', async () => {
    const matchId = 9_200_002;
    await prematch(matchId, 2.1);
    const { reads, original } = watchMatchReads();
    reads.mockImplementationOnce(async (id, context) => {
      const stale = await original(id, context);
      const notified = await heard(matchId);
      await prematch(matchId, 2.6);
      await notified();
      return stale;
    });
    const stream = await open(`/spa/sports/stream?matchId=${matchId}&lng=en`);
    // The stale read may be sent first; the change must follow it.
    let odd = homeOdd(await nextMatch(stream));
    if (odd === 2.1) odd = homeOdd(await nextMatch(stream));
    expect(odd).toBe(2.6);
  });

  it('sends nothing when a notice leaves the match as it was', async () => {
    const matchId = 9_200_003;
    // The set-up's notice first, or it may count as the read the notice below is expected to cause.
    const settled = await heard(matchId);
    await prematch(matchId, 2.1);
    await settled();
    const { reads } = watchMatchReads();
    const stream = await open(`/spa/sports/stream?matchId=${matchId}&lng=en`);
    expect(homeOdd(await nextMatch(stream))).toBe(2.1);
    await noticeWithoutChange(matchId);
    // The notice was read: the same match, so nothing went out.
    await expect.poll(() => reads.mock.calls.length, { timeout: WAIT_MS }).toBe(2);
    await prematch(matchId, 2.2);
    expect(homeOdd(await nextMatch(stream))).toBe(2.2);
  });

  it('a visitor who leaves during the first read leaves no stream or channel behind', async () => {
    const matchId = 9_200_004;
    await prematch(matchId, 2.1);
    const { reads, original } = watchMatchReads();
    let left: () => void = () => undefined;
    const gone = new Promise<void>((resolve) => (left = resolve));
    let reading: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (reading = resolve));
    reads.mockImplementationOnce(async (id, context) => {
      reading();
      await gone;
      return original(id, context);
    });
    // The server's side of the visitor's connection, to know when the server has seen it close.
    const closed = new Promise<void>((resolve) =>
      t.app.server.once('connection', (socket: Socket) => socket.once('close', () => resolve())),
    );
    const request = get(`${address}/spa/sports/stream?matchId=${matchId}&lng=en`, { agent: false });
    request.on('error', () => undefined);
    await started;
    request.destroy();
    await closed;
    left();
    await expect.poll(() => reads.mock.calls.length, { timeout: WAIT_MS }).toBe(1);
    await expect.poll(() => t.app.services.sports.oddsHub.subscriberCount(), { timeout: WAIT_MS }).toBe(1);
  });

  it('a stream joining after a quiet spell has the match read again, and every stream gets what changed', async () => {
    const matchId = 9_200_006;
    await prematch(matchId, 2.1);
    const { reads } = watchMatchReads();
    const first = await open(`/spa/sports/stream?matchId=${matchId}&lng=en`);
    expect(homeOdd(await nextMatch(first))).toBe(2.1);
    // A change that no notice announces, as the time passing a kick-off is.
    await t.db.execute(
      sql`update outcomes set odd_thousandths = 2500 where market_id = ${matchId * 10} and label = '1'`,
    );
    const real = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => real() + CHANNEL_FRESH_MS + 1_000);
    const second = await open(`/spa/sports/stream?matchId=${matchId}&lng=en`);
    expect(homeOdd(await nextMatch(second))).toBe(2.1);
    expect(homeOdd(await nextMatch(second))).toBe(2.5);
    expect(homeOdd(await nextMatch(first))).toBe(2.5);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("a trader's new bet delay for the sport reaches the streams of its matches in play", async () => {
    const matchId = 9_200_005;
    await inPlay(matchId, now, [0, 0]);
    const stream = await open(`/spa/sports/stream?matchId=${matchId}&lng=en`);
    expect((await nextMatch(stream)).betDelayMs).toBe(DEFAULT_BET_DELAY_MS);
    const trader = await staffCaller(t, ['trader']);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/spa/staff/trading/sports/1',
      headers: trader.headers,
      payload: { betDelayMs: 7_000 },
    });
    expect(set.statusCode).toBe(200);
    expect((await nextMatch(stream)).betDelayMs).toBe(7_000);
  });

  it('one delivery moving two matches reaches the stream of each, with its own markets and odds', async () => {
    const [first, second] = [9_200_007, 9_200_008];
    await prematch(first, 2.1);
    await prematch(second, 3.1);
    const streams = [
      await open(`/spa/sports/stream?matchId=${first}&lng=en`),
      await open(`/spa/sports/stream?matchId=${second}&lng=de`),
    ];
    expect(homeOdd(await nextMatch(streams[0]!))).toBe(2.1);
    expect(homeOdd(await nextMatch(streams[1]!))).toBe(3.1);
    const pushed = await pushFeed(t, {
      matches: [
        footballMatch(first, now + 2 * HOUR, { odds: { '1': 2.2 } }),
        footballMatch(second, now + 2 * HOUR, { odds: { '1': 3.2 } }),
      ],
    });
    expect(pushed.statusCode).toBe(200);
    for (const [stream, matchId, odd] of [
      [streams[0]!, first, 2.2],
      [streams[1]!, second, 3.2],
    ] as const) {
      const match = await nextMatch(stream);
      expect(match.matchId).toBe(matchId);
      expect(homeOdd(match)).toBe(odd);
      expect(match.matchBets.map((market) => market.idMatchBet)).toEqual(
        footballMatch(matchId, now).matchBets.map((market) => market.idMatchBet),
      );
    }
  });

  it('404 for an unknown match, and no channel is left behind', async () => {
    const response = await fetch(`${address}/spa/sports/stream?matchId=42&lng=en`);
    expect(response.status).toBe(404);
    expect(t.app.services.sports.oddsHub.subscriberCount()).toBe(1);
  });
});

describe('GET /spa/sports/live/stream', () => {
  const LIVE = 9_300_001;
  let at = now;

  it('streams of one language share one subscription, one read and one serialization per change', async () => {
    // As above: the set-up's notice first (CI of 2026-11-29 on PostgreSQL read twice when it came late).
    const settled = await heard(LIVE);
    await inPlay(LIVE, (at += 1), [0, 0]);
    await settled();
    holdTheClock();
    const { reads, serializations } = watchLiveReads();
    const streams: EventStream[] = [];
    for (let i = 0; i < 5; i++) streams.push(await open('/spa/sports/live/stream?lng=en'));
    for (const stream of streams) {
      const live = await nextLive(stream);
      expect(live.matches.find((match) => match.matchId === LIVE)?.liveState?.score).toEqual([0, 0]);
    }
    expect(reads).toHaveBeenCalledTimes(1);
    expect(serializations.count).toBe(1);
    expect(t.app.services.sports.oddsHub.subscriberCount()).toBe(2);

    await inPlay(LIVE, (at += 1), [1, 0]);
    for (const stream of streams) {
      const live = await nextLive(stream);
      expect(live.matches.find((match) => match.matchId === LIVE)?.liveState?.score).toEqual([1, 0]);
    }
    expect(reads).toHaveBeenCalledTimes(2);
    expect(serializations.count).toBe(2);
  });

  it('a change committed while the first read is under way reaches the stream', async () => {
    await inPlay(LIVE, (at += 1), [1, 1]);
    const { reads, original } = watchLiveReads();
    reads.mockImplementationOnce(async (query, context) => {
      const stale = await original(query, context);
      const notified = await heard(LIVE);
      await inPlay(LIVE, (at += 1), [2, 1]);
      await notified();
      return stale;
    });
    const stream = await open('/spa/sports/live/stream?lng=en');
    const scoreOf = (live: BrowseMatchesResponse) =>
      live.matches.find((match) => match.matchId === LIVE)?.liveState?.score;
    let score = scoreOf(await nextLive(stream));
    if (score?.[0] === 1) score = scoreOf(await nextLive(stream));
    expect(score).toEqual([2, 1]);
  });

  it('sends nothing when a notice leaves the matches in play as they were', async () => {
    const settled = await heard(LIVE);
    await inPlay(LIVE, (at += 1), [2, 2]);
    await settled();
    const { reads } = watchLiveReads();
    const stream = await open('/spa/sports/live/stream?lng=en');
    const scoreOf = (live: BrowseMatchesResponse) =>
      live.matches.find((match) => match.matchId === LIVE)?.liveState?.score;
    expect(scoreOf(await nextLive(stream))).toEqual([2, 2]);
    await noticeWithoutChange(LIVE);
    await expect.poll(() => reads.mock.calls.length, { timeout: WAIT_MS }).toBe(2);
    await inPlay(LIVE, (at += 1), [3, 2]);
    expect(scoreOf(await nextLive(stream))).toEqual([3, 2]);
  });

  const idsOf = (live: BrowseMatchesResponse) => live.matches.map((match) => match.matchId);

  it('sends the whole list on connect, then only the matches that moved: their state and the markets that moved', async () => {
    const STILL = 9_300_002;
    await inPlay(LIVE, (at += 1), [0, 0], 2.1);
    await inPlay(STILL, (at += 1), [1, 1], 2.4);
    const stream = await open('/spa/sports/live/stream?lng=en');
    expect(idsOf(await nextLiveSnapshot(stream))).toEqual(expect.arrayContaining([LIVE, STILL]));

    await inPlay(LIVE, (at += 1), [1, 0], 2.5);
    const goal = await nextLivePatch(stream);
    expect(goal.matches.map((match) => match.matchId)).toEqual([LIVE]);
    expect(goal.matches[0]!.liveState?.score).toEqual([1, 0]);
    // Only the result market moved: the others, suspended all along, are not in the patch.
    expect(goal.matches[0]!.matchBets.map((market) => market.idMatchBet)).toEqual([LIVE * 10]);
    expect(goal.matches[0]!.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue).toBe(2.5);

    // A dangerous moment: the feed suspends the result market, and the patch says so.
    await inPlay(LIVE, (at += 1), [1, 0], 2.5, 'suspended');
    const suspended = await nextLivePatch(stream);
    expect(suspended.matches[0]!.matchBets[0]!.status).toBe('suspended');

    // Merged, the patches give what a stream opened now starts with: the whole list as it is.
    const fresh = await open('/spa/sports/live/stream?lng=en');
    const current = await nextLiveSnapshot(fresh);
    expect(shownLive.get(stream)).toEqual(current);
    const market = current.matches.find((match) => match.matchId === LIVE)!.matchBets[0]!;
    expect(market.status).toBe('suspended');
    expect(market.matchBetOutcomes[0]!.matchBetOutcomeOddValue).toBe(2.5);
  });

  it('a match starting or ending sends the whole list again', async () => {
    const STARTING = 9_300_003;
    const stream = await open('/spa/sports/live/stream?lng=en');
    expect(idsOf(await nextLiveSnapshot(stream))).not.toContain(STARTING);

    await inPlay(STARTING, (at += 1), [0, 0]);
    const started = await nextLiveSnapshot(stream);
    expect(idsOf(started)).toContain(STARTING);
    expect(started.matches.find((match) => match.matchId === STARTING)?.liveState?.score).toEqual([0, 0]);

    const ended = await pushFeed(t, {
      matches: [
        {
          ...footballMatch(STARTING, now - 20 * MINUTE),
          matchStatus: 'ended',
          matchLiveState: { ...liveState((at += 1), [0, 0]), phase: 'ended' },
          matchResult: { score1: 0, score2: 0 },
        },
      ],
    });
    expect(ended.statusCode).toBe(200);
    expect(idsOf(await nextLiveSnapshot(stream))).not.toContain(STARTING);
  });
});
