import { and, asc, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { matchDetailResponseSchema, placeBetResponseSchema, type LiveState, type MatchDetail } from '@playhouse/shared';
import { manualClock } from '../../src/lib/clock';
import { createFeedSimulator } from '../../src/services/sports/simulator/feed-simulator';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { seededRandom } from '../helpers/random';
import {
  buildSportsApp,
  fund,
  idempotencyKey,
  mainBalance,
  signedInUser,
  type SignedIn,
  type SportsTestApp,
} from './sports-helpers';

/*
 * A simulated football match played from kick-off to the end on a fast clock, through the app's own ingest and
 * settlement: its state and prices move, its markets are suspended on dangerous moments and reopen with new prices,
 * and once it ends every bet on it is paid exactly once, however often the simulator and the settlement sweep run.
 */

let t: SportsTestApp;
/**
 * The simulator's clock starts at the next 12:00 UTC, not now: the fixtures it draws (and so which match comes first and
 * how it plays) depend on the time of day (each sport plays in its own UTC hours), and from some hours the first match
 * ended 0-0, leaving the goal checks below nothing to check.
 */
const clock = manualClock(nextNoonUtc(new Date()));

function nextNoonUtc(now: Date): Date {
  const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
  return noon > now ? noon : new Date(noon.getTime() + 24 * 60 * 60 * 1_000);
}
let simulator: ReturnType<typeof createFeedSimulator>;
/** Ten minutes of match per minute (FEED_SIMULATOR_SPEED=10): the match lasts about eleven minutes of the clock. */
const SPEED = 10;
const SECOND = 1_000;

beforeAll(async () => {
  t = await buildSportsApp();
  simulator = createFeedSimulator({
    db: t.db,
    ingest: t.app.services.sports.ingest,
    settlement: t.app.services.sports.settlement,
    clock,
    random: seededRandom(2_103).next,
    cancelChance: 0,
    speed: SPEED,
  });
  await simulator.tick();
});
afterAll(async () => t.close());

async function detail(matchId: number): Promise<MatchDetail> {
  const response = await t.app.inject({ url: `/spa/sports/matches/${matchId}` });
  expect(response.statusCode).toBe(200);
  return matchDetailResponseSchema.parse(response.json()).match;
}

async function bet(player: SignedIn, outcomeId: number, odd: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...player.headers, 'idempotency-key': idempotencyKey() },
    payload: { kind: 'single', stake: '10.00', oddsChangePolicy: 'none', selections: [{ outcomeId, odd }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return placeBetResponseSchema.parse(response.json()).bet;
}

describe('a simulated match in play', () => {
  it('plays out with its state and prices, suspends on dangerous moments, and settles every bet exactly once', async () => {
    const [first] = await t.db
      .select({ id: schema.matches.id, startsAt: schema.matches.startsAt })
      .from(schema.matches)
      .where(and(eq(schema.matches.sportId, 1), isNotNull(schema.matches.simulation)))
      .orderBy(asc(schema.matches.startsAt))
      .limit(1);
    const matchId = first!.id;
    const prematch = await detail(matchId);
    expect(prematch.liveState).toBeNull();

    // One player on each outcome of the match result: exactly one of them wins.
    const winner = prematch.matchBets.find((market) => market.matchBetPosition === 0)!;
    const players: { player: SignedIn; betId: string; label: string }[] = [];
    for (const outcome of winner.matchBetOutcomes) {
      const player = await signedInUser(t);
      await fund(t, player.id, 100_00n);
      const placed = await bet(player, outcome.outcomeId, outcome.matchBetOutcomeOddValue);
      players.push({ player, betId: placed.id, label: outcome.providerBetOutcomeId });
    }

    // Kick-off, then every ten seconds of the clock (100 s of match) until the final whistle.
    clock.set(new Date(first!.startsAt.getTime() + SECOND));
    const seen: { state: LiveState; open: boolean; odds: string; status: string }[] = [];
    for (let step = 0; step < 200; step++) {
      await simulator.liveTick();
      const match = await detail(matchId);
      const open = match.matchBets.some((market) => market.status === 'open');
      const odds = JSON.stringify(
        match.matchBets.map((market) => market.matchBetOutcomes.map((o) => o.matchBetOutcomeOddValue)),
      );
      seen.push({ state: match.liveState!, open, odds, status: match.status });
      if (match.status === 'ended') break;
      expect(match.status).toBe('live');
      // In play bets are taken (each after its sport's bet delay); a market's own status says what is offered.
      expect(match.bettingOpen).toBe(true);
      clock.advance(10 * SECOND);
    }

    const final = seen.at(-1)!;
    expect(final.status).toBe('ended');
    expect(final.state.phase).toBe('ended');
    const states = seen.map((entry) => entry.state);
    // Both halves with half-time between; the score never goes back.
    expect(states.some((state) => state.period === 1 && state.phase === 'play')).toBe(true);
    expect(states.some((state) => state.period === 1 && state.phase === 'break')).toBe(true);
    expect(states.some((state) => state.period === 2 && state.phase === 'play')).toBe(true);
    for (let i = 1; i < states.length; i++) {
      expect(states[i]!.score[0]).toBeGreaterThanOrEqual(states[i - 1]!.score[0]);
      expect(states[i]!.score[1]).toBeGreaterThanOrEqual(states[i - 1]!.score[1]);
      // Within a half the clock only goes forward (the second half starts again at 45:00 after the first's added time).
      if (states[i]!.period === states[i - 1]!.period && states[i]!.phase === 'play') {
        expect(states[i]!.clock!.seconds).toBeGreaterThanOrEqual(states[i - 1]!.clock!.seconds);
      }
    }
    // The prices move with the match, and a goal (if there was one) suspended the markets before they reopened.
    expect(new Set(seen.filter((entry) => entry.open).map((entry) => entry.odds)).size).toBeGreaterThan(3);
    // Every goal suspends the markets the moment the feed shows it; they reopen afterwards at new prices.
    const goals = seen.flatMap((entry, i) => {
      const before = seen[i - 1]?.state.score ?? [0, 0];
      return entry.state.score[0] + entry.state.score[1] > before[0] + before[1] && entry.status === 'live' ? [i] : [];
    });
    expect(goals.length).toBeGreaterThan(0);
    for (const i of goals) {
      expect(seen[i]!.state.incident?.kind).toBe('goal');
      expect(seen[i]!.open).toBe(false);
      // Reopened at new prices (unless the match ended first).
      const reopened = seen.slice(i + 1).find((entry) => entry.open);
      if (seen[i + 1]!.status === 'live') expect(reopened?.odds).not.toBe(seen[i - 1]!.odds);
    }

    // Ended: the result is the final score, and each bet is settled by it.
    const ended = await detail(matchId);
    const [score1, score2] = final.state.score;
    expect(ended.result).toMatchObject({ score1, score2 });
    const result = score1 > score2 ? '1' : score1 < score2 ? '2' : 'X';

    // However often the round, the matches in play and the settlement sweep run again, at once: paid exactly once.
    await Promise.all([
      simulator.tick(),
      simulator.liveTick(),
      t.app.services.sports.settlement.settle(),
      t.app.services.sports.settlement.settle([matchId]),
      simulator.liveTick(),
      t.app.services.sports.settlement.settle(),
    ]);
    const transfers = await t.db
      .select({ key: schema.ledgerTransfers.idempotencyKey })
      .from(schema.ledgerTransfers)
      .where(
        inArray(
          schema.ledgerTransfers.idempotencyKey,
          players.flatMap(({ betId }) => [`payout:${betId}`, `void:${betId}`]),
        ),
      );
    const bets = await t.db
      .select({ id: schema.bets.id, status: schema.bets.status, payout: schema.bets.payout })
      .from(schema.bets)
      .where(
        inArray(
          schema.bets.id,
          players.map(({ betId }) => betId),
        ),
      );
    for (const { player, betId, label } of players) {
      const row = bets.find((entry) => entry.id === betId)!;
      const won = label === result;
      expect(row.status, label).toBe(won ? 'won' : 'lost');
      expect(transfers.filter((transfer) => transfer.key === `payout:${betId}`)).toHaveLength(won ? 1 : 0);
      expect(await mainBalance(t, player.id)).toBe(100_00n - 10_00n + (won ? row.payout! : 0n));
    }
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
    const stray = await t.db
      .select({ key: schema.ledgerTransfers.idempotencyKey })
      .from(schema.ledgerTransfers)
      .where(like(schema.ledgerTransfers.idempotencyKey, 'payout:%:v%'));
    expect(stray).toEqual([]);
  });
});
