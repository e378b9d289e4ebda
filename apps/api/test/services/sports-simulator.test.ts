import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type DbHandle } from '@playhouse/db';
import { SPORTS_CATALOGUE } from '@playhouse/db/sports-catalogue';
import { manualClock } from '../../src/lib/clock';
import { createFeedIngest } from '../../src/services/sports/feed-ingest';
import { createSettlementService } from '../../src/services/sports/settlement-service';
import { createStakePipeline } from '../../src/services/stakes/stake-pipeline';
import { createWalletService } from '../../src/services/wallet/wallet-service';
import { createFeedSimulator } from '../../src/services/sports/simulator/feed-simulator';
import { seededRandom } from '../helpers/random';
import { createTestDb } from '../helpers/test-db';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let handle: DbHandle;
const clock = manualClock(new Date('2030-03-04T09:10:00Z'));
const start = clock.now().getTime();
let simulator: ReturnType<typeof createFeedSimulator>;

beforeAll(async () => {
  handle = await createTestDb();
  const ingest = createFeedIngest({ db: handle.db });
  const wallet = createWalletService({ db: handle.db });
  const settlement = createSettlementService({
    db: handle.db,
    clock,
    wallet,
    stakes: createStakePipeline({ db: handle.db, clock, wallet }),
  });
  simulator = createFeedSimulator({
    db: handle.db,
    ingest,
    settlement,
    clock,
    random: seededRandom(20_300_304).next,
  });
});
afterAll(async () => handle.close());

async function matchesWithMarkets() {
  const db = handle.db;
  const rows = await db.select().from(schema.matches).orderBy(asc(schema.matches.startsAt));
  const markets = await db.select().from(schema.markets);
  const outcomes = await db.select().from(schema.outcomes);
  return rows.map((match) => ({
    ...match,
    markets: markets
      .filter((market) => market.matchId === match.id)
      .map((market) => ({ ...market, outcomes: outcomes.filter((outcome) => outcome.marketId === market.id) })),
  }));
}

describe('feed simulator', () => {
  it('supplies every sport with fixtures over each of the next three days, each with at least three markets', async () => {
    const report = await simulator.tick();
    expect(report.created).toBeGreaterThan(100);
    const all = await matchesWithMarkets();
    expect(SPORTS_CATALOGUE.length).toBeGreaterThanOrEqual(6);
    for (const sport of SPORTS_CATALOGUE) {
      const own = all.filter((match) => match.sportId === sport.id);
      for (let day = 0; day < 3; day++) {
        const inDay = own.filter(
          (match) =>
            match.startsAt.getTime() > start + day * DAY && match.startsAt.getTime() <= start + (day + 1) * DAY,
        );
        expect(inDay.length, `${sport.key} on day ${day + 1}`).toBeGreaterThanOrEqual(3);
      }
      for (const match of own) {
        expect(match.status).toBe('scheduled');
        expect(match.startsAt.getTime()).toBeGreaterThan(start);
        expect(match.markets.length, `${sport.key} match ${match.id}`).toBeGreaterThanOrEqual(3);
        expect(match.team1.en).not.toBe(match.team2.en);
        // Positions 0–2 are the ones the top offer shows.
        expect(match.markets.filter((market) => market.position < 3)).toHaveLength(3);
      }
    }
  });

  it('names sports, countries and tournaments in every language', async () => {
    const sports = await handle.db.select().from(schema.sports);
    const football = sports.find((sport) => sport.id === 1)!;
    expect(football.name).toMatchObject({ en: 'Football', de: 'Fußball', es: 'Fútbol', pt: 'Futebol', ru: 'Футбол' });
    const [germany] = await handle.db.select().from(schema.sportCategories).where(eq(schema.sportCategories.id, 102));
    expect(germany!.name.de).toBe('Deutschland');
    const all = await matchesWithMarkets();
    const bayern = all.find((match) => [match.team1.en, match.team2.en].includes('Bayern Munich'));
    if (bayern) expect([bayern.team1.de, bayern.team2.de]).toContain('Bayern München');
  });

  it('prices every market with a sane bookmaker margin on the odds ladder', async () => {
    for (const match of await matchesWithMarkets()) {
      for (const market of match.markets) {
        // Each result wins two of double chance's three outcomes, so its probabilities add up to 2.
        const covered = market.outcomes.some((outcome) => outcome.label === '1X') ? 2 : 1;
        const book = market.outcomes.reduce((total, outcome) => total + 1000 / outcome.oddThousandths, 0) / covered;
        expect(book, `market ${market.id}`).toBeGreaterThan(1);
        expect(book, `market ${market.id}`).toBeLessThan(1.3);
        for (const outcome of market.outcomes) {
          expect(outcome.oddThousandths).toBeGreaterThanOrEqual(1010);
          expect(outcome.oddThousandths % 10).toBe(0);
        }
      }
    }
  });

  it('keeps the window filled as time passes, without duplicating fixtures', async () => {
    const before = (await matchesWithMarkets()).length;
    await simulator.tick();
    const again = await matchesWithMarkets();
    // A tick right after another adds at most the odd slot at the horizon's edge.
    expect(again.length - before).toBeLessThan(8);
    clock.advance(DAY);
    await simulator.tick();
    const later = await matchesWithMarkets();
    const now = clock.now().getTime();
    for (const sport of SPORTS_CATALOGUE) {
      const lastDay = later.filter(
        (match) =>
          match.sportId === sport.id &&
          match.startsAt.getTime() > now + 2 * DAY &&
          match.startsAt.getTime() <= now + 3 * DAY,
      );
      expect(lastDay.length, sport.key).toBeGreaterThanOrEqual(3);
    }
  });

  it('plays the matches that started, and delivers results, settling every market, once a match is over', async () => {
    const all = await matchesWithMarkets();
    const live = all.filter((match) => match.status === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const match of live) {
      expect(match.liveState, `match ${match.id}`).not.toBeNull();
      // In play the markets are offered at in-play prices, or suspended for a dangerous moment or once decided.
      expect(match.markets.every((market) => ['open', 'suspended'].includes(market.status))).toBe(true);
    }
    expect(live.some((match) => match.markets.some((market) => market.status === 'open'))).toBe(true);
    const ended = all.filter((match) => match.status === 'ended');
    expect(ended.length).toBeGreaterThan(20);
    for (const match of ended) {
      expect(match.result).not.toBeNull();
      expect(match.liveState).toMatchObject({ phase: 'ended', score: [match.result!.score1, match.result!.score2] });
      for (const market of match.markets) {
        expect(market.status).toBe('settled');
        const won = market.outcomes.filter((outcome) => outcome.result === 'won');
        expect(won.length, `market ${market.id} of ${JSON.stringify(match.result)}`).toBeGreaterThanOrEqual(1);
        expect(market.outcomes.every((outcome) => outcome.result !== null)).toBe(true);
      }
      const winner = match.markets.find((market) => market.position === 0)!;
      const { score1, score2 } = match.result!;
      const expected = score1 > score2 ? '1' : score1 < score2 ? '2' : 'X';
      // Ice hockey's first market is on regular time; every other sport's on the final score.
      if (match.sportId !== 4) {
        expect(winner.outcomes.find((outcome) => outcome.result === 'won')!.label).toBe(expected);
      }
    }
    // Every match whose start has passed is no longer open for bets.
    const now = clock.now().getTime();
    for (const match of all.filter((row) => row.startsAt.getTime() <= now)) {
      expect(match.status).not.toBe('scheduled');
    }
  });

  it('moves odds now and then, keeping the lines', async () => {
    const db = handle.db;
    const wallet = createWalletService({ db });
    const ingest = createFeedIngest({ db });
    const mover = createFeedSimulator({
      db,
      ingest,
      settlement: createSettlementService({ db, clock, wallet, stakes: createStakePipeline({ db, clock, wallet }) }),
      clock,
      random: seededRandom(7).next,
      moveChance: 1,
      cancelChance: 0,
    });
    const scheduled = await db
      .select({ id: schema.outcomes.id, odd: schema.outcomes.oddThousandths, label: schema.outcomes.label })
      .from(schema.outcomes)
      .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
      .innerJoin(schema.matches, eq(schema.matches.id, schema.markets.matchId))
      .where(and(eq(schema.matches.status, 'scheduled'), isNotNull(schema.matches.simulation)));
    await mover.tick();
    const after = await db
      .select({ id: schema.outcomes.id, odd: schema.outcomes.oddThousandths, label: schema.outcomes.label })
      .from(schema.outcomes)
      .where(
        inArray(
          schema.outcomes.id,
          scheduled.map((row) => row.id),
        ),
      );
    const byId = new Map(after.map((row) => [row.id, row]));
    const changed = scheduled.filter((row) => byId.get(row.id)!.odd !== row.odd);
    expect(changed.length).toBeGreaterThan(scheduled.length / 4);
    expect(scheduled.every((row) => byId.get(row.id)!.label === row.label)).toBe(true);
  });

  it('clears out its ended fixtures once they are two days old (nobody bet on these)', async () => {
    clock.advance(4 * DAY);
    await simulator.tick();
    const report = await simulator.tick();
    clock.advance(3 * DAY);
    const pruned = (await simulator.tick()).pruned + report.pruned;
    expect(pruned).toBeGreaterThan(0);
    const cutoff = clock.now().getTime() - 2 * DAY;
    const stale = (await matchesWithMarkets()).filter(
      (match) =>
        match.simulation !== null &&
        (match.status === 'ended' || match.status === 'cancelled') &&
        match.startsAt.getTime() < cutoff,
    );
    expect(stale).toEqual([]);
  });
});
