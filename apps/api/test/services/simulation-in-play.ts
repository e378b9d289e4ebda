import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '@playhouse/db';
import {
  cashOutOffersResponseSchema,
  cashOutResponseSchema,
  errorEnvelopeSchema,
  formatMinor,
  parseDecimal,
  placeBetResponseSchema,
  staffRequestAcceptedSchema,
  type FeedIngestInput,
  type OddsChangePolicy,
} from '@playhouse/shared';
import { z } from 'zod';
import { rowsOf } from '../../src/lib/sql-rows';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { contributionOf } from '../../src/services/bonuses/bonus-engine';
import type { createBonusService } from '../../src/services/bonuses/bonus-service';
import { payoutFor } from '../../src/services/sports/bet-math';
import { cashOutAmount, cashOutPrice } from '../../src/services/sports/cash-out-pricing';
import { fund, SITE_ORIGIN, type CasinoTestApp } from '../helpers/games-fixtures';
import type { seededRandom } from '../helpers/random';
import { footballMatch } from '../helpers/sports-fixtures';
import { staffCaller } from '../helpers/staff';

/*
 * The live half of the sportsbook in the simulation (issue 21): one football match in play per seed, three players of
 * its own betting on it through POST /spa/sports/bets while a trader's bet delay runs, the seed suspending markets and
 * moving prices during the wait (so some bets are refused: a refusal moves no money), cash outs through
 * POST /spa/sports/cash-out (whole, part, two at once, a retry racing its original, a price the player no longer
 * gets), an automatic cash out, then the final whistle racing cash outs and a bet still in its delay, and a trader's
 * re-settlement of the match result after it all. Every move goes through the api. The actor draws from its own stream
 * and acts while the other actors wait, so their traffic per seed is what it was.
 *
 * The races (the final whistle against the cash outs) have two right answers; which one comes depends on timing, so
 * the trace records only what does not (that one of the two paid), and no balance after them.
 */

type Random = ReturnType<typeof seededRandom>;
type Tally = (what: string, n?: number) => void;
type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];
type BonusService = ReturnType<typeof createBonusService>;

interface Answer {
  status: number;
  code: string | null;
  /** Parsed by the caller with the route's response schema. */
  body: unknown;
}

/** The shapes of the raw queries' rows. */
const countRow = z.object({ n: z.coerce.number() });
const transferRow = z.object({ key: z.string(), kind: z.string() });
const amountRow = z.object({ amount: z.string() });

/** The markets of the fixture's football match, in its order (market id = match id × 10 + index). */
const MARKETS = [
  ['1', 'X', '2'],
  ['> 2.5', '< 2.5'],
  ['1X', '12', 'X2'],
  ['1 (-1.5)', '2 (+1.5)'],
] as const;
const BASE_ODDS: Record<string, number> = {
  '1': 2100,
  X: 3400,
  '2': 3600,
  '> 2.5': 1950,
  '< 2.5': 1850,
  '1X': 1300,
  '12': 1330,
  X2: 1700,
  '1 (-1.5)': 3750,
  '2 (+1.5)': 1250,
};
const POLICIES: readonly OddsChangePolicy[] = ['none', 'higher', 'any'];
const MIN_STAKE = 10n;
const FOOTBALL = 1;

interface Market {
  index: number;
  id: number;
  labels: readonly string[];
  /** Current prices, thousandths, in the labels' order. */
  odds: number[];
  outcomeIds: number[];
  /** The feed's last word on the market, and a trader's hold over it. */
  feed: 'open' | 'suspended';
  hold: boolean;
}

interface Player {
  index: number;
  id: number;
  username: string;
  headers: Record<string, string>;
}

interface Bet {
  id: string;
  player: Player;
  market: Market;
  outcome: number;
  /** The odd it was accepted at (thousandths), the stake placed and the stake still in play. */
  odd: number;
  placed: bigint;
  stake: bigint;
  status: 'open' | 'cashed_out' | 'settled';
  /** Cash outs the actor saw paid, in order (part of the stake, amount). */
  cashOuts: { part: bigint; amount: bigint }[];
}

interface Submission {
  player: Player;
  key: string;
  betId: string | null;
}

export async function openInPlay(
  t: CasinoTestApp,
  options: {
    seed: number;
    random: Random;
    trace: (entry: string) => void;
    tally: Tally;
    /** The seed's bonus service (its clock), for the bonus one of the players wagers in play. */
    bonuses: BonusService;
    feed: (body: FeedIngestInput) => Promise<void>;
  },
) {
  const { seed, random, trace, tally, bonuses, feed } = options;
  const trader = await staffCaller(t, ['trader']);
  const risk = await staffCaller(t, ['risk']);
  const rows = async <S extends z.ZodType>(query: ReturnType<typeof sql>, row: S) =>
    rowsOf(await t.db.execute(query), row);
  let keys = 0;
  const key = (what: string) => `inplay-${seed}-${what}-${++keys}`;
  const money = (amount: bigint) => formatMinor(amount, 'EUR');
  const cents = (text: string) => parseDecimal(text, 'EUR')!;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Wall time the actor took (the run prints it with its tallies): what in play adds to a seed. */
  const spent = (since: number) => tally('in-play: ms', Date.now() - since);

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
    const body: unknown = response.json();
    expect(response.statusCode, `seed ${seed} in play ${method} ${url}: never a 5xx (${response.body})`).toBeLessThan(
      500,
    );
    const code = response.statusCode >= 400 ? errorEnvelopeSchema.parse(body).error.code : null;
    return { status: response.statusCode, code, body };
  }

  // The trader's settings for football this seed: a short bet delay, the cash-out margin, and whether cash outs count
  // towards wagering (the operator's switch; off by default).
  const marginBp = random.int(2, 8) * 100;
  const countsWagering = random.next() < 0.5;
  /**
   * The delay must outlast the moves made while bets wait (a suspension, a price), or a move lands after the bet was
   * priced and the seed's path depends on the machine's speed: 300 ms, longer when a delivery took long (a loaded
   * machine), set again by the trader when the moves of a round took more than a third of it. Not in the trace.
   */
  let delayMs = 0;
  async function setDelay(ms: number) {
    const rounded = Math.min(30_000, Math.ceil(ms / 100) * 100);
    if (rounded === delayMs) return;
    const set = await call(trader, 'PUT', `/spa/staff/trading/sports/${FOOTBALL}`, { betDelayMs: rounded });
    expect(set.status, `seed ${seed} bet delay: ${JSON.stringify(set.body)}`).toBe(200);
    delayMs = rounded;
  }
  const settings = await call(trader, 'PUT', `/spa/staff/trading/cash-out/sports/${FOOTBALL}`, {
    marginBp,
    enabled: true,
    countsWagering,
  });
  expect(settings.status, `seed ${seed} cash-out settings: ${JSON.stringify(settings.body)}`).toBe(200);
  trace(`margin ${marginBp} counts ${countsWagering}`);

  // The match, in play from the start, every market open at prices of the seed's.
  const matchId = 9_950_000 + seed;
  const kickOff = Date.now() - 20 * 60_000;
  let stateAt = Date.now();
  let minute = 20;
  const score: [number, number] = [0, 0];
  const markets: Market[] = MARKETS.map((labels, index) => ({
    index,
    id: matchId * 10 + index,
    labels,
    odds: labels.map((label) => Math.round((BASE_ODDS[label]! * random.int(85, 115)) / 1000) * 10),
    outcomeIds: [],
    feed: 'open',
    hold: false,
  }));
  const offered = (market: Market) => market.feed === 'open' && !market.hold;

  function delivery(): FeedMatch {
    const odds = Object.fromEntries(
      markets.flatMap((market) => market.labels.map((label, index) => [label, market.odds[index]! / 1000])),
    );
    const base = footballMatch(matchId, kickOff, { odds });
    minute = Math.min(44, minute + 1);
    return {
      ...base,
      matchStatus: 'live',
      matchLiveState: {
        at: ++stateAt,
        period: 1,
        phase: 'play',
        clock: { seconds: minute * 60, running: true, direction: 'up' },
        score: [...score],
        periods: [[...score]],
      },
      matchBets: base.matchBets.map((bet, index) => ({ ...bet, matchBetStatus: markets[index]!.feed })),
    };
  }
  const deliver = () => feed({ matches: [delivery()] });

  const started = Date.now();
  await deliver();
  // A delivery's time on this machine now sets the delay's margin (300 ms at least).
  await setDelay(Math.max(300, 6 * (Date.now() - started)));
  for (const market of markets) {
    const outcomes = await t.db
      .select({ id: schema.outcomes.id, label: schema.outcomes.label })
      .from(schema.outcomes)
      .where(eq(schema.outcomes.marketId, market.id));
    market.outcomeIds = market.labels.map((label) => outcomes.find((row) => row.label === label)!.id);
  }

  // The players: one wagering a bonus with little money of their own (their stakes are bonus-funded), two with money.
  const players: Player[] = [];
  for (const index of [0, 1, 2]) {
    const username = `inplay_${seed}_${index}`;
    const [user] = await t.db
      .insert(schema.users)
      .values({ email: `${username}@example.test`, username, passwordHash: 'x', currency: 'EUR' })
      .returning({ id: schema.users.id });
    const session = await t.app.services.sessions.create(t.db, user!.id, { ip: null, userAgent: 'simulation' });
    players.push({
      index,
      id: user!.id,
      username,
      headers: { cookie: `${SESSION_COOKIE}=${session.token}`, origin: SITE_ORIGIN },
    });
    await fund(t, user!.id, BigInt(index === 0 ? random.int(100, 400) : random.int(5000, 20000)));
  }
  const bonusPlayer = players[0]!;

  async function activeBonus(userId: number): Promise<string | null> {
    const [row] = await t.db
      .select({ id: schema.userBonuses.id })
      .from(schema.userBonuses)
      .where(and(eq(schema.userBonuses.userId, userId), eq(schema.userBonuses.status, 'active')));
    return row?.id ?? null;
  }
  async function takeBonus() {
    if (await activeBonus(bonusPlayer.id)) return;
    const { id } = await bonuses.offer(bonusPlayer.username, 'sim-money', key('bonus'));
    await bonuses.accept(bonusPlayer.id, id);
    tally('in-play: bonus taken');
    trace('bonus taken');
  }
  await takeBonus();

  const balances = async (player: Player) => t.app.services.wallet.balances(player.id, 'EUR');
  const held = async (player: Player) => {
    const { main, bonus } = await balances(player);
    return main + bonus;
  };
  async function snapshot(when: string) {
    const parts: string[] = [];
    for (const player of players) {
      const { main, bonus } = await balances(player);
      parts.push(`${main}/${bonus}`);
    }
    trace(`${when} ${parts.join(' ')}`);
  }

  const bets: Bet[] = [];
  const submissions: Submission[] = [];
  /** Cash outs taken one at a time under a running bonus the stake was funded by: each counts (or not) at once. */
  const bonusCashOuts: { betId: string; seq: number; part: bigint }[] = [];

  /** The cash-out price the book should give a bet now, from the prices and statuses the seed delivered. */
  function expectedPrice(bet: Bet): bigint | 'suspended' {
    const { market } = bet;
    const priced = cashOutPrice(
      bet.stake,
      [
        {
          outcomeId: market.outcomeIds[bet.outcome]!,
          placedOdd: bet.odd,
          marketStatus: offered(market) ? 'open' : 'suspended',
          matchStatus: 'live',
          outcomes: market.outcomeIds.map((id, index) => ({ id, odd: market.odds[index]!, status: 'open' })),
          switchedOff: false,
        },
      ],
      marginBp,
    );
    if ('price' in priced) return priced.price;
    expect(priced.unavailable, `seed ${seed}: a price of nothing`).toBe('suspended');
    return 'suspended';
  }

  function moved(odd: number): number {
    const next = Math.min(15_000, Math.max(1050, Math.round((odd * random.int(85, 118)) / 1000) * 10));
    return next === odd ? odd + 10 : next;
  }

  /** What a bet's money looks like from outside: the player's balances, the bet row and its ledger transfers. */
  async function fingerprint(player: Player, betId: string | null) {
    const bet = betId
      ? await rows(
          sql`select status, stake::text as stake, payout::text as payout from bets where id = ${betId}`,
          z.object({ status: z.string(), stake: z.string(), payout: z.string().nullable() }),
        )
      : [];
    const [transfers] = await rows(
      sql`select count(distinct e.transfer_id)::int as n from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.user_id = ${player.id}`,
      countRow,
    );
    return { ...(await balances(player)), bet, transfers: transfers!.n };
  }

  /**
   * A round of in-play bets: each of some players sends one bet (sometimes twice at once, as a double click), the
   * seed suspends markets (the feed or a trader) and moves prices while the bets wait their delay, then each answer is
   * what the book said at the end of the delay. One bet per player per round, so each player's funding (main money
   * first, then bonus money) does not depend on which bet the database took first.
   */
  async function betRound(options: { market?: number; everyone?: boolean; moves?: boolean; whistle?: boolean } = {}) {
    const bettors = players.filter(() => options.everyone || random.next() < 0.6);
    if (bettors.length === 0) bettors.push(random.pick(players));
    if (bettors.includes(bonusPlayer) && random.next() < 0.3) await takeBonus();
    const planned: {
      player: Player;
      market: Market;
      outcome: number;
      stake: bigint;
      policy: OddsChangePolicy;
      copies: number;
      seen: number;
      key: string;
    }[] = [];
    for (const player of bettors) {
      // Mostly a market on offer (as the page shows them), now and then one the player saw just before it locked.
      const onOffer = markets.filter(offered);
      const market =
        options.market !== undefined
          ? markets[options.market]!
          : onOffer.length > 0 && random.next() < 0.85
            ? random.pick(onOffer)
            : random.pick(markets);
      const outcome = random.int(0, market.labels.length - 1);
      // The bonus player stakes little, so their bets run on bonus money.
      const stake = BigInt(random.int(1, player === bonusPlayer ? 6 : 20) * 100);
      const policy = random.pick(POLICIES);
      const copies = random.int(1, 3) === 3 ? 2 : 1;
      // Enough money for the stake, so what a bet meets is only the book.
      const short = stake - (await held(player));
      if (short > 0n) await fund(t, player.id, short + BigInt(random.int(0, player === bonusPlayer ? 100 : 3000)));
      planned.push({ player, market, outcome, stake, policy, copies, seen: market.odds[outcome]!, key: key('bet') });
    }
    // Moves during the delay, drawn before anything is sent.
    const feedSuspends = new Set<Market>();
    const traderSuspends = new Set<Market>();
    const priceMoves = new Map<Market, number[]>();
    if (options.moves !== false && !options.whistle) {
      for (const market of markets) {
        if (!offered(market)) continue;
        const roll = random.next();
        if (roll < 0.15) feedSuspends.add(market);
        else if (roll < 0.25) traderSuspends.add(market);
        else if (roll < 0.6) priceMoves.set(market, market.odds.map(moved));
      }
    }
    const before = new Map<Player, bigint>();
    const stakesBefore = new Map<Player, number>();
    for (const player of bettors) {
      before.set(player, await held(player));
      stakesBefore.set(player, await stakeTransfers(player));
    }
    // The final whistle's cash outs are priced before the bets are sent, so the whistle comes while they wait; it
    // races them, so its bets get a longer delay.
    const whistle = options.whistle ? await prepareWhistle() : null;
    if (whistle) await setDelay(Math.max(1000, 4 * delayMs));
    const firstLook = planned.map((bet) => offered(bet.market));
    const waiting = firstLook.filter(Boolean).length;

    const answered = new Set<number>();
    const answers = planned.map((bet, index) =>
      Promise.all(
        Array.from({ length: bet.copies }, () =>
          call(
            bet.player,
            'POST',
            '/spa/sports/bets',
            {
              kind: 'single',
              stake: money(bet.stake),
              oddsChangePolicy: bet.policy,
              selections: [{ outcomeId: bet.market.outcomeIds[bet.outcome]!, odd: bet.seen / 1000 }],
            },
            bet.key,
          ),
        ),
      ).finally(() => answered.add(index)),
    );
    // Every bet that passes its first look waits its delay holding nothing; the moves come while all of them wait.
    let late = false;
    const deadline = Date.now() + 120_000;
    while (t.app.services.sports.bets.waitingBets() < waiting) {
      if (planned.some((_, index) => firstLook[index] && answered.has(index))) {
        late = true;
        break;
      }
      if (Date.now() > deadline) throw new Error(`seed ${seed}: no in-play bet is waiting its delay`);
      await sleep(5);
    }
    const movesStarted = Date.now();
    for (const market of traderSuspends) {
      const suspended = await call(trader, 'POST', `/spa/staff/trading/markets/${market.id}/suspend`);
      expect(suspended.status, `seed ${seed} suspend: ${JSON.stringify(suspended.body)}`).toBe(200);
      market.hold = true;
    }
    for (const market of feedSuspends) market.feed = 'suspended';
    for (const [market, odds] of priceMoves) market.odds = odds;
    if (feedSuspends.size > 0 || priceMoves.size > 0) await deliver();
    const raced = whistle ? await whistle.blow() : null;
    if (t.app.services.sports.bets.waitingBets() !== waiting) late = true;
    const took = Date.now() - movesStarted;
    const results = await Promise.all(answers);
    if (took * 3 > delayMs) await setDelay(took * 3);

    for (const [index, bet] of planned.entries()) {
      const copies = results[index]!;
      const first = copies[0]!;
      for (const copy of copies) {
        expect({ status: copy.status, code: copy.code }, `seed ${seed}: copies of one in-play bet`).toEqual({
          status: first.status,
          code: first.code,
        });
      }
      // What the book said at the end of the delay (the first look refuses a suspended market at once).
      const market = bet.market;
      const odd = market.odds[bet.outcome]!;
      const expected = !firstLook[index]
        ? 'market_suspended'
        : options.whistle
          ? 'match_not_in_play'
          : !offered(market)
            ? 'market_suspended'
            : (bet.policy === 'none' && odd !== bet.seen) || (bet.policy === 'higher' && odd < bet.seen)
              ? 'odds_changed'
              : null;
      // Money: the stake, once, and nothing else (at the whistle cash outs and payouts of other bets land as well, so
      // there the bet's own stake transfer is what is counted).
      const after = options.whistle ? null : await held(bet.player);
      const stakes = (await stakeTransfers(bet.player)) - stakesBefore.get(bet.player)!;
      if (first.status === 201) {
        const placed = placeBetResponseSchema.parse(first.body).bet;
        for (const copy of copies) expect(placeBetResponseSchema.parse(copy.body).bet.id).toBe(placed.id);
        expect(stakes, `seed ${seed}: an accepted in-play bet staked once`).toBe(1);
        if (after !== null)
          expect(after, `seed ${seed}: an accepted in-play bet takes its stake`).toBe(
            before.get(bet.player)! - bet.stake,
          );
        if (!late) {
          expect(expected, `seed ${seed}: in-play bet accepted against the book`).toBeNull();
          expect(placed.totalOdd).toBe(odd / 1000);
        }
        bets.push({
          id: placed.id,
          player: bet.player,
          market,
          outcome: bet.outcome,
          odd: Math.round(placed.totalOdd * 1000),
          placed: bet.stake,
          stake: bet.stake,
          status: 'open',
          cashOuts: [],
        });
        submissions.push({ player: bet.player, key: bet.key, betId: placed.id });
        tally('in-play: accepted');
      } else {
        expect(first.status, `seed ${seed}: in-play bet ${JSON.stringify(first.body)}`).toBe(409);
        if (!late) expect(first.code, `seed ${seed}: in-play refusal`).toBe(expected);
        expect(stakes, `seed ${seed}: a refused in-play bet staked`).toBe(0);
        if (after !== null)
          expect(after, `seed ${seed}: a refused in-play bet moved money`).toBe(before.get(bet.player)!);
        submissions.push({ player: bet.player, key: bet.key, betId: null });
        tally(`in-play: refused ${first.code}`);
      }
      if (copies.length > 1) tally('in-play: double submission');
      const outcome =
        first.status === 201 ? `accepted ${placeBetResponseSchema.parse(first.body).bet.totalOdd}` : first.code;
      trace(
        `bet ${bet.player.index} ${market.index}/${bet.outcome} ${bet.stake} ${bet.policy} x${bet.copies}: ${outcome}`,
      );
    }
    // A move that landed after a bet was priced: the seed's path depended on the machine (never seen in a run so far).
    if (late) {
      tally('in-play: move after the delay');
      trace('late');
    }
    trace(
      `moves ${[...feedSuspends].map((m) => m.index)} ${[...traderSuspends].map((m) => m.index)} ${[...priceMoves.keys()].map((m) => m.index)}`,
    );
    if (raced) await raced();
  }

  /** The feed and the trader between bets: suspensions, a market reopened, prices moving, holds lifted. */
  async function marketMoves() {
    for (const market of markets) {
      const roll = random.next();
      if (market.hold && roll < 0.5) {
        const resumed = await call(trader, 'POST', `/spa/staff/trading/markets/${market.id}/resume`);
        expect(resumed.status).toBe(200);
        market.hold = false;
        // In play, a resumed market waits for the feed's word.
        market.feed = 'suspended';
      } else if (market.feed === 'suspended' && roll < 0.7) {
        market.feed = 'open';
        market.odds = market.odds.map(moved);
      } else if (market.feed === 'open' && roll < 0.15) {
        market.feed = 'suspended';
      } else if (roll < 0.6) {
        market.odds = market.odds.map(moved);
      }
    }
    await deliver();
    trace(
      `markets ${markets.map((market) => `${market.feed[0]}${market.hold ? 'h' : ''}${market.odds.join(',')}`).join(' ')}`,
    );
  }

  /** Everything is offered again: the trader lifts every hold, the feed opens every market. */
  async function reopenAll() {
    for (const market of markets) {
      if (market.hold) {
        expect((await call(trader, 'POST', `/spa/staff/trading/markets/${market.id}/resume`)).status).toBe(200);
        market.hold = false;
      }
      market.feed = 'open';
    }
    await deliver();
  }

  async function offerOf(bet: Bet) {
    const answer = await call(bet.player, 'GET', '/spa/sports/cash-out');
    expect(answer.status).toBe(200);
    const { offers } = cashOutOffersResponseSchema.parse(answer.body);
    const offer = offers.find((candidate) => candidate.betId === bet.id);
    expect(offer, `seed ${seed}: an open bet without its cash-out offer`).toBeDefined();
    // The price follows the odds: exactly what the seed's prices give, less the margin; none while suspended.
    const expected = expectedPrice(bet);
    expect(
      { price: offer!.price, unavailable: offer!.unavailable, stake: offer!.stake },
      `seed ${seed}: cash-out price of ${bet.id}`,
    ).toEqual(
      expected === 'suspended'
        ? { price: null, unavailable: 'suspended', stake: money(bet.stake) }
        : { price: money(expected), unavailable: null, stake: money(bet.stake) },
    );
    return expected;
  }

  /** How many stakes (ledger transfers `bet:<id>`) the player has made. */
  async function stakeTransfers(player: Player): Promise<number> {
    const [row] = await rows(
      sql`select count(distinct t.id)::int as n from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
      where a.user_id = ${player.id} and t.idempotency_key like 'bet:%'`,
      countRow,
    );
    return row!.n;
  }

  async function cashOutTransfers(betId: string) {
    return rows(
      sql`select t.idempotency_key as key, t.kind from ledger_transfers t
      where t.idempotency_key like ${`cashout:${betId}:%`} order by t.id`,
      transferRow,
    );
  }

  /**
   * One cash-out gesture on a bet: the whole or a part, sent once, twice at once with two keys (two screens), twice
   * with one key (a retry racing its original), or at a price the player no longer gets. Checks what was paid against
   * the price the book gives, and that a refusal moved nothing.
   */
  async function cashOut(bet: Bet, kind: 'whole' | 'part' | 'twice' | 'retry' | 'stale') {
    const { player } = bet;
    const price = await offerOf(bet);
    // Two screens asking for the same part: from a twentieth of the stake (never below the minimum stake, which the
    // api refuses as invalid input, 400) to half of it, so the first pays and the second meets a changed bet (409).
    const smallestTwice = bet.stake / 20n + 1n > MIN_STAKE ? bet.stake / 20n + 1n : MIN_STAKE;
    const part =
      (kind === 'part' || kind === 'retry') && bet.stake >= 2n * MIN_STAKE
        ? BigInt(random.int(Number(MIN_STAKE), Number(bet.stake - MIN_STAKE)))
        : kind === 'twice' && bet.stake >= 4n * MIN_STAKE && random.next() < 0.5
          ? BigInt(random.int(Number(smallestTwice), Number(bet.stake / 2n)))
          : null;
    const seenPrice =
      price === 'suspended'
        ? money(BigInt(random.int(50, 2000)))
        : money(kind === 'stale' ? (price * 103n) / 100n + 1n : price);
    const body = { betId: bet.id, seenPrice, ...(part === null ? {} : { stake: money(part) }) };
    const before = await fingerprint(player, bet.id);
    const bonusBefore = await activeBonus(player.id);
    const [stakeRow] = await t.db
      .select({ userBonusId: schema.stakes.userBonusId })
      .from(schema.stakes)
      .where(eq(schema.stakes.sourceKey, `sports:${bet.id}`));
    const transfersBefore = (await cashOutTransfers(bet.id)).length;
    const one = key('cashout');
    const answers =
      kind === 'twice'
        ? await Promise.all([1, 2].map(() => call(player, 'POST', '/spa/sports/cash-out', body, key('cashout'))))
        : kind === 'retry'
          ? await Promise.all([1, 2].map(() => call(player, 'POST', '/spa/sports/cash-out', body, one)))
          : [await call(player, 'POST', '/spa/sports/cash-out', body, one)];
    const paid = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    for (const answer of refused)
      expect(answer.status, `seed ${seed} cash out: ${JSON.stringify(answer.body)}`).toBe(409);
    const codes = refused.map((answer) => answer.code).sort();
    if (price === 'suspended') {
      expect(codes, `seed ${seed}: cash out of a suspended market`).toEqual(answers.map(() => 'cash_out_unavailable'));
    } else if (kind === 'stale') {
      expect(codes, `seed ${seed}: cash out at a price no longer given`).toEqual(['cash_out_price_changed']);
      expect(errorEnvelopeSchema.parse(refused[0]!.body).error.fields).toEqual({ price: money(price) });
    } else if (kind === 'retry') {
      // One request, sent twice: both answer the one cash out.
      expect(paid, `seed ${seed}: a retry racing its cash out`).toHaveLength(2);
      expect(cashOutResponseSchema.parse(paid[1]!.body).amount).toBe(cashOutResponseSchema.parse(paid[0]!.body).amount);
    } else {
      // Two screens at once: the first pays; the second meets a bet cashed out, or a stake (and price) that changed.
      expect(
        paid,
        `seed ${seed}: cash out ${kind} ${JSON.stringify(answers.map((answer) => answer.body))}`,
      ).toHaveLength(1);
    }
    const transfers = await cashOutTransfers(bet.id);
    if (paid.length === 0) {
      expect(await fingerprint(player, bet.id), `seed ${seed}: a refused cash out moved something`).toEqual(before);
      expect(transfers).toHaveLength(transfersBefore);
      tally(`in-play: cash out refused ${codes.join(' ')}`);
      trace(`cash out ${kind} refused ${codes.join(' ')}`);
      return;
    }
    // Each different request paid once, at the book's price for its part; the ledger holds one transfer each.
    const distinct = kind === 'retry' ? [paid[0]!] : paid;
    expect(transfers, `seed ${seed}: cash-out transfers of ${bet.id}`).toHaveLength(transfersBefore + distinct.length);
    let stakeNow = bet.stake;
    let lastStake = bet.stake;
    let total = 0n;
    const amounts: bigint[] = [];
    for (const answer of distinct) {
      const current = expectedPrice({ ...bet, stake: stakeNow });
      if (current === 'suspended') throw new Error(`seed ${seed}: a cash out paid on a suspended market`);
      const taken = part ?? stakeNow;
      const amount = cents(cashOutResponseSchema.parse(answer.body).amount);
      expect(amount, `seed ${seed}: cash out paid the book's price`).toBe(cashOutAmount(current, taken, stakeNow));
      bet.cashOuts.push({ part: taken, amount });
      amounts.push(amount);
      total += amount;
      lastStake = stakeNow;
      stakeNow -= taken;
    }
    bet.stake = stakeNow;
    if (stakeNow === 0n) bet.status = 'cashed_out';
    const after = await fingerprint(player, bet.id);
    // What the player holds grew by what was paid, less a bonus share that went to the house (a bonus that ended).
    expect(
      after.main + after.bonus - before.main - before.bonus,
      `seed ${seed}: cash out credited`,
    ).toBeLessThanOrEqual(total);
    expect(after.bet).toEqual([
      {
        status: stakeNow === 0n ? 'cashed_out' : 'open',
        stake: String(stakeNow === 0n ? lastStake : stakeNow),
        payout: stakeNow === 0n ? String(bet.cashOuts.reduce((sum, c) => sum + c.amount, 0n)) : null,
      },
    ]);
    // Wagering as the operator's switch says: a cash out under the bonus that funded the stake counts its part, once.
    if (bonusBefore !== null && stakeRow?.userBonusId === bonusBefore) {
      for (const [index, answer] of distinct.entries()) {
        const seq = bet.cashOuts.length - distinct.length + index + 1;
        bonusCashOuts.push({ betId: bet.id, seq, part: cents(cashOutResponseSchema.parse(answer.body).stake) });
        const counted = await t.db
          .select()
          .from(schema.bonusContributions)
          .where(eq(schema.bonusContributions.sourceKey, `sports:${bet.id}:cashout:${seq}`));
        expect(counted, `seed ${seed}: cash out ${bet.id}:${seq} counted (switch ${countsWagering})`).toHaveLength(
          countsWagering ? 1 : 0,
        );
        tally(`in-play: bonus cash out ${countsWagering ? 'counted' : 'not counted'}`);
      }
    }
    tally(`in-play: cash out ${kind}${part === null ? '' : ' part'}`);
    trace(`cash out ${kind} ${part ?? 'whole'} paid ${amounts.join(',')} ${codes.join(' ')}`);
  }

  function openBets(filter: (bet: Bet) => boolean = () => true) {
    return bets.filter((bet) => bet.status === 'open' && filter(bet));
  }

  async function cashOutRound() {
    for (const player of players) {
      const mine = openBets((bet) => bet.player === player);
      if (mine.length === 0 || random.next() < 0.4) continue;
      const bet = random.pick(mine);
      const roll = random.next();
      await cashOut(
        bet,
        roll < 0.3 ? 'whole' : roll < 0.6 ? 'part' : roll < 0.75 ? 'twice' : roll < 0.9 ? 'retry' : 'stale',
      );
    }
  }

  /** The automatic cash out: a target just above the price, then the odds move the bet's way and the book pays it. */
  let autoDone = false;
  async function autoCashOut() {
    const candidates = openBets((bet) => offered(bet.market));
    if (candidates.length === 0) return;
    const bet = random.pick(candidates);
    const price = await offerOf(bet);
    if (price === 'suspended') return;
    const { market } = bet;
    const odds = market.odds.map((odd, index) =>
      index === bet.outcome ? Math.max(1020, Math.round(odd * 0.06) * 10) : Math.round(odd * 0.14) * 10,
    );
    const next = expectedPrice({ ...bet, market: { ...market, odds } });
    if (next === 'suspended' || next <= price) return;
    const target = price + (next - price + 1n) / 2n;
    const set = await call(bet.player, 'PUT', '/spa/sports/cash-out/target', { betId: bet.id, target: money(target) });
    expect(set.status, `seed ${seed} target: ${JSON.stringify(set.body)}`).toBe(200);
    const before = await held(bet.player);
    market.odds = odds;
    // The delivery's odds notice runs the automatic cash outs; two more runs race it (two instances).
    await deliver();
    await Promise.all([1, 2].map(() => t.app.services.sports.cashOut.runAutoCashOuts()));
    const deadline = Date.now() + 120_000;
    let row = await t.db.select().from(schema.bets).where(eq(schema.bets.id, bet.id));
    while (row[0]!.status === 'open') {
      if (Date.now() > deadline) throw new Error(`seed ${seed}: the automatic cash out never came`);
      await sleep(20);
      row = await t.db.select().from(schema.bets).where(eq(schema.bets.id, bet.id));
    }
    const autos = await t.db
      .select()
      .from(schema.betCashOuts)
      .where(and(eq(schema.betCashOuts.betId, bet.id), eq(schema.betCashOuts.auto, true)));
    expect(autos, `seed ${seed}: automatic cash outs of ${bet.id}`).toHaveLength(1);
    expect(autos[0]!.amount, `seed ${seed}: automatic cash out at the price reached`).toBe(next);
    expect(autos[0]!.amount >= target).toBe(true);
    expect(row[0]!.status).toBe('cashed_out');
    expect(await held(bet.player)).toBeLessThanOrEqual(before + next);
    bet.cashOuts.push({ part: bet.stake, amount: next });
    bet.stake = 0n;
    bet.status = 'cashed_out';
    autoDone = true;
    tally('in-play: automatic cash out');
    trace(`auto ${target} ${next}`);
  }

  /**
   * The final whistle (a score of the seed's), delivered as the feed ends a match, with cash outs of open bets sent at
   * the same moment: each meets the bet open (and pays) or settled (and is refused), never both. `blow` sends them all
   * and answers the check to run once the bets in their delay have their answers.
   */
  let winners = new Set<string>();
  async function prepareWhistle() {
    const home = score[0] + random.int(0, 2);
    const away = score[1] + random.int(0, 2);
    winners = new Set([
      home > away ? '1' : home === away ? 'X' : '2',
      home + away > 2.5 ? '> 2.5' : '< 2.5',
      ...(home >= away ? ['1X'] : []),
      ...(home !== away ? ['12'] : []),
      ...(home <= away ? ['X2'] : []),
      home - away >= 2 ? '1 (-1.5)' : '2 (+1.5)',
    ]);
    const base = footballMatch(matchId, kickOff);
    const ended: FeedMatch = {
      ...base,
      matchStatus: 'ended',
      matchResult: { score1: home, score2: away },
      matchBets: base.matchBets.map((bet) => ({
        ...bet,
        matchBetStatus: 'settled' as const,
        matchBetOutcomes: bet.matchBetOutcomes.map((outcome) => ({
          ...outcome,
          matchBetOutcomeResult: winners.has(outcome.providerBetOutcomeId) ? ('won' as const) : ('lost' as const),
        })),
      })),
    };
    const candidates = openBets((bet) => offered(bet.market));
    const racing = candidates.filter(() => random.next() < 0.7);
    if (racing.length === 0 && candidates.length > 0) racing.push(random.pick(candidates));
    const prices = new Map<Bet, bigint>();
    for (const bet of racing) {
      const price = await offerOf(bet);
      if (price !== 'suspended') prices.set(bet, price);
    }
    const attempts = racing.map((bet) => {
      const part = bet.stake >= 2n * MIN_STAKE && random.next() < 0.4 ? bet.stake / 2n : null;
      return { bet, part };
    });
    // Which is sent first is the seed's; which the database takes first is not.
    const cashOutsFirst = random.next() < 0.5;
    const pause = random.int(0, 40);
    const keys = attempts.map(() => key('race'));
    const blow = async () => {
      const cashOuts = () =>
        attempts.map(({ bet, part }, index) =>
          call(
            bet.player,
            'POST',
            '/spa/sports/cash-out',
            { betId: bet.id, seenPrice: money(prices.get(bet)!), ...(part === null ? {} : { stake: money(part) }) },
            keys[index],
          ),
        );
      let answers: Answer[];
      if (cashOutsFirst) {
        const sent = cashOuts();
        await sleep(pause);
        [answers] = await Promise.all([Promise.all(sent), feed({ matches: [ended] })]);
      } else {
        const whistle = feed({ matches: [ended] });
        [answers] = await Promise.all([Promise.all(cashOuts()), whistle]);
      }
      return () => check(answers);
    };
    const check = async (answers: Answer[]) => {
      // The settlement sweep after it, twice at once (two instances): nothing settles twice.
      await Promise.all([1, 2].map(() => t.app.services.sports.settlement.settle([matchId])));
      for (const [index, { bet, part }] of attempts.entries()) {
        const answer = answers[index]!;
        const [row] = await t.db.select().from(schema.bets).where(eq(schema.bets.id, bet.id));
        const payouts = await rows(
          sql`select idempotency_key as key, kind from ledger_transfers where idempotency_key = ${`payout:${bet.id}`}
          or idempotency_key = ${`void:${bet.id}`}`,
          transferRow,
        );
        if (answer.status === 200) {
          const taken = part ?? bet.stake;
          const amount = cents(cashOutResponseSchema.parse(answer.body).amount);
          expect(amount, `seed ${seed}: a cash out racing the whistle paid the price`).toBe(
            cashOutAmount(prices.get(bet)!, taken, bet.stake),
          );
          bet.cashOuts.push({ part: taken, amount });
          bet.stake -= taken;
          // Cashed out whole: never settled. In part: the rest settled alone.
          if (bet.stake === 0n) {
            expect(row!.status).toBe('cashed_out');
            expect(payouts).toEqual([]);
            bet.status = 'cashed_out';
          } else {
            expect(row!.status).not.toBe('open');
            expect(row!.stake).toBe(bet.stake);
            bet.status = 'settled';
          }
          tally('in-play: race won by the cash out');
        } else {
          expect({ status: answer.status, code: answer.code }, `seed ${seed}: cash out after the whistle`).toEqual({
            status: 409,
            code: 'cash_out_unavailable',
          });
          expect(row!.status, `seed ${seed}: the whistle settled ${bet.id}`).not.toBe('open');
          expect(row!.stake).toBe(bet.stake);
          expect((await cashOutTransfers(bet.id)).length).toBe(bet.cashOuts.length);
          bet.status = 'settled';
          tally('in-play: race won by the settlement');
        }
        // One of the two paid the stake that was in play, never both.
        expect(row!.payout === null ? 0n : row!.payout).toBeLessThanOrEqual(payoutFor(bet.placed, [bet.odd]));
      }
      for (const bet of openBets()) bet.status = 'settled';
      trace(`whistle ${home}-${away}, ${attempts.length} cash outs racing it`);
    };
    return { blow };
  }

  /** A trader's result for the match result market after payouts: a request that risk approves (four eyes). */
  async function resettle(result: string) {
    const market = markets[0]!;
    const asked =
      result === 'void'
        ? await call(trader, 'POST', `/spa/staff/trading/markets/${market.id}/void`)
        : await call(trader, 'POST', `/spa/staff/trading/markets/${market.id}/result`, {
            results: market.labels.map((label, index) => ({
              outcomeId: market.outcomeIds[index]!,
              result: label === result ? 'won' : 'lost',
            })),
          });
    if (asked.status === 202) {
      const { id } = staffRequestAcceptedSchema.parse(asked.body).request;
      const own = await call(trader, 'POST', `/spa/staff/trading/requests/${id}/approve`);
      expect(own.code, `seed ${seed}: a trader approved their own result change`).toBe('four_eyes_required');
      const approved = await call(risk, 'POST', `/spa/staff/trading/requests/${id}/approve`);
      expect(approved.status, `seed ${seed} re-settlement: ${JSON.stringify(approved.body)}`).toBe(200);
    } else {
      // Nobody was paid on the market (every bet on it cashed out): the trader's word alone.
      expect(asked.status, `seed ${seed} result: ${JSON.stringify(asked.body)}`).toBe(200);
    }
    tally('in-play: re-settled after cash outs');
    trace(`re-settled ${result}`);
  }

  return {
    players,

    /** The actor's turn after a round of the players: now and then bets, cash outs, market moves or an automatic one. */
    async round() {
      const since = Date.now();
      const roll = random.next();
      if (roll < 0.15) await betRound();
      else if (roll < 0.35) await cashOutRound();
      else if (roll < 0.45) await marketMoves();
      else if (roll < 0.5 && !autoDone) await autoCashOut();
      else return;
      await snapshot('turn');
      spent(since);
    },

    /**
     * The end of the match: bets on the match result by everyone, cash outs of them (two at once on one, a part of
     * another sent twice with one key), the automatic cash out if none came yet, the final whistle racing cash outs
     * and a bet in its delay, then a trader's re-settlement (and sometimes its correction) over bets cashed out whole
     * and in part.
     */
    async finish() {
      const since = Date.now();
      await reopenAll();
      await betRound({ market: 0, everyone: true, moves: false });
      if (!autoDone) await autoCashOut();
      const onResult = () => openBets((bet) => bet.market.index === 0 && offered(bet.market));
      // Two at once on one of them, a part of another; the rest race the whistle.
      if (onResult().length > 0) await cashOut(random.pick(onResult()), 'twice');
      const partly = onResult().filter((bet) => bet.stake >= 2n * MIN_STAKE);
      if (partly.length > 0) await cashOut(random.pick(partly), 'retry');
      await snapshot('before the whistle');
      // A bet still in its delay when the match ends is refused (match_not_in_play); cash outs race the whistle.
      await betRound({ market: random.int(0, markets.length - 1), whistle: true });
      const cashedBefore = new Map<string, number>();
      for (const bet of bets) cashedBefore.set(bet.id, (await cashOutTransfers(bet.id)).length);
      const results: readonly string[] = MARKETS[0];
      const truth = [...winners].find((label) => results.includes(label))!;
      const wrong = random.pick([...results.filter((label) => label !== truth), 'void']);
      await resettle(wrong);
      if (random.next() < 0.5) await resettle(truth);
      // Cash outs stand whatever the results became: none reversed, none paid again.
      for (const bet of bets) {
        expect((await cashOutTransfers(bet.id)).length, `seed ${seed}: cash outs of ${bet.id} changed`).toBe(
          cashedBefore.get(bet.id),
        );
      }
      spent(since);
    },

    /** After the seed (every bonus over): the in-play invariants over the players' bets, cash outs and wagering. */
    async check() {
      const ids = players.map((player) => player.id);
      const stored = await t.db.select().from(schema.bets).where(inArray(schema.bets.userId, ids));
      // Every accepted in-play bet is one bet, staked exactly once; a refused one left nothing behind.
      expect(stored.map((row) => row.id).sort(), `seed ${seed}: in-play bets`).toEqual(
        bets.map((bet) => bet.id).sort(),
      );
      for (const submission of submissions) {
        const under = stored.filter(
          (row) => row.userId === submission.player.id && row.idempotencyKey === submission.key,
        );
        expect(
          under.map((row) => row.id),
          `seed ${seed}: submission ${submission.key}`,
        ).toEqual(submission.betId === null ? [] : [submission.betId]);
      }
      const cashOuts = await t.db.select().from(schema.betCashOuts).where(inArray(schema.betCashOuts.userId, ids));
      const contributions = await t.db
        .select()
        .from(schema.bonusContributions)
        .where(like(schema.bonusContributions.sourceKey, 'sports:%:cashout:%'));
      const theirBonuses = await t.db.select().from(schema.userBonuses).where(inArray(schema.userBonuses.userId, ids));
      const campaigns = new Map((await t.db.select().from(schema.bonusCampaigns)).map((row) => [row.id, row]));
      for (const bet of bets) {
        const row = stored.find((candidate) => candidate.id === bet.id)!;
        const staked = await rows(
          sql`select e.amount::text as amount from ledger_transfers t
          join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.idempotency_key = ${`bet:${bet.id}`} and a.user_id is null and a.kind = 'sports'`,
          amountRow,
        );
        expect(staked, `seed ${seed}: stake of ${bet.id}`).toEqual([{ amount: String(bet.placed) }]);
        // Each cash out credited once, by its own transfer, for what the actor saw paid.
        const own = cashOuts.filter((cashOut) => cashOut.betId === bet.id).sort((a, b) => a.seq - b.seq);
        expect(
          own.map((cashOut) => [cashOut.seq, cashOut.stake, cashOut.amount]),
          `seed ${seed}: cash outs of ${bet.id}`,
        ).toEqual(bet.cashOuts.map((cashOut, index) => [index + 1, cashOut.part, cashOut.amount]));
        const paidOut = await rows(
          sql`select t.idempotency_key as key, (-sum(e.amount))::text as amount
          from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
          join ledger_accounts a on a.id = e.account_id
          where t.kind = 'sports_cash_out' and t.metadata->>'betId' = ${bet.id} and a.user_id is null
            and a.kind = 'sports' group by t.id, t.idempotency_key order by t.id`,
          z.object({ key: z.string(), amount: z.string() }),
        );
        expect(paidOut, `seed ${seed}: cash-out transfers of ${bet.id}`).toEqual(
          own.map((cashOut) => ({ key: `cashout:${bet.id}:${cashOut.seq}`, amount: String(cashOut.amount) })),
        );
        // Never more than the whole bet could have won: cash outs plus what its rest paid.
        const cashed = own.reduce((sum, cashOut) => sum + cashOut.amount, 0n);
        const rest = row.status === 'cashed_out' ? 0n : (row.payout ?? 0n);
        expect(cashed + rest, `seed ${seed}: ${bet.id} paid beyond its full value`).toBeLessThanOrEqual(
          payoutFor(bet.placed, [bet.odd]),
        );
        if (bet.status === 'cashed_out') {
          // Cashed out whole: it stays so through the whistle and every re-settlement, and nothing else pays it.
          expect(row.status, `seed ${seed}: ${bet.id} cashed out`).toBe('cashed_out');
          expect(row.payout).toBe(cashed);
          expect(own.reduce((sum, cashOut) => sum + cashOut.stake, 0n)).toBe(bet.placed);
          expect(
            await rows(
              sql`select idempotency_key as key, kind from ledger_transfers
              where idempotency_key like ${`payout:${bet.id}%`} or idempotency_key like ${`void:${bet.id}%`}
                or idempotency_key like ${`reversal:${bet.id}%`}`,
              transferRow,
            ),
            `seed ${seed}: ${bet.id} paid after its cash out`,
          ).toEqual([]);
          expect(
            await t.db.select().from(schema.betResettlements).where(eq(schema.betResettlements.betId, bet.id)),
          ).toEqual([]);
          tally('in-play: cashed out through re-settlement');
        } else {
          expect(['won', 'lost', 'void'], `seed ${seed}: ${bet.id} settled`).toContain(row.status);
          expect(row.stake).toBe(bet.placed - own.reduce((sum, cashOut) => sum + cashOut.stake, 0n));
        }
        // A cash out counts towards wagering only as the switch says, for the bonus that funded the stake, once, and
        // a re-settlement never takes it back.
        for (const cashOut of own) {
          const counted = contributions.filter((row) => row.sourceKey === `sports:${bet.id}:cashout:${cashOut.seq}`);
          if (!countsWagering) {
            expect(counted, `seed ${seed}: cash out counted with the switch off`).toEqual([]);
            continue;
          }
          expect(counted.length).toBeLessThanOrEqual(1);
          const [counts] = counted;
          if (!counts) continue;
          const bonus = theirBonuses.find((candidate) => candidate.id === counts.userBonusId)!;
          expect(counts.reversed, `seed ${seed}: a cash out's wagering taken back`).toBe(false);
          expect(counts.stake).toBe(cashOut.stake);
          expect(counts.contribution).toBe(
            contributionOf(campaigns.get(bonus.campaignId)!, 'sports', cashOut.stake, bet.odd),
          );
        }
        // Money a bonus-funded part earned reaches main money only through a bonus that completed (as for wins).
        for (const cashOut of own) {
          if (cashOut.stakeBonus === 0n) continue;
          const [stakeRow] = await t.db
            .select({ userBonusId: schema.stakes.userBonusId })
            .from(schema.stakes)
            .where(eq(schema.stakes.sourceKey, `sports:${bet.id}`));
          const status = theirBonuses.find((bonus) => bonus.id === stakeRow?.userBonusId)?.status;
          const lockedAway = status === 'completed' ? 0n : (cashOut.amount * cashOut.stakeBonus) / cashOut.stake;
          const [credits] = await rows(
            sql`select
            coalesce(sum(e.amount) filter (where a.kind = 'main' and a.user_id is not null), 0)::text as main,
            coalesce(sum(e.amount) filter (where a.kind = 'bonus_pool'), 0)::text as pool
            from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transfer_id = ${cashOut.transferId}`,
            z.object({ main: z.string(), pool: z.string() }),
          );
          expect(BigInt(credits!.main), `seed ${seed}: bonus money of ${bet.id} to main`).toBeLessThanOrEqual(
            cashOut.amount - lockedAway + 1n,
          );
          expect(BigInt(credits!.pool)).toBeLessThanOrEqual(lockedAway);
          tally('in-play: bonus-funded cash out');
        }
      }
      for (const counted of bonusCashOuts) {
        expect(
          contributions.filter((row) => row.sourceKey === `sports:${counted.betId}:cashout:${counted.seq}`),
        ).toHaveLength(countsWagering ? 1 : 0);
      }
      // The in-play players' bonuses: wagered is what counted and was not taken back.
      for (const bonus of theirBonuses) {
        const mine = await t.db
          .select()
          .from(schema.bonusContributions)
          .where(
            and(eq(schema.bonusContributions.userBonusId, bonus.id), eq(schema.bonusContributions.reversed, false)),
          );
        expect(bonus.wagered, `seed ${seed}: in-play bonus ${bonus.id}`).toBe(
          mine.reduce((sum, row) => sum + row.contribution, 0n),
        );
        expect(bonus.status, `seed ${seed}: in-play bonus over`).not.toBe('active');
      }
      // How many cash outs were paid depends on who won the whistle's races: not in the trace.
      trace(`end ${bets.length} bets ${submissions.length - bets.length} refused`);
    },
  };
}
