import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '@playhouse/db';
import { DEFAULT_CAMPAIGN_LIMITS, formatMinor, parseDecimal } from '@playhouse/shared';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { fund, openGameSession, SITE_ORIGIN, type CasinoTestApp } from '../helpers/games-fixtures';
import type { seededRandom } from '../helpers/random';
import { footballMatch } from '../helpers/sports-fixtures';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import { IBAN } from './simulation-staff';

type Random = ReturnType<typeof seededRandom>;
type Row = Record<string, unknown>;

interface Answer {
  status: number;
  code: string | null;
  body: Record<string, unknown>;
}

/** The currency the insiders' accomplice plays in: its limits move during a seed without touching the players'. */
const CURRENCY = 'GBP' as const;
const LABELS = ['1', 'X', '2'] as const;
type Result = (typeof LABELS)[number] | 'void';

/**
 * The insiders of issue 19, one team per seed beside the players and the staff desk: an admin building accounts, a
 * marketing member writing terms, a trader flipping results, each with a colleague who is the second pair of eyes
 * (honest: approves what is right, turns the rest down), and an accomplice player who redeems the codes, bets on the
 * insiders' match and withdraws whatever the insiders let through. Every move goes through the api; every refusal is
 * checked to change nothing.
 *
 * The invariant (the issue's): money paid out to the accomplice never exceeds their deposits plus fair winnings, the
 * net of their rounds and bets under the results in force when each payout was made. At the end, what they hold (main
 * money, withdrawals pending and paid) minus what they owe on record (a re-settlement's shortfall) is exactly their
 * deposits plus winnings under the final results: nothing was paid twice, and whatever a corrected result took back
 * from money already gone is on record as owed.
 */
export async function openInsiders(
  t: CasinoTestApp,
  options: {
    seed: number;
    random: Random;
    trace: (entry: string) => void;
    tally: (what: string) => void;
  },
) {
  const { seed, random, trace, tally } = options;
  const staff = async (roles: Parameters<typeof staffCaller>[1]) => staffCaller(t, roles);
  const adminA = await staff(['admin']);
  const adminB = await staff(['admin']);
  const marketing = await staff(['marketing']);
  const marketing2 = await staff(['marketing']);
  const trader = await staff(['trader']);
  const risk = await staff(['risk']);
  const financeA = await staff(['finance']);
  const financeB = await staff(['finance']);
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;
  let keys = 0;
  const key = (what: string) => `insider-${seed}-${what}-${++keys}`;

  async function call(
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<Answer> {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      ...(payload ? { payload } : {}),
    });
    const body = response.json() as Record<string, unknown>;
    expect(response.statusCode, `seed ${seed} ${method} ${url}: never a 5xx (${response.body})`).toBeLessThan(500);
    const error = body.error as { code?: string } | undefined;
    return { status: response.statusCode, code: response.statusCode >= 400 ? (error?.code ?? '?') : null, body };
  }

  /** Everything an insider's move could change. */
  async function fingerprint() {
    const [counts] = await rows(sql`select
      (select count(*)::int from ledger_transfers) as transfers,
      (select coalesce(sum(balance), 0)::text from ledger_accounts where user_id is not null) as held,
      (select count(*)::int from users) as users,
      (select count(*)::int from staff_invitations) as invitations,
      (select count(*)::int from bonus_campaigns) as campaigns,
      (select count(*)::int from user_bonuses) as bonuses,
      (select count(*)::int from campaign_limits) as limits,
      (select count(*)::int from adjustment_thresholds) as thresholds`);
    const requests = await rows(sql`select id, status, decided_by from staff_requests order by requested_at, id`);
    const roles = await rows(sql`select user_id, roles from staff_members order by user_id`);
    const payouts = await rows(sql`select id, status, held_at from withdrawals order by created_at, id`);
    return { counts, requests, roles, payouts };
  }

  async function refused(what: string, expected: { status: number; code: string }, act: () => Promise<Answer>) {
    const before = await fingerprint();
    const answer = await act();
    expect({ status: answer.status, code: answer.code }, `seed ${seed} insider: ${what}`).toEqual(expected);
    expect(await fingerprint(), `seed ${seed} insider: ${what} changed something`).toEqual(before);
    tally(`insider:refused:${what}`);
    trace(`refused ${what}`);
  }

  /** One asks (202); approving one's own is refused; the colleague approves or turns it down. */
  async function fourEyes(
    area: string,
    asker: StaffCaller,
    colleague: StaffCaller,
    asked: Answer,
    approve: boolean,
    what: string,
  ): Promise<boolean> {
    expect(asked.status, `seed ${seed} ${what} asked: ${JSON.stringify(asked.body)}`).toBe(202);
    const { id } = asked.body.request as { id: string };
    await refused(`approve own ${what}`, { status: 403, code: 'four_eyes_required' }, () =>
      call(asker, 'POST', `/spa/staff/${area}/requests/${id}/approve`),
    );
    const decided = approve
      ? await call(colleague, 'POST', `/spa/staff/${area}/requests/${id}/approve`)
      : await call(colleague, 'POST', `/spa/staff/${area}/requests/${id}/reject`, { reason: 'not right' });
    expect(decided.status, `seed ${seed} ${what} decided: ${JSON.stringify(decided.body)}`).toBe(200);
    tally(`insider:${what} ${approve ? 'approved' : 'turned down'}`);
    trace(`${what} ${approve ? 'approved' : 'turned down'}`);
    return approve;
  }

  // The accomplice: a player of the insiders', with money of their own.
  const username = `accomplice_${seed}`;
  const [user] = await t.db
    .insert(schema.users)
    .values({ email: `${username}@example.test`, username, passwordHash: 'x', currency: CURRENCY })
    .returning({ id: schema.users.id });
  const accompliceId = user!.id;
  const session = await t.app.services.sessions.create(t.db, accompliceId, { ip: null, userAgent: 'simulation' });
  const accomplice = {
    id: accompliceId,
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN },
  };
  const dice = await openGameSession(t, 'originals', accomplice, 'dice');
  let deposits = 0n;
  let diceNet = 0n;
  async function deposit(amount: bigint) {
    await fund(t, accompliceId, amount);
    deposits += amount;
  }
  await deposit(BigInt(random.int(50, 200)) * 100n);

  // The insiders' match: the trader gives its 1X2 result; its truth is the world's.
  const matchId = 9_900_000 + seed;
  const odds = { '1': random.int(140, 300) / 100, X: random.int(280, 400) / 100, '2': random.int(200, 600) / 100 };
  const delivered = await t.app.inject({
    method: 'POST',
    url: '/spa/staff/sports/feed',
    headers: { 'x-feed-token': 'bonus-simulation-feed-token-0123456789' },
    payload: { matches: [footballMatch(matchId, Date.now() + 2 * 3_600_000, { odds })] },
  });
  expect(delivered.statusCode).toBe(200);
  const outcomes = await rows(sql`select o.id, o.label, o.odd_thousandths from outcomes o
    where o.market_id = ${matchId * 10} order by o.position`);
  const outcomeOf = (label: string) => Number(outcomes.find((row) => row.label === label)!.id);
  const truth: Result = random.pick([...LABELS, 'void'] as Result[]);
  let current: Result | null = null;
  const betIds: string[] = [];
  const betLabels: Result[] = [];

  /** The currency limits now (the accomplice's currency), for the engine checks. */
  async function limitsNow() {
    const [row] = await rows(sql`select max_amount::text as max_amount, min_wager, max_cashout::text as max_cashout
      from campaign_limits where currency = ${CURRENCY}`);
    const fallback = DEFAULT_CAMPAIGN_LIMITS[CURRENCY];
    return row
      ? {
          maxAmount: BigInt(String(row.max_amount)),
          minWager: Number(row.min_wager),
          maxCashout: BigInt(String(row.max_cashout)),
        }
      : fallback;
  }
  let largestCashout = (await limitsNow()).maxCashout;

  /**
   * What the accomplice is entitled to under the results in force now: deposits, the net of their dice rounds and
   * bets, and what their bonuses converted (each under its max cash-out).
   */
  async function fair(): Promise<bigint> {
    let bets = 0n;
    for (const row of await rows(sql`select stake::text as stake, payout::text as payout, status from bets
      where user_id = ${accompliceId}`)) {
      const stake = BigInt(String(row.stake));
      bets += row.status === 'open' ? -stake : BigInt(String(row.payout)) - stake;
    }
    const [converted] = await rows(sql`select coalesce(sum(e.amount), 0)::text as amount from ledger_entries e
      join ledger_accounts a on a.id = e.account_id join ledger_transfers tr on tr.id = e.transfer_id
      where a.user_id = ${accompliceId} and a.kind = 'main' and tr.kind = 'bonus_conversion'`);
    return deposits + diceNet + bets + BigInt(String(converted!.amount));
  }

  /** Main money, withdrawals pending and paid, and what the accomplice owes on their bets. */
  async function holdings() {
    const { main } = await t.app.services.wallet.balances(accompliceId, CURRENCY);
    const [row] = await rows(sql`select
      coalesce(sum(amount) filter (where status in ('pending', 'approved')), 0)::text as pending,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid
      from withdrawals where user_id = ${accompliceId}`);
    const [owed] = await rows(sql`select coalesce(sum(shortfall), 0)::text as owed from bets
      where user_id = ${accompliceId}`);
    return {
      main,
      pending: BigInt(String(row!.pending)),
      paid: BigInt(String(row!.paid)),
      owed: BigInt(String(owed!.owed)),
    };
  }

  // The admin building accounts.

  async function adminBuildsAccounts() {
    const move = random.int(0, 2);
    if (move === 0) {
      // Two finance accounts of their own: each an invitation to an address, waiting for a second admin. The colleague
      // approves one now and then (a real hire): the link goes to that address, never to the admin.
      const email = `insider-fin-${seed}-${++keys}@example.test`;
      const asked = await call(adminA, 'POST', '/spa/staff/accounts', { email, roles: ['finance'] });
      await fourEyes('accounts', adminA, adminB, asked, random.next() < 0.3, 'finance invitation');
      const [account] = await rows(sql`select id from users where email = ${email}`);
      expect(account, `seed ${seed}: an invitation made no account`).toBeUndefined();
      // A password of the admin's choosing is refused outright.
      await refused('invitation with a password', { status: 400, code: 'validation_failed' }, () =>
        call(adminA, 'POST', '/spa/staff/accounts', { email, password: 'chosen by the admin', roles: ['finance'] }),
      );
    } else if (move === 1) {
      // Finance for the marketing colleague: the second admin turns it down.
      const asked = await call(adminA, 'PUT', `/spa/staff/accounts/${marketing2.id}/roles`, {
        roles: ['marketing', 'finance'],
      });
      await fourEyes('accounts', adminA, adminB, asked, false, 'finance grant');
    } else {
      // Raising what one finance member applies alone: the second admin turns it down.
      const asked = await call(adminA, 'PUT', '/spa/staff/settings/money', { currency: 'EUR', amount: '100000.00' });
      await fourEyes('settings', adminA, adminB, asked, false, 'threshold raise');
    }
  }

  /** Admins move the accomplice's currency limits (both ways); the colleague approves, as a second admin may. */
  async function adminsMoveLimits() {
    const maxAmount = BigInt(random.int(5, 400)) * 100n;
    const minWager = random.int(1, 5);
    const maxCashout = BigInt(random.int(5, 300)) * 100n;
    const asked = await call(adminA, 'PUT', '/spa/staff/settings/campaign-limits', {
      currency: CURRENCY,
      maxAmount: formatMinor(maxAmount, CURRENCY),
      minWager,
      maxCashout: formatMinor(maxCashout, CURRENCY),
    });
    await fourEyes('settings', adminA, adminB, asked, true, 'limits change');
    if (maxCashout > largestCashout) largestCashout = maxCashout;
    trace(`limits ${maxAmount} ${minWager} ${maxCashout}`);
  }

  // The marketing member writing terms.

  const codes: { code: string; live: boolean; redeemed: boolean }[] = [];

  async function marketingWritesTerms(): Promise<void> {
    // A few campaigns a seed: each redemption attempt counts against the accomplice's promo-code limit.
    if (codes.length >= 3) return accompliceTakesBonus();
    await refused('mint campaign', { status: 400, code: 'campaign_beyond_limits' }, () =>
      call(marketing, 'POST', '/spa/staff/campaigns', {
        slug: `mint-${seed}-${++keys}`,
        kind: 'free_money',
        trigger: 'promo_code',
        names: { en: 'Mint' },
        amount: '999999999.99',
        wager: 0,
        validDays: 7,
        offerDays: 7,
        contributions: { dice: 100, slots: 100 },
      }),
    );
    // A campaign within the limits as they stand in every currency (its amount applies to each).
    const [tightest] = await rows(sql`select min(max_amount)::text as amount, max(min_wager) as wager
      from campaign_limits`);
    const ceiling = [
      ...Object.values(DEFAULT_CAMPAIGN_LIMITS).map((limit) => limit.maxAmount),
      ...(tightest?.amount ? [BigInt(String(tightest.amount))] : []),
    ].reduce((a, b) => (a < b ? a : b));
    const floor = Math.max(1, Number(tightest?.wager ?? 1));
    const amount = BigInt(random.int(1, Number(ceiling / 100n))) * 100n;
    const created = await call(marketing, 'POST', '/spa/staff/campaigns', {
      slug: `insider-${seed}-${++keys}`,
      kind: 'free_money',
      trigger: 'promo_code',
      names: { en: 'Insider gift' },
      amount: formatMinor(amount, 'EUR'),
      wager: floor + random.int(0, 2),
      validDays: 7,
      offerDays: 7,
      contributions: { dice: 100, slots: 100 },
    });
    expect(created.status, `seed ${seed} campaign: ${JSON.stringify(created.body)}`).toBe(201);
    const campaign = created.body.campaign as { id: number; status: string };
    expect(campaign.status).toBe('pending');
    const code = `INS${seed}X${++keys}`;
    const added = await call(marketing, 'POST', `/spa/staff/campaigns/${campaign.id}/promo-codes`, { code });
    expect(added.status).toBe(201);
    // Not live: the accomplice's redemption finds no such code.
    await refused('redeem an unapproved code', { status: 404, code: 'promo_code_unknown' }, () =>
      call(accomplice, 'POST', '/spa/users/promocodes', { code }),
    );
    const pending = (await call(marketing2, 'GET', '/spa/staff/campaigns/requests?status=pending')).body.items as {
      id: string;
      payload: { campaignId?: number };
    }[];
    const mine = pending.filter((request) => request.payload.campaignId === campaign.id);
    expect(mine).toHaveLength(2);
    await refused('approve own campaign', { status: 403, code: 'four_eyes_required' }, () =>
      call(marketing, 'POST', `/spa/staff/campaigns/requests/${mine[0]!.id}/approve`),
    );
    for (const request of mine) {
      const approved = await call(marketing2, 'POST', `/spa/staff/campaigns/requests/${request.id}/approve`);
      expect(approved.status, `seed ${seed} campaign approval: ${JSON.stringify(approved.body)}`).toBe(200);
    }
    codes.push({ code, live: true, redeemed: false });
    tally('insider:campaign approved');
    trace(`campaign ${amount}`);
  }

  // The accomplice.

  async function accompliceTakesBonus(): Promise<void> {
    const code = codes.find((entry) => entry.live && !entry.redeemed);
    if (!code) return codes.length >= 3 ? diceRound() : marketingWritesTerms();
    code.redeemed = true;
    const redeemed = await call(accomplice, 'POST', '/spa/users/promocodes', { code: code.code });
    if (redeemed.status !== 201) {
      expect(redeemed.code, `seed ${seed} redeem`).toBe('promo_code_used');
      return;
    }
    const offer = redeemed.body.offer as { id: string };
    const limits = await limitsNow();
    const accepted = await call(accomplice, 'POST', `/spa/users/bonuses/get/${offer.id}`, undefined, key('accept'));
    if (accepted.status !== 200) {
      expect(accepted.code, `seed ${seed} accept: ${JSON.stringify(accepted.body)}`).toMatch(
        /bonus_active_exists|bonus_not_offered/,
      );
      return;
    }
    const bonus = accepted.body.bonus as { amount: string; wagerRequired: string };
    const amount = parseDecimal(bonus.amount, CURRENCY)!;
    const required = parseDecimal(bonus.wagerRequired, CURRENCY)!;
    // The engine holds the limits in force at the grant, whatever the campaign said when it was approved.
    expect(amount, `seed ${seed}: grant under the ceiling`).toBeLessThanOrEqual(limits.maxAmount);
    expect(required, `seed ${seed}: wagering over the floor`).toBeGreaterThanOrEqual(amount * BigInt(limits.minWager));
    tally('insider:bonus granted');
    trace(`bonus ${amount} ${required}`);
    await diceRound();
  }

  /** The single dice round, on main money (which the engine stakes first). */
  async function diceRound() {
    const { main } = await t.app.services.wallet.balances(accompliceId, CURRENCY);
    if (main < 100n) return;
    const roundId = `insider-round-${randomUUID()}`;
    const base = { sessionId: dice, roundId, playerId: String(accompliceId), gameId: 'dice', currency: CURRENCY };
    const bet = await t.app.services.providerWallet.bet('originals', {
      ...base,
      transactionId: `insider-bet-${randomUUID()}`,
      amount: '1.00',
    });
    expect(bet.status, `seed ${seed} dice bet: ${JSON.stringify(bet)}`).toBe('ok');
    const won = random.next() < 0.5 ? 200n : 0n;
    const paid = await t.app.services.providerWallet.win('originals', {
      ...base,
      transactionId: `insider-win-${randomUUID()}`,
      amount: formatMinor(won, CURRENCY),
    });
    expect(paid.status).toBe('ok');
    diceNet += won - 100n;
    trace(`dice ${won}`);
  }

  async function accompliceBets() {
    if (current !== null) return;
    const { main } = await t.app.services.wallet.balances(accompliceId, CURRENCY);
    const stake = BigInt(random.int(1, 20)) * 100n;
    if (stake > main) return deposit(BigInt(random.int(20, 80)) * 100n);
    const label = random.pick(LABELS);
    const odd = Number(outcomes.find((row) => row.label === label)!.odd_thousandths) / 1000;
    const placed = await call(
      accomplice,
      'POST',
      '/spa/sports/bets',
      {
        kind: 'single',
        stake: formatMinor(stake, CURRENCY),
        oddsChangePolicy: 'any',
        selections: [{ outcomeId: outcomeOf(label), odd }],
      },
      key('bet'),
    );
    expect(placed.status, `seed ${seed} insider bet: ${JSON.stringify(placed.body)}`).toBe(201);
    betIds.push((placed.body.bet as { id: string }).id);
    betLabels.push(label);
    trace(`bet ${label} ${stake}`);
  }

  async function accompliceWithdraws() {
    // Owing a shortfall, the accomplice pays in fresh money and asks for it straight back (the request is held).
    if ((await holdings()).owed > 0n && random.next() < 0.5) await deposit(BigInt(random.int(20, 60)) * 100n);
    const { main } = await t.app.services.wallet.balances(accompliceId, CURRENCY);
    if (main < 2000n) return;
    const asked = await call(
      accomplice,
      'POST',
      '/spa/cashbox/withdrawals',
      {
        method: 'sandbox_bank',
        amount: formatMinor(main, CURRENCY),
        details: { iban: IBAN, accountHolder: 'Accomplice' },
        forfeitBonus: true,
      },
      key('withdraw'),
    );
    expect(asked.status, `seed ${seed} insider withdrawal: ${JSON.stringify(asked.body)}`).toBe(201);
    tally('insider:withdrawal requested');
    trace(`withdraw ${main}`);
  }

  // The trader flipping results.

  function resultCall(result: Result) {
    if (result === 'void') return call(trader, 'POST', `/spa/staff/trading/markets/${matchId * 10}/void`);
    return call(trader, 'POST', `/spa/staff/trading/markets/${matchId * 10}/result`, {
      results: LABELS.map((label) => ({ outcomeId: outcomeOf(label), result: label === result ? 'won' : 'lost' })),
    });
  }

  async function traderResults(): Promise<void> {
    if (current === null) {
      if (betLabels.length === 0) return accompliceBets();
      // The first result is one trader's, as the feed's is: right, a mistake now and then, or (the insider) what the
      // accomplice backed, whatever happened. Only the correction to what happened is approved afterwards.
      const colluding = betLabels.length > 0 && random.next() < 0.5;
      const first = colluding
        ? betLabels.at(-1)!
        : random.next() < 0.2
          ? random.pick([...LABELS, 'void'] as Result[])
          : truth;
      const given = await resultCall(first);
      expect(given.status, `seed ${seed} first result: ${JSON.stringify(given.body)}`).toBe(200);
      current = first;
      trace(`first result ${first}`);
      return;
    }
    // Half the time a correction to what happened (when it differs), else another result the accomplice would like.
    const flip =
      current !== truth && random.next() < 0.7
        ? truth
        : random.pick(([...LABELS, 'void'] as Result[]).filter((result) => result !== current));
    const asked = await resultCall(flip);
    const settledBets = await rows(sql`select 1 from bets where user_id = ${accompliceId} and status <> 'open'`);
    if (settledBets.length === 0) {
      // Nothing paid out yet: a change is the trader's alone, like a first result.
      expect(asked.status).toBe(200);
      current = flip;
      trace(`result ${flip} alone`);
      return;
    }
    // The colleague approves a correction to what happened, and turns down anything else.
    if (await fourEyes('trading', trader, risk, asked, flip === truth, 'result change')) current = flip;
  }

  // Finance reviewing the accomplice's withdrawals.

  async function financeReviews() {
    const [open] = await rows(sql`select id, status, amount::text as amount from withdrawals
      where user_id = ${accompliceId} and status in ('pending', 'approved') order by created_at, id limit 1`);
    if (!open) return accompliceWithdraws();
    const id = String(open.id);
    if (open.status === 'pending') {
      const approved = await call(financeA, 'POST', `/spa/staff/withdrawals/${id}/approve`);
      if (approved.status === 200) {
        trace('withdrawal approved');
        return;
      }
      expect({ status: approved.status, code: approved.code }, `seed ${seed} approve`).toEqual({
        status: 409,
        code: 'withdrawal_held',
      });
      tally('insider:withdrawal held');
      if (random.next() < 0.5) return;
      // Finance turns the held withdrawal down: its money comes back and pays the debt first.
      const { owed } = await holdings();
      const rejected = await call(financeB, 'POST', `/spa/staff/withdrawals/${id}/reject`, { reason: 'owes' });
      expect(rejected.status).toBe(200);
      expect((await holdings()).owed, `seed ${seed}: the rejected money paid the debt`).toBeLessThan(owed + 1n);
      tally('insider:held withdrawal rejected');
      trace('held withdrawal rejected');
      return;
    }
    const amount = BigInt(String(open.amount));
    const before = await holdings();
    const fairNow = await fair();
    const paid = await call(financeB, 'POST', `/spa/staff/withdrawals/${id}/pay`);
    if (paid.status !== 200) {
      expect({ status: paid.status, code: paid.code }, `seed ${seed} pay`).toEqual({
        status: 409,
        code: 'withdrawal_held',
      });
      tally('insider:payout held');
      return;
    }
    // The invariant: what leaves never exceeds deposits plus fair winnings (under the results in force).
    expect(before.owed, `seed ${seed}: paid while owing`).toBe(0n);
    expect(before.paid + amount, `seed ${seed}: paid out beyond deposits plus fair winnings`).toBeLessThanOrEqual(
      fairNow,
    );
    tally('insider:withdrawal paid');
    trace(`paid ${amount}`);
  }

  async function move() {
    {
      const roll = random.next();
      if (roll < 0.12) await adminBuildsAccounts();
      else if (roll < 0.2) await adminsMoveLimits();
      else if (roll < 0.32) await marketingWritesTerms();
      else if (roll < 0.42) await accompliceTakesBonus();
      else if (roll < 0.57) await accompliceBets();
      else if (roll < 0.72) await traderResults();
      else if (roll < 0.82) await accompliceWithdraws();
      else await financeReviews();
    }
  }

  return {
    /** The insiders' turn after a round of the players: none to two moves, drawn from their own stream. */
    async round() {
      for (let turn = random.int(0, 2); turn > 0; turn--) await move();
    },

    /** At the end of the seed (every bonus over): the result decided, the books of the accomplice closed. */
    async finish() {
      if (current === null) await traderResults();
      if (current !== truth) {
        const asked = await resultCall(truth);
        if (asked.status === 202) await fourEyes('trading', trader, risk, asked, true, 'result change');
        current = truth;
      }
      for (let turn = 0; turn < 4; turn++) await financeReviews();
      const held = await holdings();
      const fairNow = await fair();
      // What the accomplice holds beyond their fair winnings is exactly what they owe on record.
      expect(held.main + held.pending + held.paid - held.owed, `seed ${seed}: the accomplice's books`).toBe(fairNow);
      // Every conversion under the largest max cash-out the seed ever allowed.
      const conversions = await rows(sql`select e.amount::text as amount from ledger_entries e
        join ledger_accounts a on a.id = e.account_id join ledger_transfers tr on tr.id = e.transfer_id
        where a.user_id = ${accompliceId} and a.kind = 'main' and tr.kind = 'bonus_conversion'`);
      for (const row of conversions) {
        expect(BigInt(String(row.amount)), `seed ${seed}: conversion past max cash-out`).toBeLessThanOrEqual(
          largestCashout,
        );
      }
      // Nobody approved their own request, and no approved request was about its approver; no invitation made an
      // account nobody accepted; every approved payout of the accomplice came through two people.
      expect(
        await rows(sql`select id from staff_requests where status = 'approved' and not applied_alone
          and (decided_by = requested_by or decided_by = subject_user_id)`),
        `seed ${seed}: a request approved by its requester`,
      ).toEqual([]);
      expect(
        await rows(sql`select id from withdrawals where user_id = ${accompliceId} and status = 'paid'
          and (approved_by is null or approved_by = paid_by)`),
      ).toEqual([]);
      expect(
        await rows(sql`select u.id from users u join staff_invitations i on lower(i.email) = lower(u.email)
          where i.accepted_at is null`),
        `seed ${seed}: an invitation nobody accepted made an account`,
      ).toEqual([]);
      expect(
        await rows(sql`select user_id from staff_members where user_id = ${marketing2.id} and 'finance' = any(roles)`),
        `seed ${seed}: a grant turned down applied`,
      ).toEqual([]);
      trace(`end ${held.main} ${held.pending} ${held.paid} ${held.owed} ${fairNow} ${betIds.length}`);
    },
  };
}
