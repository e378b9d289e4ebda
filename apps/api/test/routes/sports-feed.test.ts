import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedIngestResponseSchema, matchDetailSchema, type MatchDetail } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { buildSportsApp, pushFeed, signedInUser, SITE_ORIGIN, type SportsTestApp } from './sports-helpers';
import { staffCaller } from '../helpers/staff';

let t: SportsTestApp;
const now = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildSportsApp();
});
afterAll(async () => t.close());

const feed = (headers: Record<string, string>, payload: unknown = englishBook(now)) =>
  t.app.inject({ method: 'POST', url: '/spa/staff/sports/feed', headers, payload: payload as object });

describe('POST /spa/staff/sports/feed', () => {
  it('takes a delivery from a feed process holding the feed token', async () => {
    const response = await pushFeed(t, englishBook(now));
    expect(response.statusCode).toBe(200);
    expect(feedIngestResponseSchema.parse(response.json())).toEqual({
      sports: 2,
      categories: 2,
      tournaments: 2,
      matches: 5,
      markets: 17,
      outcomes: 42,
      skipped: [],
      settledBets: 0,
    });
  });

  it('takes a delivery from staff, with the session and the site origin', async () => {
    const staff = await staffCaller(t, ['trader']);
    const response = await feed(staff.headers, { sports: [{ idSport: 1, sportName: 'Football' }] });
    expect(response.statusCode).toBe(200);
  });

  it('refuses visitors, players and a wrong token', async () => {
    const player = await signedInUser(t);
    expectErrorEnvelope(await feed({}), 403, 'origin_not_allowed');
    expectErrorEnvelope(await feed({ origin: SITE_ORIGIN }), 401, 'unauthorized');
    expectErrorEnvelope(await feed(player.headers), 403, 'forbidden');
    expectErrorEnvelope(await feed({ 'x-feed-token': 'not-the-token' }), 401, 'feed_token_invalid');
  });

  it('refuses a delivery that does not have the §3 shape', async () => {
    const headers = { 'x-feed-token': 'sports-route-test-feed-token-0123456789' };
    for (const payload of [
      { matches: [{ matchId: 1 }] },
      { sports: [{ idSport: 'one', sportName: 'Football' }] },
      { language: 'xx' },
      { matches: [footballMatch(9_000_009, now + HOUR, { odds: { '1': 2.0001 } })] },
    ]) {
      expectErrorEnvelope(await feed(headers, payload), 400, 'validation_failed');
    }
  });
});

describe('GET /spa/sports/stream', () => {
  /** Reads `event: match` messages from the server-sent event stream. */
  function matchReader(stream: Readable) {
    let buffer = '';
    const waiting: ((block: string) => void)[] = [];
    const blocks: string[] = [];
    stream.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.startsWith('event: match')) continue;
        const next = waiting.shift();
        if (next) next(block);
        else blocks.push(block);
      }
    });
    return async (timeoutMs: number): Promise<MatchDetail> => {
      const block =
        blocks.shift() ??
        (await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no match event in time')), timeoutMs);
          waiting.push((value) => {
            clearTimeout(timer);
            resolve(value);
          });
        }));
      const data = block
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice('data: '.length);
      return matchDetailSchema.parse((JSON.parse(data) as { match: unknown }).match);
    };
  }

  it('sends the match on connect and again as soon as its odds move', async () => {
    await pushFeed(t, englishBook(now));
    const abort = new AbortController();
    const response = await t.app.inject({
      method: 'GET',
      url: '/spa/sports/stream?matchId=9000001&lng=de',
      payloadAsStream: true,
      signal: abort.signal,
    });
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const next = matchReader(response.stream());
      const first = await next(2_000);
      expect(first.matchId).toBe(9_000_001);
      expect(first.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue).toBe(2.1);

      const started = Date.now();
      await pushFeed(t, {
        matches: [footballMatch(9_000_001, now + 2 * HOUR, { teams: ['Arsenal', 'Chelsea'], odds: { '1': 2.3 } })],
      });
      const moved = await next(2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(moved.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue).toBe(2.3);
    } finally {
      abort.abort();
    }
    await expect.poll(() => t.app.services.sports.oddsHub.subscriberCount(), { timeout: 15_000 }).toBe(1);
  });

  it('404 for an unknown match, 400 without a match id', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/sports/stream?matchId=42' }), 404, 'match_not_found');
    expectErrorEnvelope(await t.app.inject({ url: '/spa/sports/stream' }), 400, 'validation_failed');
  });
});
