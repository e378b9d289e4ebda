import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { matchDetailResponseSchema, type PlaceBetBody } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { englishBook } from '../helpers/sports-fixtures';
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

beforeAll(async () => {
  t = await buildSportsApp({ TEST_CLOCK: 'on' });
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
});
afterAll(async () => t.close());

async function single(stake: string): Promise<PlaceBetBody> {
  const response = await t.app.inject({ url: '/spa/sports/matches/9000001' });
  const detail = matchDetailResponseSchema.parse(response.json()).match;
  const outcome = detail.matchBets.find((market) => market.matchBetPosition === 0)!.matchBetOutcomes[0]!;
  return {
    kind: 'single',
    stake,
    oddsChangePolicy: 'any',
    selections: [{ outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue }],
  };
}

const place = async (user: SignedIn, stake: string) =>
  t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': idempotencyKey() },
    payload: await single(stake),
  });

describe('POST /spa/sports/bets under player protection', () => {
  it('refuses the stake that would break a loss limit (the stake counts as lost) and takes nothing', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 100_00n);
    await t.app.inject({
      method: 'PUT',
      url: '/spa/users/limits',
      headers: user.headers,
      payload: { kind: 'loss', period: 'week', amount: '15.00' },
    });
    expect((await place(user, '10.00')).statusCode).toBe(201);
    const refused = expectErrorEnvelope(await place(user, '5.01'), 409, 'limit_exceeded');
    expect(refused.error.fields).toMatchObject({ kind: 'loss', period: 'week', limit: '15.00', remaining: '5.00' });
    expect((await place(user, '5.00')).statusCode).toBe(201);
    expect(await mainBalance(t, user.id)).toBe(100_00n - 15_00n);
  });

  it('refuses every bet during a self-exclusion; the balance stays', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 20_00n);
    await t.db.insert(schema.playerRestrictions).values({
      userId: user.id,
      kind: 'self_exclusion',
      duration: '6m',
      startsAt: new Date(now - 1000),
      endsAt: new Date(now + 180 * 24 * 3_600_000),
    });
    const refused = expectErrorEnvelope(await place(user, '1.00'), 403, 'player_restricted');
    expect(refused.error.fields).toMatchObject({ kind: 'self_exclusion' });
    expect(await mainBalance(t, user.id)).toBe(20_00n);
  });
});
