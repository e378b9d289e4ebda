import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  betsResponseSchema,
  formatMinor,
  matchDetailResponseSchema,
  placeBetResponseSchema,
  previewBetsResponseSchema,
  type PlaceBetBody,
  type StakePreview,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { grantCampaignBonus } from '../helpers/bonus-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import {
  buildSportsApp,
  fund,
  idempotencyKey,
  pushFeed,
  signedInUser,
  type SignedIn,
  type SportsTestApp,
} from './sports-helpers';

/*
 * Where a bet's money comes from (issue 19): the slip's preview is the placement's own decision run dry. Each test
 * previews a slip, places it, and holds the two together: the parts shown are the parts taken.
 */

let t: SportsTestApp;
const now = Date.now();
const HOUR = 3_600_000;
const MATCH = 9_300_001;
const OTHER_MATCH = 9_300_002;

beforeAll(async () => {
  t = await buildSportsApp();
  const book = englishBook(now);
  const delivery = {
    ...book,
    matches: [footballMatch(MATCH, now + 2 * HOUR), footballMatch(OTHER_MATCH, now + 3 * HOUR)],
  };
  expect((await pushFeed(t, delivery)).statusCode).toBe(200);
});
afterAll(async () => t.close());

async function outcomes(matchId: number) {
  const response = await t.app.inject({ url: `/spa/sports/matches/${matchId}` });
  const detail = matchDetailResponseSchema.parse(response.json()).match;
  return detail.matchBets.find((market) => market.matchBetPosition === 0)!.matchBetOutcomes;
}

/** A single on the home win (odd 2.10) of a match. */
async function single(stake: string, matchId = MATCH, label = '1'): Promise<PlaceBetBody> {
  const outcome = (await outcomes(matchId)).find((candidate) => candidate.providerBetOutcomeId === label)!;
  return {
    kind: 'single',
    stake,
    oddsChangePolicy: 'none',
    selections: [{ outcomeId: outcome.outcomeId, odd: outcome.matchBetOutcomeOddValue }],
  };
}

async function preview(user: SignedIn, bets: PlaceBetBody[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets/preview',
    headers: user.headers,
    payload: { bets },
  });
  expect(response.statusCode, response.body).toBe(200);
  return previewBetsResponseSchema.parse(response.json()).bets;
}

function place(user: SignedIn, body: PlaceBetBody) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': idempotencyKey() },
    payload: body,
  });
}

async function balances(user: SignedIn) {
  return t.app.services.wallet.balances(user.id, 'EUR');
}

const euros = (minor: bigint) => formatMinor(minor, 'EUR');

/** Places the bet and checks it took exactly the previewed parts: from the balances and from the bet's own record. */
async function expectPlacementTakes(user: SignedIn, body: PlaceBetBody, shown: StakePreview) {
  expect(shown.refusal).toBeNull();
  const before = await balances(user);
  const placed = await place(user, body);
  expect(placed.statusCode, placed.body).toBe(201);
  const after = await balances(user);
  const { bet } = placeBetResponseSchema.parse(placed.json());
  expect(euros(before.main - after.main)).toBe(shown.funding!.cash);
  expect(euros(before.bonus - after.bonus)).toBe(shown.funding!.bonus);
  expect(bet.funding).toEqual({ stake: shown.funding, payout: null });
  return bet;
}

async function moneyRows() {
  const tables = [schema.ledgerTransfers, schema.stakes, schema.bets, schema.auditLog, schema.bonusContributions];
  return Promise.all(tables.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
}

describe('POST /spa/sports/bets/preview', () => {
  it('a cash-only player: the preview names the cash part, and placing takes exactly that', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 50_00n);
    const body = await single('12.50');
    const [shown] = await preview(user, [body]);
    expect(shown).toEqual({
      amount: '12.50',
      currency: 'EUR',
      available: { cash: '50.00', bonus: '0.00' },
      funding: { cash: '12.50', bonus: '0.00', freeSpin: '0.00' },
      refusal: null,
      bonus: null,
    });
    await expectPlacementTakes(user, body, shown!);
  });

  it("a bonus player: main money first, then the bonus's money; the bonus's rules for the bet come with it", async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 3_00n);
    const bonusId = await grantCampaignBonus(t, user.id, { amount: 20_00n, maxBet: 10_00n, wager: 30 });
    const body = await single('8.00');
    const [shown] = await preview(user, [body]);
    expect(shown).toMatchObject({
      available: { cash: '3.00', bonus: '20.00' },
      funding: { cash: '3.00', bonus: '5.00', freeSpin: '0.00' },
      refusal: null,
      bonus: {
        id: bonusId,
        takesPart: true,
        balance: '20.00',
        maxBet: '10.00',
        wagered: '0.00',
        wagerRequired: '600.00',
        contributionPercent: 100,
        // Odds 2.10, over the campaign's 1.50: the whole stake counts, when the bet settles won or lost.
        minOdd: 1.5,
        counts: '8.00',
        countsWhen: 'settled',
        freeSpins: null,
      },
    });
    await expectPlacementTakes(user, body, shown!);
  });

  it('a bet under the bonus minimum odds is funded alike but counts nothing towards the wagering', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 10_00n);
    await grantCampaignBonus(t, user.id, { amount: 5_00n, maxBet: 10_00n });
    const longShot = await single('2.00', MATCH, '1');
    const [counted] = await preview(user, [longShot]);
    expect(counted!.bonus).toMatchObject({ counts: '2.00' });
    const lowOdds = {
      ...longShot,
      selections: [{ ...longShot.selections[0]!, odd: 1.2 }],
    } satisfies PlaceBetBody;
    const [notCounted] = await preview(user, [lowOdds]);
    expect(notCounted!.bonus).toMatchObject({ counts: '0.00', minOdd: 1.5 });
    expect(notCounted!.funding).toEqual(counted!.funding);
  });

  it('over the bonus max bet: the preview names bonus_max_bet_exceeded, and the placement refuses alike', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 100_00n);
    await grantCampaignBonus(t, user.id, { amount: 10_00n, maxBet: 5_00n });
    const body = await single('5.01');
    const [shown] = await preview(user, [body]);
    expect(shown).toMatchObject({
      funding: null,
      refusal: { code: 'bonus_max_bet_exceeded' },
      bonus: { maxBet: '5.00', takesPart: true },
    });
    expect(shown!.refusal!.message).toContain('5.00');
    const before = await balances(user);
    const refused = expectErrorEnvelope(await place(user, body), 409, 'bonus_max_bet_exceeded');
    expect(refused.error.message).toBe(shown!.refusal!.message);
    expect(await balances(user)).toEqual(before);
    const [atMax] = await preview(user, [await single('5.00')]);
    expect(atMax!.funding).toEqual({ cash: '5.00', bonus: '0.00', freeSpin: '0.00' });
  });

  it('too little money: insufficient_funds, named alike by the preview and the placement', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 4_00n);
    const body = await single('4.01');
    const [shown] = await preview(user, [body]);
    expect(shown).toMatchObject({ funding: null, refusal: { code: 'insufficient_funds' } });
    expectErrorEnvelope(await place(user, body), 409, 'insufficient_funds');
    // Bonus money left on the balance by no running bonus is no money to stake.
    await t.app.services.wallet.transfer({
      idempotencyKey: `stray-bonus:${user.id}`,
      kind: 'bonus_grant',
      currency: 'EUR',
      legs: [
        { account: { userId: user.id, kind: 'bonus' }, amount: 10_00n },
        { account: { house: 'bonus_pool' }, amount: -10_00n },
      ],
    });
    const [still] = await preview(user, [body]);
    expect(still).toMatchObject({
      available: { cash: '4.00', bonus: '0.00' },
      refusal: { code: 'insufficient_funds' },
    });
    expectErrorEnvelope(await place(user, body), 409, 'insufficient_funds');
  });

  it("a protection limit: the refusal carries the limit's fields, and the slip's bets count against it in turn", async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 100_00n);
    const limit = await t.app.inject({
      method: 'PUT',
      url: '/spa/users/limits',
      headers: user.headers,
      payload: { kind: 'wager', period: 'day', amount: '15.00' },
    });
    expect(limit.statusCode).toBe(200);
    const first = await single('10.00', MATCH, '1');
    const second = await single('10.00', OTHER_MATCH, '1');
    const shown = await preview(user, [first, second]);
    expect(shown[0]).toMatchObject({ funding: { cash: '10.00' }, refusal: null });
    expect(shown[1]).toMatchObject({
      funding: null,
      refusal: { code: 'limit_exceeded', fields: { kind: 'wager', period: 'day', limit: '15.00' } },
    });
    await expectPlacementTakes(user, first, shown[0]!);
    const refused = expectErrorEnvelope(await place(user, second), 409, 'limit_exceeded');
    expect(refused.error.fields).toMatchObject({ kind: 'wager', period: 'day', limit: '15.00', remaining: '5.00' });
  });

  it('a slip of singles: each bet is funded after the ones before it, as placing them one by one takes', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 7_00n);
    await grantCampaignBonus(t, user.id, { amount: 12_00n, maxBet: 6_00n });
    const bets = [
      await single('5.00', MATCH, '1'),
      await single('5.00', MATCH, 'X'),
      await single('6.00', OTHER_MATCH),
    ];
    const shown = await preview(user, bets);
    expect(shown.map((bet) => bet.funding)).toEqual([
      { cash: '5.00', bonus: '0.00', freeSpin: '0.00' },
      { cash: '2.00', bonus: '3.00', freeSpin: '0.00' },
      { cash: '0.00', bonus: '6.00', freeSpin: '0.00' },
    ]);
    expect(shown.map((bet) => bet.available)).toEqual([
      { cash: '7.00', bonus: '12.00' },
      { cash: '2.00', bonus: '12.00' },
      { cash: '0.00', bonus: '9.00' },
    ]);
    for (const [index, body] of bets.entries()) await expectPlacementTakes(user, body, shown[index]!);
  });

  it("the sportsbook's own refusals come first, as in the placement: a stake under the minimum, a slip that is no bet", async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 10_00n);
    const [low] = await preview(user, [await single('0.05')]);
    expect(low).toMatchObject({ funding: null, refusal: { code: 'stake_below_minimum' } });
    expectErrorEnvelope(await place(user, await single('0.05')), 400, 'stake_below_minimum');
    const [accumulator] = await preview(user, [{ ...(await single('1.00')), kind: 'accumulator' }]);
    expect(accumulator).toMatchObject({ refusal: { code: 'invalid_selection_count' } });
  });

  it('reads only: the ledger, the stakes, the bets, the audit log and the wagering are as they were', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 2_00n);
    await grantCampaignBonus(t, user.id, { amount: 10_00n, maxBet: 5_00n });
    await t.app.inject({
      method: 'PUT',
      url: '/spa/users/limits',
      headers: user.headers,
      payload: { kind: 'loss', period: 'week', amount: '100.00' },
    });
    const before = await moneyRows();
    const held = await balances(user);
    await preview(user, [await single('4.00'), await single('9.00', OTHER_MATCH), await single('0.01')]);
    expect(await moneyRows()).toEqual(before);
    expect(await balances(user)).toEqual(held);
  });

  it('answers 401 to a visitor and 400 to a malformed slip', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/spa/sports/bets/preview',
      headers: { origin: 'http://localhost:3000' },
      payload: { bets: [await single('1.00')] },
    });
    expectErrorEnvelope(visitor, 401, 'unauthorized');
    const user = await signedInUser(t);
    // A read like the others: under the per-address limit every route has.
    const counted = await t.app.inject({
      method: 'POST',
      url: '/spa/sports/bets/preview',
      headers: user.headers,
      payload: { bets: [await single('1.00')] },
    });
    expect(counted.headers['x-ratelimit-limit']).toBe('100000');
    for (const payload of [{ bets: [] }, { bets: [{ ...(await single('1.00')), stake: '1.001' }] }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/sports/bets/preview',
        headers: user.headers,
        payload,
      });
      expectErrorEnvelope(response, 400, 'validation_failed');
    }
  });
});

describe('GET /spa/sports/bets: the split each bet used', () => {
  it("shows the stake's parts and, once settled, where the payout went (the bonus part's winnings to the bonus)", async () => {
    const matchId = 9_300_010;
    expect((await pushFeed(t, { matches: [footballMatch(matchId, now + 2 * HOUR)] })).statusCode).toBe(200);
    const user = await signedInUser(t);
    await fund(t, user.id, 4_00n);
    await grantCampaignBonus(t, user.id, { amount: 20_00n, maxBet: 10_00n, wager: 30 });
    const body = await single('10.00', matchId, '1');
    const [shown] = await preview(user, [body]);
    const placed = await expectPlacementTakes(user, body, shown!);

    const ended = footballMatch(matchId, now + 2 * HOUR);
    const delivery = {
      matches: [
        {
          ...ended,
          matchStatus: 'ended' as const,
          matchResult: { score1: 2, score2: 0 },
          matchBets: ended.matchBets.slice(0, 1).map((market) => ({
            ...market,
            matchBetStatus: 'settled' as const,
            matchBetOutcomes: market.matchBetOutcomes.map((outcome) => ({
              ...outcome,
              matchBetOutcomeResult: outcome.providerBetOutcomeId === '1' ? ('won' as const) : ('lost' as const),
            })),
          })),
        },
      ],
    };
    expect((await pushFeed(t, delivery)).statusCode).toBe(200);
    const listed = await t.app.inject({ url: '/spa/sports/bets?status=settled', headers: user.headers });
    const bet = betsResponseSchema.parse(listed.json()).items.find((item) => item.id === placed.id)!;
    expect(bet.status).toBe('won');
    // 10.00 at 2.10 pays 21.00: 4.00 of the stake was cash (8.40 of the win), 6.00 bonus money (12.60).
    expect(bet.funding).toEqual({
      stake: { cash: '4.00', bonus: '6.00', freeSpin: '0.00' },
      payout: { cash: '8.40', bonus: '12.60', bonusPool: '0.00', withheld: '0.00' },
    });
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});

describe('the preview and the placement decide alike', () => {
  it('for any money, bonus and stake: the preview names exactly what the placement then takes or refuses', async () => {
    const money = fc.bigInt({ min: 0n, max: 30_00n });
    const state = fc.record({
      main: money,
      bonus: fc.option(fc.record({ amount: fc.bigInt({ min: 1n, max: 30_00n }), maxBet: fc.option(money) })),
      stake: fc.bigInt({ min: 10n, max: 40_00n }),
      label: fc.constantFrom('1', 'X', '2'),
    });
    await fc.assert(
      fc.asyncProperty(state, async ({ main, bonus, stake, label }) => {
        const user = await signedInUser(t);
        if (main > 0n) await fund(t, user.id, main);
        if (bonus) await grantCampaignBonus(t, user.id, { amount: bonus.amount, maxBet: bonus.maxBet });
        const body = await single(euros(stake), MATCH, label);
        const [shown] = await preview(user, [body]);
        if (shown!.refusal) {
          const before = await balances(user);
          const response = await place(user, body);
          expect(response.statusCode).toBe(409);
          expect(response.json<{ error: { code: string } }>().error.code).toBe(shown!.refusal.code);
          expect(await balances(user)).toEqual(before);
        } else {
          await expectPlacementTakes(user, body, shown!);
        }
      }),
      { numRuns: 40 },
    );
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
