import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  betsResponseSchema,
  matchDetailResponseSchema,
  placeBetResponseSchema,
  type Bet,
  type MatchDetail,
  type PlaceBetBody,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { onPostgres } from '../helpers/test-db';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import {
  buildSportsApp,
  fund,
  idempotencyKey,
  mainBalance,
  pushFeed,
  signedInUser,
  type SignedIn,
  type SportsTestApp,
} from './sports-helpers';

let t: SportsTestApp;
const now = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
});
afterAll(async () => t.close());

async function match(matchId: number, headers: Record<string, string> = {}): Promise<MatchDetail> {
  const response = await t.app.inject({ url: `/spa/sports/matches/${matchId}`, headers });
  expect(response.statusCode).toBe(200);
  return matchDetailResponseSchema.parse(response.json()).match;
}

/** The outcome id and current odd of a label in a market of a match. */
async function pick(matchId: number, position: number, label: string) {
  const detail = await match(matchId);
  const outcome = detail.matchBets
    .find((market) => market.matchBetPosition === position)!
    .matchBetOutcomes.find((candidate) => candidate.providerBetOutcomeId === label)!;
  return { outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue };
}

function place(user: SignedIn, body: PlaceBetBody, key = idempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

async function playerWith(amount: bigint) {
  const user = await signedInUser(t);
  if (amount > 0n) await fund(t, user.id, amount);
  return user;
}

let nextMatchId = 9_200_000;
/** A fresh football match two hours from now, pushed through the feed. */
async function freshMatch(odds: Partial<Record<string, number>> = {}) {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR, { odds })] })).statusCode).toBe(200);
  return id;
}

/** Results for a match's 1X2 market: the winning label wins, the others lose. */
function resultDelivery(id: number, winner: '1' | 'X' | '2', extra: { status?: 'ended' | 'cancelled' } = {}) {
  const delivery = footballMatch(id, now + 2 * HOUR);
  return {
    matches: [
      {
        ...delivery,
        matchStatus: extra.status ?? ('ended' as const),
        matchResult: { score1: 2, score2: 1 },
        matchBets: delivery.matchBets.slice(0, 1).map((bet) => ({
          ...bet,
          matchBetStatus: 'settled' as const,
          matchBetOutcomes: bet.matchBetOutcomes.map((outcome) => ({
            ...outcome,
            matchBetOutcomeResult: outcome.providerBetOutcomeId === winner ? ('won' as const) : ('lost' as const),
          })),
        })),
      },
    ],
  };
}

describe('GET /spa/sports/matches/{matchId}', () => {
  it('answers every market and outcome of the match, by position, with its outcome ids', async () => {
    const detail = await match(9_000_001, { 'x-locale': 'en' });
    expect(detail.matchTeams.map((team) => team.teamName)).toEqual(['Arsenal', 'Chelsea']);
    expect(detail.sportName).toBe('Football');
    expect(detail.tournamentName).toBe('Premier League');
    expect(detail.bettingOpen).toBe(true);
    expect(detail.matchBets.map((market) => market.matchBetPosition)).toEqual([0, 1, 2, 3]);
    expect(detail.matchBets[3]!.matchBetOutcomes.map((outcome) => outcome.providerBetOutcomeId)).toEqual([
      '1 (-1.5)',
      '2 (+1.5)',
    ]);
    expect(detail.matchBets.every((market) => market.status === 'open')).toBe(true);
  });

  it('404 match_not_found for an unknown match, 400 for an id that is not one', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/sports/matches/123' }), 404, 'match_not_found');
    expectErrorEnvelope(await t.app.inject({ url: '/spa/sports/matches/abc' }), 400, 'validation_failed');
  });
});

describe('POST /spa/sports/bets', () => {
  it('places a single through the ledger: the stake leaves the main balance and My bets shows it open', async () => {
    const user = await playerWith(10_000n);
    const selection = await pick(9_000_001, 0, '1');
    const response = await place(user, {
      kind: 'single',
      stake: '12.50',
      oddsChangePolicy: 'none',
      selections: [selection],
    });
    expect(response.statusCode).toBe(201);
    const { bet } = placeBetResponseSchema.parse(response.json());
    expect(bet).toMatchObject({
      kind: 'single',
      status: 'open',
      stake: '12.50',
      currency: 'EUR',
      totalOdd: 2.1,
      potentialPayout: '26.25',
      payout: null,
    });
    expect(bet.selections[0]).toMatchObject({ matchId: 9_000_001, providerBetOutcomeId: '1', odd: 2.1 });
    expect(await mainBalance(t, user.id)).toBe(10_000n - 1_250n);
    const [transfer] = await t.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.idempotencyKey, `bet:${bet.id}`));
    expect(transfer?.kind).toBe('sports_stake');

    const mine = await t.app.inject({ url: '/spa/sports/bets?status=open', headers: user.headers });
    expect(mine.statusCode).toBe(200);
    const list = betsResponseSchema.parse(mine.json());
    expect(list.items.map((item) => item.id)).toEqual([bet.id]);
    expect(list.total).toBe(1);
    const settled = betsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/sports/bets?status=settled', headers: user.headers })).json(),
    );
    expect(settled.items).toEqual([]);
  });

  it('places an accumulator at the product of its odds', async () => {
    const user = await playerWith(10_000n);
    const first = await pick(9_000_001, 1, '> 2.5');
    const second = await pick(9_100_001, 0, '2');
    const response = await place(user, {
      kind: 'accumulator',
      stake: '10',
      oddsChangePolicy: 'none',
      selections: [first, second],
    });
    expect(response.statusCode).toBe(201);
    const { bet } = placeBetResponseSchema.parse(response.json());
    // 1.95 × 2.05 = 3.9975
    expect(bet.totalOdd).toBe(3.997);
    expect(bet.potentialPayout).toBe('39.97');
    expect(bet.selections.map((selection) => selection.matchId)).toEqual([9_000_001, 9_100_001]);
    expect(await mainBalance(t, user.id)).toBe(9_000n);
  });

  it('answers a replayed Idempotency-Key with the first bet and takes the stake once', async () => {
    const user = await playerWith(5_000n);
    const selection = await pick(9_000_001, 0, 'X');
    const body: PlaceBetBody = { kind: 'single', stake: '5.00', oddsChangePolicy: 'none', selections: [selection] };
    const key = idempotencyKey();
    const first = await place(user, body, key);
    const again = await place(user, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ bet: Bet }>().bet.id).toBe(first.json<{ bet: Bet }>().bet.id);
    expect(await mainBalance(t, user.id)).toBe(4_500n);
    const reused = await place(user, { ...body, stake: '6.00' }, key);
    expectErrorEnvelope(reused, 409, 'idempotency_key_reused');
  });

  it('409 insufficient_funds when the stake is above the balance, and nothing is written', async () => {
    const user = await playerWith(500n);
    const selection = await pick(9_000_001, 0, '2');
    const response = await place(user, {
      kind: 'single',
      stake: '5.01',
      oddsChangePolicy: 'any',
      selections: [selection],
    });
    expectErrorEnvelope(response, 409, 'insufficient_funds');
    expect(await mainBalance(t, user.id)).toBe(500n);
    const [count] = await t.db
      .select({ value: sql<number>`count(*)::int` })
      .from(schema.bets)
      .where(eq(schema.bets.userId, user.id));
    expect(count?.value).toBe(0);
  });

  it('enforces the minimum and maximum stake and the maximum payout', async () => {
    const user = await playerWith(200_000n);
    const selection = await pick(9_000_001, 0, '1');
    const single = (stake: string) =>
      place(user, { kind: 'single', stake, oddsChangePolicy: 'any', selections: [selection] });
    expectErrorEnvelope(await single('0.09'), 400, 'stake_below_minimum');
    expectErrorEnvelope(await single('1000.01'), 400, 'stake_above_maximum');
    expect((await single('0.10')).statusCode).toBe(201);
    expect((await single('1000.00')).statusCode).toBe(201);

    const longShots: number[] = [];
    for (let i = 0; i < 4; i++) longShots.push(await freshMatch({ '2': 25 }));
    const selections = await Promise.all(longShots.map((id) => pick(id, 0, '2')));
    // 25⁴ = 390,625: 0.20 pays 78,125.00, above the 50,000.00 cap.
    const tooMuch = await place(user, { kind: 'accumulator', stake: '0.20', oddsChangePolicy: 'any', selections });
    expectErrorEnvelope(tooMuch, 400, 'payout_above_maximum');
    const fine = await place(user, { kind: 'accumulator', stake: '0.10', oddsChangePolicy: 'any', selections });
    expect(fine.statusCode).toBe(201);
    expect(fine.json<{ bet: Bet }>().bet.potentialPayout).toBe('39062.50');
  });

  it('refuses a started match, a suspended market, the same match twice and wrong selection counts', async () => {
    const user = await playerWith(10_000n);
    const started = await pick(9_000_004, 0, '1');
    expectErrorEnvelope(
      await place(user, { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [started] }),
      409,
      'match_started',
    );

    const id = await freshMatch();
    const suspendedOutcome = await pick(id, 1, '> 2.5');
    const delivery = footballMatch(id, now + 2 * HOUR);
    await pushFeed(t, {
      matches: [{ ...delivery, matchBets: [{ ...delivery.matchBets[1]!, matchBetStatus: 'suspended' }] }],
    });
    expectErrorEnvelope(
      await place(user, { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [suspendedOutcome] }),
      409,
      'market_suspended',
    );

    const a = await pick(9_000_002, 0, '1');
    const b = await pick(9_000_002, 1, '> 2.5');
    expectErrorEnvelope(
      await place(user, { kind: 'accumulator', stake: '1', oddsChangePolicy: 'any', selections: [a, b] }),
      400,
      'same_match_twice',
    );
    expectErrorEnvelope(
      await place(user, {
        kind: 'single',
        stake: '1',
        oddsChangePolicy: 'any',
        selections: [a, await pick(9_000_001, 0, '1')],
      }),
      400,
      'invalid_selection_count',
    );
    expectErrorEnvelope(
      await place(user, { kind: 'accumulator', stake: '1', oddsChangePolicy: 'any', selections: [a] }),
      400,
      'invalid_selection_count',
    );
    expectErrorEnvelope(
      await place(user, {
        kind: 'single',
        stake: '1',
        oddsChangePolicy: 'any',
        selections: [{ outcomeId: 999_999, odd: 2 }],
      }),
      404,
      'outcome_not_found',
    );
    expect(await mainBalance(t, user.id)).toBe(10_000n);
  });

  it('refuses bad bodies, a missing Idempotency-Key and visitors', async () => {
    const user = await playerWith(1_000n);
    const selection = await pick(9_000_001, 0, '1');
    const missingKey = await t.app.inject({
      method: 'POST',
      url: '/spa/sports/bets',
      headers: user.headers,
      payload: { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [selection] },
    });
    expectErrorEnvelope(missingKey, 400, 'validation_failed');
    for (const payload of [
      { kind: 'single', stake: '1.001', oddsChangePolicy: 'any', selections: [selection] },
      { kind: 'single', stake: '-1', oddsChangePolicy: 'any', selections: [selection] },
      { kind: 'system', stake: '1', oddsChangePolicy: 'any', selections: [selection] },
      { kind: 'single', stake: '1', oddsChangePolicy: 'sometimes', selections: [selection] },
      { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [] },
      {
        kind: 'single',
        stake: '1',
        oddsChangePolicy: 'any',
        selections: [{ outcomeId: selection.outcomeId, odd: 2.1234 }],
      },
    ]) {
      expectErrorEnvelope(await place(user, payload as PlaceBetBody), 400, 'validation_failed');
    }
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/spa/sports/bets',
      headers: { origin: user.headers.origin, 'idempotency-key': idempotencyKey() },
      payload: { kind: 'single', stake: '1', oddsChangePolicy: 'any', selections: [selection] },
    });
    expectErrorEnvelope(visitor, 401, 'unauthorized');
    expectErrorEnvelope(await t.app.inject({ url: '/spa/sports/bets' }), 401, 'unauthorized');
  });
});

describe('odds-change policy', () => {
  it('none refuses any change, higher takes only better odds, any takes whatever the odds are now', async () => {
    const user = await playerWith(10_000n);
    const id = await freshMatch({ '1': 2.0, '2': 3.0 });
    const home = await pick(id, 0, '1');
    const away = await pick(id, 0, '2');
    // The price of 1 drifts out (better for the player), 2 shortens (worse).
    await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR, { odds: { '1': 2.2, '2': 2.8 } })] });
    const bet = (selection: typeof home, policy: PlaceBetBody['oddsChangePolicy']) =>
      place(user, { kind: 'single', stake: '1', oddsChangePolicy: policy, selections: [selection] });

    const refused = expectErrorEnvelope(await bet(home, 'none'), 409, 'odds_changed');
    expect(refused.error.fields).toEqual({ [String(home.outcomeId)]: '2.2' });
    const higher = await bet(home, 'higher');
    expect(higher.statusCode).toBe(201);
    expect(higher.json<{ bet: Bet }>().bet.totalOdd).toBe(2.2);
    const lower = expectErrorEnvelope(await bet(away, 'higher'), 409, 'odds_changed');
    expect(lower.error.fields).toEqual({ [String(away.outcomeId)]: '2.8' });
    const any = await bet(away, 'any');
    expect(any.statusCode).toBe(201);
    expect(any.json<{ bet: Bet }>().bet.totalOdd).toBe(2.8);
    // Unchanged odds pass under every policy.
    expect((await bet({ ...away, odd: 2.8 }, 'none')).statusCode).toBe(201);
    expect(await mainBalance(t, user.id)).toBe(10_000n - 300n);
  });
});

describe('settlement', () => {
  it('pays a won single once, even when the result is delivered twice', async () => {
    const user = await playerWith(2_000n);
    const id = await freshMatch({ '1': 2.5 });
    const selection = await pick(id, 0, '1');
    const placed = await place(user, {
      kind: 'single',
      stake: '10',
      oddsChangePolicy: 'none',
      selections: [selection],
    });
    const betId = placed.json<{ bet: Bet }>().bet.id;
    expect(await mainBalance(t, user.id)).toBe(1_000n);

    const first = await pushFeed(t, resultDelivery(id, '1'));
    expect(first.json()).toMatchObject({ settledBets: 1 });
    const second = await pushFeed(t, resultDelivery(id, '1'));
    expect(second.json()).toMatchObject({ settledBets: 0 });
    await t.app.services.sports.settlement.settle();
    await t.app.services.sports.settlement.settleBet(betId);

    expect(await mainBalance(t, user.id)).toBe(1_000n + 2_500n);
    const settled = betsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/sports/bets?status=settled', headers: user.headers })).json(),
    );
    expect(settled.items).toHaveLength(1);
    expect(settled.items[0]).toMatchObject({ id: betId, status: 'won', payout: '25.00' });
    expect(settled.items[0]!.selections[0]!.result).toBe('won');
    const payouts = await t.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.idempotencyKey, `payout:${betId}`));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.kind).toBe('sports_payout');
  });

  it('settles a lost bet without moving money, and an accumulator as lost as soon as one leg loses', async () => {
    const user = await playerWith(2_000n);
    const lostMatch = await freshMatch();
    const openMatch = await freshMatch();
    const single = await place(user, {
      kind: 'single',
      stake: '5',
      oddsChangePolicy: 'any',
      selections: [await pick(lostMatch, 0, '2')],
    });
    const acca = await place(user, {
      kind: 'accumulator',
      stake: '5',
      oddsChangePolicy: 'any',
      selections: [await pick(lostMatch, 0, '2'), await pick(openMatch, 0, '1')],
    });
    await pushFeed(t, resultDelivery(lostMatch, '1'));
    expect(await mainBalance(t, user.id)).toBe(1_000n);
    const list = betsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/sports/bets?status=settled', headers: user.headers })).json(),
    );
    const ids = [single, acca].map((response) => response.json<{ bet: Bet }>().bet.id);
    expect(list.items.map((bet) => [bet.id, bet.status, bet.payout]).sort()).toEqual(
      ids.map((id) => [id, 'lost', '0.00']).sort(),
    );
  });

  it('returns the stake of a voided bet once, and counts a void leg of an accumulator as odds of 1', async () => {
    const user = await playerWith(3_000n);
    const cancelled = await freshMatch({ '1': 2.0 });
    const other = await freshMatch({ '1': 1.5 });
    const single = await place(user, {
      kind: 'single',
      stake: '10',
      oddsChangePolicy: 'any',
      selections: [await pick(cancelled, 0, '1')],
    });
    const acca = await place(user, {
      kind: 'accumulator',
      stake: '10',
      oddsChangePolicy: 'any',
      selections: [await pick(cancelled, 0, '1'), await pick(other, 0, '1')],
    });
    expect(await mainBalance(t, user.id)).toBe(1_000n);
    const base = footballMatch(cancelled, now + 2 * HOUR);
    const cancel = { matches: [{ ...base, matchStatus: 'cancelled' as const, matchBets: [] }] };
    expect((await pushFeed(t, cancel)).json()).toMatchObject({ settledBets: 1 });
    expect((await pushFeed(t, cancel)).json()).toMatchObject({ settledBets: 0 });
    expect(await mainBalance(t, user.id)).toBe(2_000n);
    const singleId = single.json<{ bet: Bet }>().bet.id;
    const voids = await t.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.idempotencyKey, `void:${singleId}`));
    expect(voids.map((row) => row.kind)).toEqual(['sports_void']);

    await pushFeed(t, resultDelivery(other, '1'));
    // 10 × 1 (void) × 1.5
    expect(await mainBalance(t, user.id)).toBe(2_000n + 1_500n);
    const accaView = betsResponseSchema
      .parse((await t.app.inject({ url: '/spa/sports/bets?status=settled', headers: user.headers })).json())
      .items.find((bet) => bet.id === acca.json<{ bet: Bet }>().bet.id)!;
    expect(accaView).toMatchObject({ status: 'won', payout: '15.00' });
    expect(accaView.selections.map((selection) => selection.result)).toEqual(['void', 'won']);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('concurrency', () => {
  /*
   * A suspension being written while a bet is priced: the bet reads the odds under a share lock, so it waits for the
   * suspension's commit and is refused, instead of committing a bet on a market that is already suspended. The race
   * exists on PostgreSQL (the test waits until the bet is seen waiting on the lock); PGlite runs one transaction at a
   * time, so there the bet simply runs after the suspension.
   */
  for (const level of ['outcome', 'market', 'match'] as const) {
    it(`a bet racing a suspension of its ${level} waits for it and is refused (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
      const user = await playerWith(1_000n);
      const matchId = await freshMatch();
      const selection = await pick(matchId, 0, '1');
      let written!: () => void;
      const suspensionWritten = new Promise<void>((resolve) => (written = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const suspension = t.db.transaction(async (tx) => {
        if (level === 'outcome') {
          await tx
            .update(schema.outcomes)
            .set({ status: 'suspended' })
            .where(eq(schema.outcomes.id, selection.outcomeId));
        } else if (level === 'market') {
          await tx
            .update(schema.markets)
            .set({ status: 'suspended' })
            .where(eq(schema.markets.id, matchId * 10));
        } else {
          // Kick-off as the ingest writes it: the match goes live and its markets are suspended (a match in play takes
          // bets, after their delay, only on the markets the feed opens again).
          await tx.update(schema.matches).set({ status: 'live' }).where(eq(schema.matches.id, matchId));
          await tx.update(schema.markets).set({ status: 'suspended' }).where(eq(schema.markets.matchId, matchId));
        }
        written();
        await gate;
      });
      await suspensionWritten;
      const bet = place(user, { kind: 'single', stake: '1.00', oddsChangePolicy: 'any', selections: [selection] });
      const settled = bet.then(() => 'answered' as const);
      if (onPostgres) {
        // Until the bet is answered or seen waiting for a row lock.
        for (;;) {
          const waiting = await t.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) break;
          if (
            (await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 20, 'pending'))])) === 'answered'
          ) {
            break;
          }
        }
      }
      release();
      await suspension;
      const response = await bet;
      // On PostgreSQL the bet was priced as prematch and waited for the kick-off's commit: its match has started. On
      // PGlite it ran after the kick-off, as a bet in play, and met the suspended market at its first look.
      expectErrorEnvelope(response, 409, level === 'match' && onPostgres ? 'match_started' : 'market_suspended');
      expect(await mainBalance(t, user.id)).toBe(1_000n);
    });
  }

  it(`parallel bets cannot overdraw the balance (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const user = await playerWith(1_000n);
    const selection = await pick(9_000_002, 0, '1');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        place(user, { kind: 'single', stake: '3.00', oddsChangePolicy: 'any', selections: [selection] }),
      ),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const response of refused) expect(response.json().error.code).toBe('insufficient_funds');
    expect(await mainBalance(t, user.id)).toBe(100n);
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('the same Idempotency-Key sent twice at once places one bet', async () => {
    const user = await playerWith(1_000n);
    const selection = await pick(9_000_002, 0, 'X');
    const key = idempotencyKey();
    const body: PlaceBetBody = { kind: 'single', stake: '2.00', oddsChangePolicy: 'any', selections: [selection] };
    const [a, b] = await Promise.all([place(user, body, key), place(user, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<{ bet: Bet }>().bet.id).toBe(b.json<{ bet: Bet }>().bet.id);
    expect(await mainBalance(t, user.id)).toBe(800n);
  });
});
