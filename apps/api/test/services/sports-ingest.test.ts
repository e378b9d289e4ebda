import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type DbHandle } from '@playhouse/db';
import { feedIngestBodySchema, type FeedIngestInput } from '@playhouse/shared';
import {
  createFeedIngest,
  deliveryFromFeed,
  ODDS_CHANNEL,
  type FeedIngest,
} from '../../src/services/sports/feed-ingest';
import { createTestDb } from '../helpers/test-db';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';

let handle: DbHandle;
let ingest: FeedIngest;
const now = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  handle = await createTestDb();
  ingest = createFeedIngest({ db: handle.db });
});
afterAll(async () => handle.close());

const deliver = (body: FeedIngestInput) => ingest.ingest(deliveryFromFeed(feedIngestBodySchema.parse(body)));

async function outcomesOf(matchId: number) {
  return handle.db
    .select({
      marketId: schema.outcomes.marketId,
      label: schema.outcomes.label,
      odd: schema.outcomes.oddThousandths,
      status: schema.outcomes.status,
    })
    .from(schema.outcomes)
    .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
    .where(eq(schema.markets.matchId, matchId))
    .orderBy(asc(schema.outcomes.marketId), asc(schema.outcomes.position));
}

describe('feed ingest', () => {
  it('upserts the §3 shape under the feed ids, odds as exact thousandths', async () => {
    const result = await deliver(englishBook(now));
    expect(result).toMatchObject({ sports: 2, categories: 2, tournaments: 2, matches: 5, markets: 17, skipped: [] });
    const [match] = await handle.db.select().from(schema.matches).where(eq(schema.matches.id, 9_000_001));
    expect(match).toMatchObject({
      sportId: 1,
      categoryId: 101,
      tournamentId: 1001,
      status: 'scheduled',
      marketsTotal: 4,
    });
    expect(match!.team1).toEqual({ en: 'Arsenal' });
    const [category] = await handle.db.select().from(schema.sportCategories).where(eq(schema.sportCategories.id, 101));
    // The category's sport came from its matches: §3 categories carry no sport.
    expect(category!.sportId).toBe(1);
    expect((await outcomesOf(9_000_001)).map((row) => row.odd)).toEqual([
      2100, 3400, 3600, 1950, 1850, 1300, 1330, 1700, 3750, 1250,
    ]);
  });

  it('keeps odds exact where floats would not (0.1 + 0.2 style values)', async () => {
    await deliver({
      matches: [footballMatch(9_000_001, now + 2 * HOUR, { odds: { '1': 1.005, X: 4.35, '2': 2.675 } })],
    });
    const rows = await outcomesOf(9_000_001);
    expect(rows.slice(0, 3).map((row) => row.odd)).toEqual([1005, 4350, 2675]);
  });

  it('merges names per language and leaves out nothing a partial delivery does not mention', async () => {
    await deliver({ language: 'de', sports: [{ idSport: 1, sportName: 'Fußball' }] });
    const [sport] = await handle.db.select().from(schema.sports).where(eq(schema.sports.id, 1));
    expect(sport!.name).toEqual({ en: 'Football', de: 'Fußball' });

    // A delivery with only the first market changes that one and keeps the other three.
    const only1x2 = footballMatch(9_000_002, now + 26 * HOUR, { odds: { '1': 1.8 } });
    await deliver({
      language: 'de',
      matches: [
        {
          ...only1x2,
          matchTeams: [
            { matchTeamType: '1', teamName: 'FC Liverpool' },
            { matchTeamType: '2', teamName: 'FC Everton' },
          ],
          matchBets: only1x2.matchBets.slice(0, 1),
        },
      ],
    });
    const [match] = await handle.db.select().from(schema.matches).where(eq(schema.matches.id, 9_000_002));
    expect(match!.team1).toEqual({ en: 'Liverpool', de: 'FC Liverpool' });
    const rows = await outcomesOf(9_000_002);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.odd).toBe(1800);
  });

  it('suspends an outcome offered at 1 or below, keeping its last odd', async () => {
    await deliver({ matches: [footballMatch(9_000_002, now + 26 * HOUR, { odds: { X: 1 } })] });
    const x = (await outcomesOf(9_000_002)).find((row) => row.label === 'X')!;
    expect(x).toMatchObject({ status: 'suspended', odd: 3400 });
    await deliver({ matches: [footballMatch(9_000_002, now + 26 * HOUR, { odds: { X: 3.3 } })] });
    expect((await outcomesOf(9_000_002)).find((row) => row.label === 'X')).toMatchObject({ status: 'open', odd: 3300 });
  });

  it('skips what cannot be linked to a sport or category, and says so', async () => {
    const result = await deliver({
      categories: [{ idCategory: 777, categoryName: 'Nowhere' }],
      tournaments: [{ idTournament: 7777, tournamentName: 'Nothing Cup' }],
      matches: [{ ...footballMatch(9_300_001, now + HOUR), idSport: 99, idCategory: 990, idTournament: 9900 }],
    });
    expect(result.skipped).toEqual(['category:777', 'tournament:7777', 'match:9300001']);
    const rows = await handle.db.select().from(schema.matches).where(eq(schema.matches.id, 9_300_001));
    expect(rows).toEqual([]);
  });

  it('suspends the open markets of a match that goes live, voids them when it is cancelled', async () => {
    const base = footballMatch(9_000_001, now + 2 * HOUR);
    await deliver({ matches: [{ ...base, matchStatus: 'live', matchBets: [] }] });
    const live = await handle.db.select().from(schema.markets).where(eq(schema.markets.matchId, 9_000_001));
    expect(new Set(live.map((market) => market.status))).toEqual(new Set(['suspended']));
    const cancelled = await deliver({ matches: [{ ...base, matchStatus: 'cancelled', matchBets: [] }] });
    expect(cancelled.settleMatchIds).toEqual([9_000_001]);
    const voided = await handle.db.select().from(schema.markets).where(eq(schema.markets.matchId, 9_000_001));
    expect(new Set(voided.map((market) => market.status))).toEqual(new Set(['void']));
  });

  it('publishes the matches whose odds or statuses changed on the odds channel, once committed', async () => {
    const payloads: string[] = [];
    const unsubscribe = await handle.listen(ODDS_CHANNEL, (payload) => payloads.push(payload));
    try {
      await deliver({ matches: [footballMatch(9_000_002, now + 26 * HOUR, { odds: { '2': 4.2 } })] });
      // The same delivery again changes nothing and says nothing.
      const same = await deliver({ matches: [footballMatch(9_000_002, now + 26 * HOUR, { odds: { '2': 4.2 } })] });
      expect(same.changedMatchIds).toEqual([]);
      for (let i = 0; i < 40 && payloads.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(payloads.map((payload) => JSON.parse(payload))).toEqual([{ matchIds: [9_000_002] }]);
    } finally {
      await unsubscribe();
    }
  });

  it('refuses odds finer than a thousandth instead of rounding them', () => {
    const body = { matches: [footballMatch(9_000_005, now + HOUR, { odds: { '1': 2.1234 } })] };
    expect(feedIngestBodySchema.safeParse(body).success).toBe(false);
  });

  it('keeps a result once given: a later delivery without one does not clear it', async () => {
    const base = footballMatch(9_100_001, now + 3 * HOUR);
    const first = await handle.db
      .select()
      .from(schema.markets)
      .where(inArray(schema.markets.matchId, [9_100_001]));
    expect(first.length).toBeGreaterThan(0);
    const settled = {
      ...base,
      matchBets: base.matchBets.map((bet) => ({
        ...bet,
        matchBetStatus: 'settled' as const,
        matchBetOutcomes: bet.matchBetOutcomes.map((outcome, index) => ({
          ...outcome,
          matchBetOutcomeResult: index === 0 ? ('won' as const) : ('lost' as const),
        })),
      })),
    };
    const result = await deliver({
      matches: [{ ...settled, matchStatus: 'ended', matchResult: { score1: 2, score2: 0 } }],
    });
    expect(result.settleMatchIds).toEqual([9_100_001]);
    await deliver({ matches: [base] });
    const [won] = await handle.db
      .select({ result: schema.outcomes.result })
      .from(schema.outcomes)
      .where(eq(schema.outcomes.marketId, 9_100_001 * 10))
      .orderBy(asc(schema.outcomes.position));
    expect(won!.result).toBe('won');
  });

  it('keeps a settled result final: a later delivery cannot change it, reopen its market or restart its match', async () => {
    const id = 9_100_002;
    const base = footballMatch(id, now + 3 * HOUR);
    await deliver({ matches: [base] });
    const settled = (winner: string) => ({
      ...base,
      matchStatus: 'ended' as const,
      matchResult: { score1: winner === '1' ? 1 : 0, score2: winner === '1' ? 0 : 1 },
      matchBets: base.matchBets.slice(0, 1).map((bet) => ({
        ...bet,
        matchBetStatus: 'settled' as const,
        matchBetOutcomes: bet.matchBetOutcomes.map((outcome) => ({
          ...outcome,
          matchBetOutcomeResult: outcome.providerBetOutcomeId === winner ? ('won' as const) : ('lost' as const),
        })),
      })),
    });
    expect((await deliver({ matches: [settled('1')] })).settleMatchIds).toEqual([id]);

    // A late (or forged) delivery says the away side won, the market is open again and the match is scheduled.
    const late = await deliver({
      matches: [
        {
          ...settled('2'),
          matchStatus: 'scheduled',
          matchBets: settled('2').matchBets.map((bet) => ({
            ...bet,
            matchBetStatus: 'open' as const,
            matchBetOutcomes: bet.matchBetOutcomes.map((outcome) => ({
              ...outcome,
              matchBetOutcomeStatus: 'open' as const,
            })),
          })),
        },
      ],
    });
    const [match] = await handle.db.select().from(schema.matches).where(eq(schema.matches.id, id));
    expect(match).toMatchObject({ status: 'ended', result: { score1: 1, score2: 0 } });
    const [market] = await handle.db
      .select()
      .from(schema.markets)
      .where(eq(schema.markets.id, id * 10));
    expect(market!.status).toBe('settled');
    const results = await handle.db
      .select({ label: schema.outcomes.label, result: schema.outcomes.result, status: schema.outcomes.status })
      .from(schema.outcomes)
      .where(eq(schema.outcomes.marketId, id * 10))
      .orderBy(asc(schema.outcomes.position));
    expect(results.map((row) => [row.label, row.result])).toEqual([
      ['1', 'won'],
      ['X', 'lost'],
      ['2', 'lost'],
    ]);
    expect(late.skipped).toEqual(
      expect.arrayContaining([`final:match:${id}`, `final:market:${id * 10}`, `final:outcome:${id * 10}:2`]),
    );
    // A cancellation after the match ended does not void what was settled either.
    await deliver({ matches: [{ ...base, matchStatus: 'cancelled' }] });
    const [still] = await handle.db
      .select()
      .from(schema.markets)
      .where(eq(schema.markets.id, id * 10));
    expect(still!.status).toBe('settled');
    const [ended] = await handle.db.select().from(schema.matches).where(eq(schema.matches.id, id));
    expect(ended!.status).toBe('ended');
  });
});
