import { randomUUID } from 'node:crypto';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema, type DbOrTx } from '@playhouse/db';
import {
  betsResponseSchema,
  cashOutOffersResponseSchema,
  cashOutResponseSchema,
  cashOutSettingsResponseSchema,
  placeBetResponseSchema,
  type CashOutOffer,
} from '@playhouse/shared';
import { z } from 'zod';
import { ledgerTransfers } from '../../src/lib/metrics';
import { rowsOf } from '../../src/lib/sql-rows';
import { balanceNoticesFor } from '../../src/services/wallet/balance-notices';
import { cashOutPrice } from '../../src/services/sports/cash-out-pricing';
import { CASH_OUT_PRICE_INPUTS } from '../../src/services/sports/cash-out-queries';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { ledgerViolations, NO_VIOLATIONS, NO_STAKE_VIOLATIONS, stakeViolations } from '../helpers/ledger-invariants';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { grantCampaignBonus } from '../helpers/bonus-fixtures';
import { staffCaller, type StaffCaller } from '../helpers/staff';
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

/*
 * Cash out (issue 21): the price follows the odds, a cash out pays once whatever races it (settlement, a second cash
 * out, a suspension, a trader's re-settlement, a retry), and a lying client moves nothing.
 */

let t: SportsTestApp;
let trader: StaffCaller;
let risk: StaffCaller;
const now = Date.now();
const HOUR = 3_600_000;
const ODDS = { '1': 2.1, X: 3.4, '2': 3.6 };

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  trader = await staffCaller(t, ['trader']);
  risk = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

let nextMatchId = 9_810_000;
async function freshMatch(odds: Partial<Record<string, number>> = ODDS) {
  const id = ++nextMatchId;
  expect((await pushFeed(t, { matches: [footballMatch(id, now + 2 * HOUR, { odds })] })).statusCode).toBe(200);
  return id;
}

/** Moves the 1X2 odds of a match (the feed's word). */
async function moveOdds(matchId: number, odds: Partial<Record<string, number>>) {
  const delivery = footballMatch(matchId, now + 2 * HOUR, { odds: { ...ODDS, ...odds } });
  expect(
    (await pushFeed(t, { matches: [{ ...delivery, matchBets: delivery.matchBets.slice(0, 1) }] })).statusCode,
  ).toBe(200);
}

function resultDelivery(matchId: number, winner: '1' | 'X' | '2') {
  const delivery = footballMatch(matchId, now + 2 * HOUR, { odds: ODDS });
  return {
    matches: [
      {
        ...delivery,
        matchStatus: 'ended' as const,
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

async function outcomeIds(matchId: number): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ id: schema.outcomes.id, label: schema.outcomes.label })
    .from(schema.outcomes)
    .where(eq(schema.outcomes.marketId, matchId * 10));
  return Object.fromEntries(rows.map((row) => [row.label, row.id]));
}

async function player(amount = 100_00n) {
  const user = await signedInUser(t);
  if (amount > 0n) await fund(t, user.id, amount);
  return user;
}

/** A single on the home win (or an accumulator over several matches' home wins) at the current odds. */
async function bet(user: SignedIn, matchIds: number[], stake = '10.00') {
  const selections = await Promise.all(
    matchIds.map(async (id) => ({ outcomeId: (await outcomeIds(id))['1']!, odd: ODDS['1'] })),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': idempotencyKey() },
    payload: { kind: matchIds.length === 1 ? 'single' : 'accumulator', stake, oddsChangePolicy: 'any', selections },
  });
  expect(response.statusCode, response.body).toBe(201);
  return placeBetResponseSchema.parse(response.json()).bet;
}

async function offers(user: SignedIn): Promise<CashOutOffer[]> {
  const response = await t.app.inject({ url: '/spa/sports/cash-out', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return cashOutOffersResponseSchema.parse(response.json()).offers;
}

async function offerOf(user: SignedIn, betId: string) {
  return (await offers(user)).find((offer) => offer.betId === betId)!;
}

function cashOut(user: SignedIn, body: Record<string, unknown>, key = `co-${randomUUID()}`) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/sports/cash-out',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  });
}

const cents = (text: string) => BigInt(text.replace('.', ''));

/** The price the module gives a single on '1' placed at 2.10 with the 1X2 odds now at `odds`. */
function expectedSinglePrice(stake: bigint, odds: Record<string, number>, marginBp = 500) {
  const outcomes = ['1', 'X', '2'].map((label, index) => ({
    id: index,
    odd: Math.round(odds[label]! * 1000),
    status: 'open',
  }));
  const priced = cashOutPrice(
    stake,
    [{ outcomeId: 0, placedOdd: 2100, marketStatus: 'open', matchStatus: 'scheduled', outcomes, switchedOff: false }],
    marginBp,
  );
  if (!('price' in priced)) throw new Error('no price');
  return priced.price;
}

async function cashOutTransfers(betId: string) {
  return t.db
    .select()
    .from(schema.ledgerTransfers)
    .where(
      and(
        eq(schema.ledgerTransfers.kind, 'sports_cash_out'),
        like(schema.ledgerTransfers.idempotencyKey, `cashout:${betId}:%`),
      ),
    );
}

async function payoutTransfers(betId: string) {
  return t.db
    .select()
    .from(schema.ledgerTransfers)
    .where(like(schema.ledgerTransfers.idempotencyKey, `payout:${betId}%`));
}

async function betRow(betId: string) {
  const [row] = await t.db.select().from(schema.bets).where(eq(schema.bets.id, betId));
  return row!;
}

describe('the cash-out price', () => {
  it('GET /spa/sports/cash-out prices each open bet from the current odds less the margin, and follows them', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const first = await offerOf(user, placed.id);
    expect(first).toMatchObject({ stake: '10.00', currency: 'EUR', unavailable: null, autoTarget: null });
    expect(cents(first.price!)).toBe(expectedSinglePrice(1000n, ODDS));
    // 10.00 at 2.10 = 21.00 if it wins; 2.10 / 3.40 / 3.60 gives it a 45.4 % fair chance, 5 % off: 9.06.
    expect(first.price).toBe('9.06');

    await moveOdds(match, { '1': 1.5 });
    const moved = await offerOf(user, placed.id);
    expect(cents(moved.price!)).toBe(expectedSinglePrice(1000n, { ...ODDS, '1': 1.5 }));
    expect(cents(moved.price!)).toBeGreaterThan(cents(first.price!));
  });

  it('has no price while the market is suspended, and answers an accumulator as the product of its legs', async () => {
    const [a, b] = [await freshMatch(), await freshMatch()];
    const user = await player();
    const acca = await bet(user, [a, b]);
    const offer = await offerOf(user, acca.id);
    // 10.00 at 2.10 × 2.10 = 44.10 if both win, times each leg's 45.4 % fair chance, 5 % off.
    const fair = (1 / 2.1 / (1 / 2.1 + 1 / 3.4 + 1 / 3.6)) ** 2;
    expect(Number(offer.price)).toBeCloseTo(10 * 2.1 * 2.1 * fair * 0.95, 1);

    const delivery = footballMatch(b, now + 2 * HOUR, { odds: ODDS });
    await pushFeed(t, {
      matches: [{ ...delivery, matchBets: [{ ...delivery.matchBets[0]!, matchBetStatus: 'suspended' }] }],
    });
    expect(await offerOf(user, acca.id)).toMatchObject({ price: null, unavailable: 'suspended' });
    expectErrorEnvelope(await cashOut(user, { betId: acca.id, seenPrice: offer.price }), 409, 'cash_out_unavailable');
  });
});

describe('POST /spa/sports/cash-out', () => {
  it('pays the price once into the main balance; the bet is cashed out and never settled again', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const key = `co-${randomUUID()}`;
    const response = await cashOut(user, { betId: placed.id, seenPrice: price }, key);
    expect(response.statusCode).toBe(200);
    const answer = cashOutResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      amount: price,
      price,
      stake: '10.00',
      bet: { status: 'cashed_out', payout: price },
    });
    expect(answer.bet.cashedOut).toEqual({ stake: '10.00', amount: price });
    expect(await mainBalance(t, user.id)).toBe(100_00n - 10_00n + cents(price!));

    // The same request again (a lost answer): the first answer, nothing paid twice.
    const again = await cashOut(user, { betId: placed.id, seenPrice: price }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ amount: price });
    // The same key for another request is refused.
    expectErrorEnvelope(
      await cashOut(user, { betId: placed.id, seenPrice: '1.00' }, key),
      409,
      'idempotency_key_reused',
    );

    // The match ends with the home win: the cashed-out bet is not paid.
    expect((await pushFeed(t, resultDelivery(match, '1'))).statusCode).toBe(200);
    await t.app.services.sports.settlement.settle();
    expect((await betRow(placed.id)).status).toBe('cashed_out');
    expect(await payoutTransfers(placed.id)).toHaveLength(0);
    expect(await cashOutTransfers(placed.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(100_00n - 10_00n + cents(price!));
  });

  it('cashes out part of the stake: the rest stays in play and settles alone', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const response = await cashOut(user, { betId: placed.id, seenPrice: price, stake: '4.00' });
    expect(response.statusCode).toBe(200);
    const answer = cashOutResponseSchema.parse(response.json());
    const part = (cents(price!) * 400n) / 1000n;
    expect(cents(answer.amount)).toBe(part);
    expect(answer.bet).toMatchObject({ status: 'open', stake: '6.00', potentialPayout: '12.60' });
    expect(answer.bet.cashedOut).toEqual({ stake: '4.00', amount: answer.amount });
    expect((await offerOf(user, placed.id)).stake).toBe('6.00');

    expect((await pushFeed(t, resultDelivery(match, '1'))).statusCode).toBe(200);
    expect((await betRow(placed.id)).status).toBe('won');
    expect((await betRow(placed.id)).payout).toBe(12_60n);
    expect(await mainBalance(t, user.id)).toBe(100_00n - 10_00n + part + 12_60n);
  });

  it('answers the bet as My bets shows it afterwards: partial and whole, with its funding and its cash outs so far', async () => {
    const [a, b] = [await freshMatch(), await freshMatch()];
    const user = await player(4_00n);
    await grantCampaignBonus(t, user.id, { amount: 20_00n });
    const acca = await bet(user, [a, b]);
    const listed = async () => {
      const response = await t.app.inject({ url: '/spa/sports/bets', headers: user.headers });
      expect(response.statusCode).toBe(200);
      return betsResponseSchema.parse(response.json()).items.find((item) => item.id === acca.id)!;
    };

    const { price } = await offerOf(user, acca.id);
    const partial = await cashOut(user, { betId: acca.id, seenPrice: price, stake: '3.00' });
    expect(partial.statusCode, partial.body).toBe(200);
    const first = cashOutResponseSchema.parse(partial.json());
    expect(first.bet).toMatchObject({ status: 'open', stake: '7.00' });
    expect(first.bet).toEqual(await listed());

    const rest = await offerOf(user, acca.id);
    const whole = await cashOut(user, { betId: acca.id, seenPrice: rest.price });
    expect(whole.statusCode, whole.body).toBe(200);
    const second = cashOutResponseSchema.parse(whole.json());
    expect(second.bet).toMatchObject({ status: 'cashed_out', cashedOut: { stake: '10.00' } });
    expect(second.bet).toEqual(await listed());
  });

  it('refuses a lying client with a 4xx and moves nothing', async () => {
    const match = await freshMatch();
    const user = await player();
    const other = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const before = await mainBalance(t, user.id);
    const higher = ((cents(price!) * 102n) / 100n).toString();
    const seenHigher = `${higher.slice(0, -2)}.${higher.slice(-2)}`;

    const tooHigh = await cashOut(user, { betId: placed.id, seenPrice: seenHigher });
    expectErrorEnvelope(tooHigh, 409, 'cash_out_price_changed');
    expect(tooHigh.json().error.fields).toEqual({ price });
    expectErrorEnvelope(
      await cashOut(user, { betId: placed.id, seenPrice: price, stake: '10.01' }),
      400,
      'cash_out_stake_invalid',
    );
    expectErrorEnvelope(
      await cashOut(user, { betId: placed.id, seenPrice: price, stake: '9.95' }),
      400,
      'cash_out_stake_invalid',
    );
    expectErrorEnvelope(
      await cashOut(user, { betId: placed.id, seenPrice: price, stake: '0.05' }),
      400,
      'cash_out_stake_invalid',
    );
    expectErrorEnvelope(
      await cashOut(user, { betId: placed.id, seenPrice: price, stake: '-1' }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(
      await cashOut(user, { betId: placed.id, seenPrice: price, stake: '2.5e3' }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(await cashOut(user, { betId: placed.id, seenPrice: '0' }), 400, 'validation_failed');
    expectErrorEnvelope(await cashOut(other, { betId: placed.id, seenPrice: price }), 404, 'bet_not_found');
    expectErrorEnvelope(await cashOut(user, { betId: randomUUID(), seenPrice: price }), 404, 'bet_not_found');
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/sports/cash-out',
        headers: { origin: user.headers.origin, 'idempotency-key': `co-${randomUUID()}` },
        payload: { betId: placed.id, seenPrice: price },
      }),
      401,
      'unauthorized',
    );
    expect(await mainBalance(t, user.id)).toBe(before);
    expect(await cashOutTransfers(placed.id)).toHaveLength(0);

    // A settled bet has nothing to cash out.
    expect((await pushFeed(t, resultDelivery(match, '2'))).statusCode).toBe(200);
    expectErrorEnvelope(await cashOut(user, { betId: placed.id, seenPrice: price }), 409, 'cash_out_unavailable');
    expect(await mainBalance(t, user.id)).toBe(before);
  });
});

describe('races: every credit exactly once', () => {
  it('a cash out racing the settlement of its match: one of the two pays, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const match = await freshMatch();
      const user = await player();
      const placed = await bet(user, [match]);
      const { price } = await offerOf(user, placed.id);
      const [cashed, settled] = await Promise.all([
        cashOut(user, { betId: placed.id, seenPrice: price }),
        pushFeed(t, resultDelivery(match, '1')),
      ]);
      expect(settled.statusCode).toBe(200);
      await t.app.services.sports.settlement.settle([match]);
      const row = await betRow(placed.id);
      if (cashed.statusCode === 200) {
        expect(row.status).toBe('cashed_out');
        expect(await payoutTransfers(placed.id)).toHaveLength(0);
        expect(await mainBalance(t, user.id)).toBe(90_00n + cents(price!));
      } else {
        expectErrorEnvelope(cashed, 409, 'cash_out_unavailable');
        expect(row.status).toBe('won');
        expect(await cashOutTransfers(placed.id)).toHaveLength(0);
        expect(await mainBalance(t, user.id)).toBe(90_00n + 21_00n);
      }
    }
  });

  it('two cash outs of the whole bet at once: one pays, the other is refused', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const answers = await Promise.all([1, 2, 3].map(() => cashOut(user, { betId: placed.id, seenPrice: price })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await cashOutTransfers(placed.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(90_00n + cents(price!));
  });

  it('two partial cash outs at once from one screen: the first pays its share, the second (priced for a stake that changed under it) is refused', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const answers = await Promise.all(
      [1, 2].map(() => cashOut(user, { betId: placed.id, seenPrice: price, stake: '3.00' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const paid = cents(answers.find((answer) => answer.statusCode === 200)!.json().amount as string);
    expect(paid).toBe((cents(price!) * 3n) / 10n);
    expect((await betRow(placed.id)).stake).toBe(7_00n);
    expect(await cashOutTransfers(placed.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(90_00n + paid);
    // Asked again at the price for what is left, it pays.
    const again = await offerOf(user, placed.id);
    expect(again.stake).toBe('7.00');
    expect((await cashOut(user, { betId: placed.id, seenPrice: again.price, stake: '3.00' })).statusCode).toBe(200);
    expect((await betRow(placed.id)).stake).toBe(4_00n);
  });

  it('the same request sent three times at once (a retry racing its original) pays once', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const key = `co-${randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => cashOut(user, { betId: placed.id, seenPrice: price }, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().amount))).toEqual(new Set([price]));
    expect(await cashOutTransfers(placed.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(90_00n + cents(price!));
  });

  it('a cash out racing a trader suspending the market: paid before it, or refused after it', async () => {
    for (let round = 0; round < 3; round++) {
      const match = await freshMatch();
      const user = await player();
      const placed = await bet(user, [match]);
      const { price } = await offerOf(user, placed.id);
      const [cashed, suspended] = await Promise.all([
        cashOut(user, { betId: placed.id, seenPrice: price }),
        t.app.inject({
          method: 'POST',
          url: `/spa/staff/trading/markets/${match * 10}/suspend`,
          headers: trader.headers,
        }),
      ]);
      expect(suspended.statusCode).toBe(200);
      if (cashed.statusCode === 200) {
        expect(await mainBalance(t, user.id)).toBe(90_00n + cents(price!));
      } else {
        expectErrorEnvelope(cashed, 409, 'cash_out_unavailable');
        expect(await mainBalance(t, user.id)).toBe(90_00n);
      }
      expect(await offerOf(user, placed.id).then((offer) => offer?.unavailable ?? 'gone')).not.toBe(null);
    }
  });

  it('a cashed-out bet stays cashed out through a trader re-settlement; a partly cashed-out one re-settles only its rest', async () => {
    const match = await freshMatch();
    const whole = await player();
    const partly = await player();
    const wholeBet = await bet(whole, [match]);
    const partBet = await bet(partly, [match]);
    const wholePrice = (await offerOf(whole, wholeBet.id)).price!;
    const partPrice = (await offerOf(partly, partBet.id)).price!;
    expect((await cashOut(whole, { betId: wholeBet.id, seenPrice: wholePrice })).statusCode).toBe(200);
    const partAnswer = await cashOut(partly, { betId: partBet.id, seenPrice: partPrice, stake: '5.00' });
    expect(partAnswer.statusCode).toBe(200);
    const partPaid = cents(partAnswer.json().amount as string);

    const ids = await outcomeIds(match);
    const result = (winner: string) =>
      t.app.inject({
        method: 'POST',
        url: `/spa/staff/trading/markets/${match * 10}/result`,
        headers: trader.headers,
        payload: {
          results: ['1', 'X', '2'].map((label) => ({
            outcomeId: ids[label]!,
            result: label === winner ? 'won' : 'lost',
          })),
        },
      });
    expect((await result('1')).statusCode).toBe(200);
    expect(await mainBalance(t, partly.id)).toBe(90_00n + partPaid + 10_50n);
    // The trader corrects it to a draw (a second pair of eyes approves): the rest's payout is taken back, the cash
    // outs stand, nothing is paid twice.
    const asked = await result('X');
    expect(asked.statusCode).toBe(202);
    const requestId = asked.json().request.id as number;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/trading/requests/${requestId}/approve`,
      headers: risk.headers,
    });
    expect(approved.statusCode).toBe(200);
    expect((await betRow(wholeBet.id)).status).toBe('cashed_out');
    expect(await mainBalance(t, whole.id)).toBe(90_00n + cents(wholePrice));
    expect((await betRow(partBet.id)).status).toBe('lost');
    expect(await mainBalance(t, partly.id)).toBe(90_00n + partPaid);
    expect(await cashOutTransfers(wholeBet.id)).toHaveLength(1);
    expect(await cashOutTransfers(partBet.id)).toHaveLength(1);
  });
});

describe('bonus money and wagering', () => {
  it('a bonus-funded stake returns its bonus share to the bonus, and counts nothing towards the wagering', async () => {
    const match = await freshMatch();
    const user = await player(4_00n);
    const bonusId = await grantCampaignBonus(t, user.id, { amount: 20_00n });
    const placed = await bet(user, [match]);
    expect(placed.funding).toMatchObject({ stake: { cash: '4.00', bonus: '6.00' } });
    const { price } = await offerOf(user, placed.id);
    expect((await cashOut(user, { betId: placed.id, seenPrice: price })).statusCode).toBe(200);
    const balances = await t.app.services.wallet.balances(user.id, 'EUR');
    const bonusShare = (cents(price!) * 6n) / 10n;
    expect(balances.bonus).toBe(20_00n - 6_00n + bonusShare);
    expect(balances.main).toBe(cents(price!) - bonusShare);
    const [bonus] = await t.db.select().from(schema.userBonuses).where(eq(schema.userBonuses.id, bonusId));
    expect(bonus!.wagered).toBe(0n);
  });
});

describe('automatic cash out', () => {
  it('PUT /spa/sports/cash-out/target cashes the bet out once its price reaches the target, once however many runs race', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/spa/sports/cash-out/target',
      headers: user.headers,
      payload: { betId: placed.id, target: '11.00' },
    });
    expect(set.statusCode).toBe(200);
    expect((await offerOf(user, placed.id)).autoTarget).toBe('11.00');
    expect(await t.app.services.sports.cashOut.runAutoCashOuts()).toBe(0);
    expect(cents(price!)).toBeLessThan(11_00n);

    await moveOdds(match, { '1': 1.3 });
    const runs = await Promise.all([1, 2, 3].map(() => t.app.services.sports.cashOut.runAutoCashOuts()));
    // The odds notice runs the job too (the api listens to odds changes): between them, one cash out.
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(1);
    for (let wait = 0; wait < 50 && (await betRow(placed.id)).status === 'open'; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const row = await betRow(placed.id);
    expect(row.status).toBe('cashed_out');
    expect(row.payout!).toBeGreaterThanOrEqual(11_00n);
    expect(await cashOutTransfers(placed.id)).toHaveLength(1);
    expect(await mainBalance(t, user.id)).toBe(90_00n + row.payout!);

    const other = await player();
    expectErrorEnvelope(
      await t.app.inject({
        method: 'PUT',
        url: '/spa/sports/cash-out/target',
        headers: other.headers,
        payload: { betId: placed.id, target: '1.00' },
      }),
      404,
      'bet_not_found',
    );
  });
});

describe('traders: margin and switches, audited', () => {
  it('PUT /spa/staff/trading/cash-out/sports/{id} sets the margin and switches cash out off per sport; per match too', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const put = (url: string, payload: Record<string, unknown>, caller: { headers: Record<string, string> } = trader) =>
      t.app.inject({ method: 'PUT', url, headers: caller.headers, payload });

    expectErrorEnvelope(
      await put('/spa/staff/trading/cash-out/sports/1', { marginBp: 0, enabled: true, countsWagering: false }, user),
      403,
      'forbidden',
    );
    const margin = await put('/spa/staff/trading/cash-out/sports/1', {
      marginBp: 1000,
      enabled: true,
      countsWagering: false,
    });
    expect(margin.statusCode).toBe(200);
    expect(
      cashOutSettingsResponseSchema.parse(margin.json()).sports.find((sport) => sport.sportId === 1),
    ).toMatchObject({
      marginBp: 1000,
      custom: true,
    });
    expect(cents((await offerOf(user, placed.id)).price!)).toBe(expectedSinglePrice(1000n, ODDS, 1000));
    expectErrorEnvelope(
      await put('/spa/staff/trading/cash-out/sports/1', { marginBp: 6000, enabled: true, countsWagering: false }),
      400,
      'validation_failed',
    );

    expect(
      (await put('/spa/staff/trading/cash-out/sports/1', { marginBp: 1000, enabled: false, countsWagering: false }))
        .statusCode,
    ).toBe(200);
    expect(await offerOf(user, placed.id)).toMatchObject({ price: null, unavailable: 'switched_off' });
    expect(
      (await put('/spa/staff/trading/cash-out/sports/1', { marginBp: 500, enabled: true, countsWagering: false }))
        .statusCode,
    ).toBe(200);
    expect((await offerOf(user, placed.id)).unavailable).toBe(null);

    expect((await put(`/spa/staff/trading/cash-out/matches/${match}`, { enabled: false })).json()).toEqual({
      matchId: match,
      enabled: false,
    });
    expect(await offerOf(user, placed.id)).toMatchObject({ price: null, unavailable: 'switched_off' });
    const settings = cashOutSettingsResponseSchema.parse(
      (await t.app.inject({ url: '/spa/staff/trading/cash-out', headers: trader.headers })).json(),
    );
    expect(settings.blockedMatches.map((row) => row.matchId)).toContain(match);
    expect((await put(`/spa/staff/trading/cash-out/matches/${match}`, { enabled: true })).statusCode).toBe(200);
    const value = await t.app.inject({
      url: `/spa/staff/trading/cash-out/matches/${match}/value`,
      headers: trader.headers,
    });
    expect(value.json().values).toEqual([
      {
        outcomeId: (await outcomeIds(match))['1'],
        currency: 'EUR',
        cashOutValue: (await offerOf(user, placed.id)).price,
      },
    ]);

    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(like(schema.auditLog.event, 'staff_trading_cash_out_%'));
    expect(audits.filter((row) => row.event === 'staff_trading_cash_out_sport')).toHaveLength(3);
    expect(audits.filter((row) => row.event === 'staff_trading_cash_out_match')).toHaveLength(2);
    expect(audits.find((row) => row.event === 'staff_trading_cash_out_sport')).toMatchObject({
      actorId: trader.id,
      before: { marginBp: 500, enabled: true },
      after: { marginBp: 1000, enabled: true },
    });
  });
});

describe('the cash out in one statement', () => {
  /** The ledger legs of a transfer: account owner and kind, amount. */
  async function legsOf(transferId: number) {
    const rows = await t.db
      .select({
        userId: schema.ledgerAccounts.userId,
        kind: schema.ledgerAccounts.kind,
        amount: schema.ledgerEntries.amount,
      })
      .from(schema.ledgerEntries)
      .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
      .where(eq(schema.ledgerEntries.transferId, transferId));
    return rows.sort((a, b) => Number(a.amount - b.amount));
  }

  async function stakeRow(betId: string) {
    const [row] = await t.db
      .select()
      .from(schema.stakes)
      .where(eq(schema.stakes.sourceKey, `sports:${betId}`));
    return row!;
  }

  it('pays a main-money bet without the stake pipeline, as the pipeline pays it: a part, then the rest', async () => {
    const viaPipeline = vi.spyOn(t.app.services.stakes, 'cashOut');
    try {
      const match = await freshMatch();
      const user = await player();
      const placed = await bet(user, [match]);
      const price = expectedSinglePrice(10_00n, ODDS);
      const offer = await offerOf(user, placed.id);
      expect(cents(offer.price!)).toBe(price);

      const part = await cashOut(user, { betId: placed.id, seenPrice: offer.price, stake: '4.00' });
      expect(part.statusCode, part.body).toBe(200);
      const partAmount = (price * 4n) / 10n;
      expect(cashOutResponseSchema.parse(part.json())).toMatchObject({ amount: (Number(partAmount) / 100).toFixed(2) });
      expect(await stakeRow(placed.id)).toMatchObject({ status: 'open', amount: 6_00n, main: 6_00n, bonus: 0n });
      expect(await betRow(placed.id)).toMatchObject({ status: 'open', stake: 6_00n, potentialPayout: 12_60n });

      const rest = await cashOut(user, { betId: placed.id, seenPrice: (await offerOf(user, placed.id)).price });
      expect(rest.statusCode, rest.body).toBe(200);
      const restAmount = expectedSinglePrice(6_00n, ODDS);
      expect(viaPipeline).not.toHaveBeenCalled();

      expect(await betRow(placed.id)).toMatchObject({ status: 'cashed_out', payout: partAmount + restAmount });
      expect(await stakeRow(placed.id)).toMatchObject({ status: 'settled', amount: 6_00n, main: 6_00n });
      expect(await mainBalance(t, user.id)).toBe(90_00n + partAmount + restAmount);
      const transfers = (await cashOutTransfers(placed.id)).sort((a, b) => a.id - b.id);
      expect(transfers.map((transfer) => [transfer.idempotencyKey, transfer.metadata])).toEqual([
        [`cashout:${placed.id}:1`, { betId: placed.id, seq: 1, part: '400', price: price.toString() }],
        [`cashout:${placed.id}:2`, { betId: placed.id, seq: 2, part: '600', price: restAmount.toString() }],
      ]);
      for (const [transfer, amount] of [
        [transfers[0]!, partAmount],
        [transfers[1]!, restAmount],
      ] as const) {
        expect(await legsOf(transfer.id)).toEqual([
          { userId: null, kind: 'sports', amount: -amount },
          { userId: user.id, kind: 'main', amount },
        ]);
      }
      const rows = await t.db.select().from(schema.betCashOuts).where(eq(schema.betCashOuts.betId, placed.id));
      expect(rows.map((row) => [row.seq, row.stake, row.stakeMain, row.stakeBonus, row.transferId])).toEqual(
        expect.arrayContaining([
          [1, 4_00n, 4_00n, 0n, transfers[0]!.id],
          [2, 6_00n, 6_00n, 0n, transfers[1]!.id],
        ]),
      );
    } finally {
      viaPipeline.mockRestore();
    }
  });

  it('leaves a bonus-funded stake, and any stake of a player with a bonus running, to the stake pipeline', async () => {
    const viaPipeline = vi.spyOn(t.app.services.stakes, 'cashOut');
    try {
      const match = await freshMatch();
      const funded = await player(4_00n);
      await grantCampaignBonus(t, funded.id, { amount: 20_00n });
      const bonusBet = await bet(funded, [match]);
      expect(bonusBet.funding).toMatchObject({ stake: { cash: '4.00', bonus: '6.00' } });
      const { price } = await offerOf(funded, bonusBet.id);
      expect((await cashOut(funded, { betId: bonusBet.id, seenPrice: price })).statusCode).toBe(200);
      expect(viaPipeline).toHaveBeenCalledTimes(1);
      const bonusShare = (cents(price!) * 6n) / 10n;
      expect(await t.app.services.wallet.balances(funded.id, 'EUR')).toEqual({
        main: cents(price!) - bonusShare,
        bonus: 20_00n - 6_00n + bonusShare,
      });

      // Main money only, but a bonus started after the bet: the pipeline decides, and pays it all to main money.
      const later = await player();
      const mainBet = await bet(later, [match]);
      await grantCampaignBonus(t, later.id, { amount: 5_00n });
      const offer = await offerOf(later, mainBet.id);
      expect((await cashOut(later, { betId: mainBet.id, seenPrice: offer.price })).statusCode).toBe(200);
      expect(viaPipeline).toHaveBeenCalledTimes(2);
      expect(await t.app.services.wallet.balances(later.id, 'EUR')).toEqual({
        main: 90_00n + cents(offer.price!),
        bonus: 5_00n,
      });
    } finally {
      viaPipeline.mockRestore();
    }
  });

  it('announces the new balance to the player, counts the transfer in the metrics, and answers a replay unchanged', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    // The deposit's notice goes out first, so what the hub hears below is the cash out's.
    await balanceNoticesFor(t.app.db).flush();
    let announced = 0;
    const unsubscribe = await t.app.services.balanceHub.subscribe(user.id, () => announced++);
    try {
      const counted = async () =>
        (await ledgerTransfers.get()).values.find((value) => value.labels.kind === 'sports_cash_out')?.value ?? 0;
      const before = await counted();
      const { price } = await offerOf(user, placed.id);
      const key = `co-${randomUUID()}`;
      const first = await cashOut(user, { betId: placed.id, seenPrice: price }, key);
      expect(first.statusCode).toBe(200);
      await expect.poll(() => announced).toBeGreaterThan(0);
      expect(await counted()).toBe(before + 1);
      const again = await cashOut(user, { betId: placed.id, seenPrice: price }, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await counted()).toBe(before + 1);
    } finally {
      unsubscribe();
    }
  });

  it('its book state changes with every input of the price, so the statement never pays a price made of stale inputs', async () => {
    const match = await freshMatch();
    const placed = await bet(await player(), [match]);
    const market = match * 10;
    const sibling = (await outcomeIds(match))['X']!;
    const [played] = await t.db
      .select({ sportId: schema.matches.sportId })
      .from(schema.matches)
      .where(eq(schema.matches.id, match));
    const sportId = played!.sportId;
    const [otherSport] = await t.db
      .select({ id: schema.sports.id })
      .from(schema.sports)
      .where(ne(schema.sports.id, sportId))
      .limit(1);
    const [staffId] = await t.db.select({ id: schema.users.id }).from(schema.users).limit(1);
    const settings = schema.cashOutSettings;

    // Each input of the price, changed alone (the bet's own legs are fixed once it is placed).
    const fixedAtPlacement = ['betId', 'outcomeId', 'placedOdd', 'marketId', 'matchId'];
    const changes: Record<string, (tx: DbOrTx) => Promise<unknown>> = {
      marketStatus: (tx) => tx.update(schema.markets).set({ status: 'suspended' }).where(eq(schema.markets.id, market)),
      matchStatus: (tx) => tx.update(schema.matches).set({ status: 'live' }).where(eq(schema.matches.id, match)),
      sportId: (tx) => tx.update(schema.matches).set({ sportId: otherSport!.id }).where(eq(schema.matches.id, match)),
      marginBp: (tx) =>
        tx
          .update(settings)
          .set({ marginBp: sql`${settings.marginBp} + 1` })
          .where(eq(settings.sportId, sportId)),
      enabled: (tx) =>
        tx
          .update(settings)
          .set({ enabled: sql`not ${settings.enabled}` })
          .where(eq(settings.sportId, sportId)),
      countsWagering: (tx) =>
        tx
          .update(settings)
          .set({ countsWagering: sql`not ${settings.countsWagering}` })
          .where(eq(settings.sportId, sportId)),
      blockedMatchId: (tx) => tx.insert(schema.cashOutMatchBlocks).values({ matchId: match, staffId: staffId!.id }),
      siblingId: (tx) =>
        tx.insert(schema.outcomes).values({ marketId: market, label: 'extra', position: 9, oddThousandths: 9_000 }),
      siblingOdd: (tx) =>
        tx.update(schema.outcomes).set({ oddThousandths: 3_500 }).where(eq(schema.outcomes.id, sibling)),
      siblingStatus: (tx) =>
        tx.update(schema.outcomes).set({ status: 'suspended' }).where(eq(schema.outcomes.id, sibling)),
    };
    expect([...CASH_OUT_PRICE_INPUTS].sort()).toEqual([...fixedAtPlacement, ...Object.keys(changes)].sort());

    class Undo extends Error {}
    const stateOf = async (tx: DbOrTx) => {
      const result = await tx.execute(sql`select sports_cash_out_book_state(${placed.id}) as state`);
      return rowsOf(result, z.object({ state: z.string().nullable() }))[0]!.state;
    };
    for (const [input, change] of Object.entries(changes)) {
      let before: string | null = null;
      let after: string | null = null;
      await t.db
        .transaction(async (tx) => {
          // A trader's settings for the sport, so that each of their columns can change alone.
          await tx.insert(settings).values({ sportId, marginBp: 500 }).onConflictDoNothing();
          before = await stateOf(tx);
          await change(tx);
          after = await stateOf(tx);
          throw new Undo();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Undo)) throw error;
        });
      expect(before, input).not.toBeNull();
      expect(after, input).not.toBe(before);
    }
  });

  it('a cash out priced just before the odds moved against it is refused at the new price, and moves nothing', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    const home = (await outcomeIds(match))['1']!;
    let pending: ReturnType<typeof cashOut> | undefined;
    // The odds change holds its row lock while the cash out starts: on PostgreSQL the cash out reads the old odds,
    // then waits for the lock and finds the book moved.
    await t.db.transaction(async (tx) => {
      await tx.update(schema.outcomes).set({ oddThousandths: 5000 }).where(eq(schema.outcomes.id, home));
      pending = cashOut(user, { betId: placed.id, seenPrice: price });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const answer = await pending!;
    expectErrorEnvelope(answer, 409, 'cash_out_price_changed');
    expect(await cashOutTransfers(placed.id)).toHaveLength(0);
    expect(await betRow(placed.id)).toMatchObject({ status: 'open', stake: 10_00n });
    expect(await mainBalance(t, user.id)).toBe(90_00n);
  });
});

describe('receipts and the books', () => {
  it('a cash out gets its signed receipt; the ledger and the stakes add up after everything above', async () => {
    const match = await freshMatch();
    const user = await player();
    const placed = await bet(user, [match]);
    const { price } = await offerOf(user, placed.id);
    expect((await cashOut(user, { betId: placed.id, seenPrice: price, stake: '2.00' })).statusCode).toBe(200);
    const receipts = await t.app.inject({ url: `/spa/users/receipts?bet=${placed.id}`, headers: user.headers });
    expect(receipts.statusCode).toBe(200);
    const events = (receipts.json().receipts as { payload: string }[]).map(
      (receipt) => (JSON.parse(Buffer.from(receipt.payload, 'base64').toString('utf8')) as { event: string }).event,
    );
    expect(events).toEqual(['placement', 'cash-out']);

    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
    expect(await stakeViolations(t.db)).toEqual(NO_STAKE_VIOLATIONS);
  });
});
