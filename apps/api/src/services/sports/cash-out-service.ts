import { and, eq } from 'drizzle-orm';
import type { Db } from '@playhouse/db';
import {
  betCashOutTargets,
  type betCashOuts,
  betSelections,
  bets,
  cashOutMatchBlocks,
  cashOutSettings,
  matches,
  sports,
} from '@playhouse/db/schema';
import {
  CASH_OUT_TOLERANCE_BP,
  isCurrency,
  parseDecimal,
  type CashOutBody,
  type CashOutOffer,
  type CashOutOffersResponse,
  type CashOutResponse,
  type CashOutSettingsResponse,
  type CashOutSportBody,
  type CashOutTargetBody,
} from '@playhouse/shared';
import type { Clock } from '../../lib/clock';
import { formatAmount } from '../../lib/amounts';
import { ValidationError } from '../../lib/errors';
import { hashedRequest, requestHash } from '../../lib/idempotency';
import { localize, type LocaleContext } from '../../lib/localize';
import { recordAudit } from '../audit/audit-log';
import type { StakePipeline, StakeShares } from '../stakes/stake-pipeline';
import { splitView } from '../stakes/stake-views';
import type { StaffActor } from '../staff/staff-queries';
import { sportsSourceKey } from './bet-keys';
import { payoutFor } from './bet-math';
import { betLimits, betView, betViews } from './bet-service';
import { cashOutAmount, cashOutPrice, priceAcceptable, type CashOutPrice } from './cash-out-pricing';
import {
  bookLegsOf,
  cashOutInOneStatement,
  cashOutLookup,
  findCashOutByKey,
  insertCashOut,
  lockBet,
  openBetsOf,
  shareLockBook,
  targetsOf,
  updateCashedOutBet,
  DEFAULT_SPORT_CASH_OUT,
  type BookIds,
  type BookLeg,
  type CashOutLegFacts,
  type CashOutRead,
} from './cash-out-queries';
import type { DebtHooks } from './settlement-service';
import {
  BetNotFoundError,
  CashOutPriceChangedError,
  CashOutStakeInvalidError,
  CashOutUnavailableError,
  MatchNotFoundError,
} from './sports-errors';

type BetRow = typeof bets.$inferSelect;
type CashOutRow = typeof betCashOuts.$inferSelect;

/** The ledger key of a bet's n-th cash out. */
export const cashOutTransferKey = (betId: string, seq: number) => `cashout:${betId}:${seq}`;
/** The one idempotency key of a bet's automatic cash out: however many instances see the target reached, it pays once. */
export const autoCashOutKey = (betId: string) => `auto:${betId}`;

/** Open bets "My bets" prices at most (its open list's page size is 20; a player rarely holds more). */
const OFFERS_LIMIT = 100;
const AUTO_BATCH = 200;

/** What a bet's price is made of: its legs as the book stands and the traders' settings. */
interface Priced {
  price: CashOutPrice;
  /** Whether the cash out counts towards a bonus's wagering (every leg's sport says so). */
  countsWagering: boolean;
}

/**
 * Prices bets from their legs as the book stands (`bookLegsOf`): the margin is the highest of their sports' (an
 * accumulator across sports keeps the larger), cash out is off when any leg's sport or match has it off.
 */
function priceBets(rows: readonly Pick<BetRow, 'id' | 'stake'>[], legs: readonly BookLeg[]): Map<string, Priced> {
  const priced = new Map<string, Priced>();
  for (const bet of rows) {
    const own = legs.filter((leg) => leg.betId === bet.id);
    const marginBp = Math.max(0, ...own.map((leg) => leg.sport.marginBp));
    const countsWagering = own.length > 0 && own.every((leg) => leg.sport.countsWagering);
    const pricedLegs = own.map((leg) => ({ ...leg, switchedOff: !leg.sport.enabled || leg.blocked }));
    priced.set(bet.id, { price: cashOutPrice(bet.stake, pricedLegs, marginBp), countsWagering });
  }
  return priced;
}

export type CashOutService = ReturnType<typeof createCashOutService>;

/** What `take` answers: the cash out this request made, with the bet as its transaction left it, or a replay's. */
type Taken =
  | {
      row: CashOutRow;
      replayed: false;
      /** The bet's row as the cash out left it. */
      bet: BetRow;
      legs: CashOutLegFacts[];
      /** The stake's shares as recorded now. */
      stake: StakeShares;
      /** Every cash out of the bet so far, this one included. */
      cashedOut: { stake: bigint; amount: bigint };
    }
  | { row: CashOutRow; replayed: true };

interface TakeRequest {
  betId: string;
  idempotencyKey: string;
  hash: string;
  /** The whole bet's price the player saw (null: an automatic cash out, which checks `atLeast`). */
  seenPrice: bigint | null;
  /** The part of the stake to cash out (null: all of it). */
  part: bigint | null;
  /** An automatic cash out: taken only at this price or above. */
  atLeast?: bigint;
}

/**
 * Cash out (issue 21): the price of a player's open bets, taking it (all or a part of the stake), the automatic cash
 * out at the player's target, and the traders' settings. A cash out is one transaction: the bet's book share-locked
 * (matches, markets, outcomes in id order, as a placement does, so a suspension or a trader's result either committed
 * before it or waits for it), then the bet's row, then the stake pipeline's locks and the ledger. Settlement and a
 * trader's re-settlement lock the bet's row too, so whichever comes second sees what the first did: a bet cashed out
 * whole is never settled, one cashed out in part settles only the stake it kept.
 */
export function createCashOutService({
  db,
  clock,
  stakes,
  debts,
}: {
  db: Db;
  clock: Clock;
  stakes: StakePipeline;
  debts?: DebtHooks;
}) {
  const money = (amount: bigint, currency: string) => formatAmount(amount, currency);
  const readCashOut = cashOutLookup(db);
  const cashOutInOne = cashOutInOneStatement(db);

  async function offersFor(rows: BetRow[]): Promise<CashOutOffer[]> {
    const ids = rows.map((row) => row.id);
    const [legs, targets] = await Promise.all([bookLegsOf(db, ids), targetsOf(db, ids)]);
    const priced = priceBets(rows, legs);
    return rows.map((row) => {
      const { price } = priced.get(row.id)!;
      const minStake = isCurrency(row.currency) ? betLimits(row.currency).minStakeMinor : 1n;
      const target = targets.get(row.id);
      return {
        betId: row.id,
        price: 'price' in price ? money(price.price, row.currency) : null,
        unavailable: 'price' in price ? null : price.unavailable,
        stake: money(row.stake, row.currency),
        currency: row.currency,
        minStake: money(minStake, row.currency),
        autoTarget: target === undefined ? null : money(target, row.currency),
      };
    });
  }

  /**
   * What the request's cash out is, priced from these legs: the price, the part, what it pays. Throws the refusal
   * (unavailable, the price moved beyond the tolerance, a part the rules refuse); answers 'below_target' when an
   * automatic cash out's price is under its target.
   */
  function decide(bet: BetRow, legs: readonly BookLeg[], request: TakeRequest) {
    if (bet.status !== 'open') throw new CashOutUnavailableError('not_open');
    const { price, countsWagering } = priceBets([bet], legs).get(bet.id)!;
    if (!('price' in price)) throw new CashOutUnavailableError(price.unavailable);
    const current = price.price;
    if (request.seenPrice !== null && !priceAcceptable(current, request.seenPrice, CASH_OUT_TOLERANCE_BP)) {
      throw new CashOutPriceChangedError(money(current, bet.currency));
    }
    if (request.atLeast !== undefined && current < request.atLeast) return 'below_target' as const;
    const part = request.part ?? bet.stake;
    const rest = bet.stake - part;
    const minStake = isCurrency(bet.currency) ? betLimits(bet.currency).minStakeMinor : 1n;
    if (part > bet.stake) throw new CashOutStakeInvalidError('The part is more than the stake still in play.');
    if (rest > 0n && (part < minStake || rest < minStake)) {
      throw new CashOutStakeInvalidError('Both the part cashed out and the part kept must reach the minimum stake.');
    }
    const amount = cashOutAmount(current, part, bet.stake);
    if (amount <= 0n) throw new CashOutUnavailableError('too_small');
    return { current, countsWagering, part, rest, amount };
  }
  type Decided = Exclude<ReturnType<typeof decide>, 'below_target'>;

  /** What a cash out records, whichever way it is taken: its payout's ledger facts and its row's own columns. */
  function recordOf(bet: BetRow, userId: number, seq: number, request: TakeRequest, decided: Decided) {
    const { current, part, amount } = decided;
    return {
      payout: {
        transferKey: cashOutTransferKey(bet.id, seq),
        userId,
        currency: bet.currency,
        sourceKey: sportsSourceKey(bet.id),
        amount,
        metadata: { betId: bet.id, seq, part: part.toString(), price: current.toString() },
      },
      row: {
        betId: bet.id,
        userId,
        seq,
        idempotencyKey: request.idempotencyKey,
        requestHash: request.hash,
        stake: part,
        amount,
        price: current,
        seenPrice: request.seenPrice,
        auto: request.atLeast !== undefined,
      },
    };
  }

  /** The cash out a twin request with the same key made (it got the bet's lock first), read once it committed. */
  async function twinOf(userId: number, request: TakeRequest): Promise<Taken> {
    const once = hashedRequest(request.hash, () => findCashOutByKey(db, userId, request.idempotencyKey));
    return { ...(await once.winner(null)), replayed: true };
  }

  /**
   * The cash out in one statement (`sports_cash_out`, migration 0043), for a stake paid with main money only: priced
   * here from the read, then locked, checked against the read and written by the database function. Answers 'moved'
   * when the bet, its book or its cash outs changed since the read, 'pipeline' when bonus money is involved; neither
   * moved anything.
   */
  async function takeInOneStatement(
    userId: number,
    request: TakeRequest,
    read: CashOutRead,
  ): Promise<Taken | 'moved' | 'pipeline'> {
    const { bet, legs, before } = read;
    const decided = decide(bet, legs, request);
    if (decided === 'below_target') throw new CashOutPriceChangedError(null);
    const { current, part, rest, amount } = decided;
    const seq = before.count + 1;
    const now = clock.now();
    const record = recordOf(bet, userId, seq, request, decided);
    const transfer = stakes.mainMoneyCashOut(record.payout);
    const cashedOut = { stake: before.stake + part, amount: before.amount + amount };
    const answer = await cashOutInOne({
      betId: bet.id,
      userId,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.hash,
      book: read.book,
      bookState: read.bookState,
      stake: bet.stake,
      seq,
      sourceKey: sportsSourceKey(bet.id),
      part,
      amount,
      price: current,
      seenPrice: request.seenPrice,
      auto: request.atLeast !== undefined,
      payout: cashedOut.amount,
      potentialPayout:
        rest > 0n
          ? payoutFor(
              rest,
              legs.map((leg) => leg.placedOdd),
            )
          : bet.potentialPayout,
      now,
      transfer,
    });
    switch (answer.outcome) {
      case 'moved':
      case 'pipeline':
        return answer.outcome;
      case 'not_found':
        throw new BetNotFoundError();
      case 'not_open':
        throw new CashOutUnavailableError('not_open');
      case 'twin':
        return twinOf(userId, request);
      case 'ledger':
        return stakes.ranInside(transfer, answer.transfer);
    }
    stakes.ranInside(transfer, answer.transfer);
    const row: CashOutRow = {
      ...record.row,
      id: answer.cashOutId,
      stakeMain: part,
      stakeBonus: 0n,
      transferId: answer.transfer.transferId,
      createdAt: now,
    };
    const left = rest === 0n ? answer.stakeMain : answer.stakeMain - part;
    return {
      row,
      replayed: false,
      bet: { ...bet, ...answer.bet },
      legs,
      stake: { main: left, bonus: 0n, freeSpin: 0n },
      cashedOut,
    };
  }

  /**
   * The cash out as one transaction through the stake pipeline (any stake, bonus money too): the bet's book
   * share-locked, the bet's row locked, its state read again under the locks, then the pipeline's locks and the ledger.
   */
  async function takeThroughPipeline(userId: number, request: TakeRequest, book: BookIds): Promise<Taken> {
    const keyed = { betId: request.betId, userId, idempotencyKey: request.idempotencyKey };
    const created = await db.transaction(async (tx) => {
      // The bet's book first (the placement's order), so a suspension, an ingest or a trader's result either committed
      // before the reads below or waits until this cash out has committed; then the bet's row.
      await shareLockBook(tx, book);
      const bet = await lockBet(tx, request.betId);
      if (!bet) throw new BetNotFoundError();
      // The same read as before the transaction, now under the locks (built per request: drizzle binds a prepared
      // statement to the connection it was built on).
      const state = await cashOutLookup(tx)(keyed);
      if (!state) throw new BetNotFoundError();
      // A twin with the same key got the bet's lock first: answer as it did (outside, once it committed).
      if (state.earlier) return null;
      const { legs, before } = state;
      const decided = decide(bet, legs, request);
      if (decided === 'below_target') return decided;
      const { countsWagering, part, rest, amount } = decided;

      // The bet's row lock makes the next number free.
      const seq = before.count + 1;
      const record = recordOf(bet, userId, seq, request, decided);
      const paid = await stakes.cashOut(tx, {
        ...record.payout,
        part,
        ...(countsWagering ? { countAs: `${sportsSourceKey(bet.id)}:cashout:${seq}` } : {}),
        withhold: bet.shortfall,
      });
      if (!paid) throw new CashOutUnavailableError('not_open');
      const row = await insertCashOut(tx, {
        ...record.row,
        stakeMain: paid.taken.main,
        stakeBonus: paid.taken.bonus + paid.taken.freeSpin,
        transferId: paid.transferId,
        createdAt: clock.now(),
      });
      const cashedOut = { stake: before.stake + part, amount: before.amount + amount };
      const shortfall = bet.shortfall - paid.withheld;
      // A target was set for the whole bet as it stood: a cash out of any part ends it (in the same statement).
      const after = await updateCashedOutBet(
        tx,
        bet.id,
        rest === 0n
          ? { status: 'cashed_out', payout: cashedOut.amount, settledAt: clock.now(), shortfall }
          : {
              stake: rest,
              potentialPayout: payoutFor(
                rest,
                legs.map((leg) => leg.placedOdd),
              ),
              shortfall,
            },
      );
      if (bet.shortfall > 0n && shortfall === 0n) await debts?.settled(tx, userId);
      return { row, replayed: false as const, bet: after, legs, stake: paid.left, cashedOut };
    });
    if (created === 'below_target') throw new CashOutPriceChangedError(null);
    if (created === null) return twinOf(userId, request);
    return created;
  }

  /**
   * Takes a cash out. Answers the cash out this request made, with the bet as its transaction left it, or the stored
   * one (a replay of the same key answers the first one), or throws the refusal, having moved nothing. One read, then
   * the cash out in one statement; when that finds the bet moved since the read, one more read and try; when bonus
   * money is involved (or the bet moved again), the stake pipeline's transaction.
   */
  async function take(userId: number, request: TakeRequest): Promise<Taken> {
    const keyed = { betId: request.betId, userId, idempotencyKey: request.idempotencyKey };
    let book: BookIds | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const read = await readCashOut(keyed);
      if (!read) throw new BetNotFoundError();
      const earlier = await hashedRequest(request.hash, async () => read.earlier).earlier();
      if (earlier) return { row: earlier, replayed: true };
      book = read.book;
      const taken = await takeInOneStatement(userId, request, read);
      if (taken === 'pipeline') break;
      if (taken !== 'moved') return taken;
    }
    return takeThroughPipeline(userId, request, book!);
  }

  /** The answer to a cash out this request made, from what its transaction read and wrote: nothing is read again. */
  function answerTaken(taken: Extract<Taken, { replayed: false }>, context: LocaleContext): CashOutResponse {
    const { row, bet } = taken;
    return {
      amount: money(row.amount, bet.currency),
      price: money(row.price, bet.currency),
      stake: money(row.stake, bet.currency),
      bet: betView(
        bet,
        taken.legs.map((leg) => ({ ...leg, odd: leg.placedOdd })),
        context,
        splitView(taken.stake, null, bet.currency),
        taken.cashedOut,
      ),
    };
  }

  async function answer(row: CashOutRow, currency: string, context: LocaleContext): Promise<CashOutResponse> {
    const [bet] = await db.select().from(bets).where(eq(bets.id, row.betId));
    const [view] = await betViews(db, [bet!], context);
    return {
      amount: money(row.amount, currency),
      price: money(row.price, currency),
      stake: money(row.stake, currency),
      bet: view!,
    };
  }

  return {
    /** The cash-out price of each of the player's open bets now (none: why not). */
    async offers(userId: number): Promise<CashOutOffersResponse> {
      const rows = await openBetsOf(db, userId, OFFERS_LIMIT);
      return { offers: await offersFor(rows), at: clock.now().toISOString() };
    },

    /** A player's cash out of all or part of an open bet at the price they saw (within the tolerance). */
    async cashOut(
      user: { id: number; currency: string },
      body: CashOutBody,
      idempotencyKey: string,
      context: LocaleContext,
    ): Promise<CashOutResponse & { replayed: boolean }> {
      const currency = user.currency;
      if (!isCurrency(currency)) throw new ValidationError({ currency: 'unsupported currency' });
      const seenPrice = parseDecimal(body.seenPrice, currency);
      if (seenPrice === null) throw new ValidationError({ seenPrice: 'must be a decimal amount' });
      const part = body.stake === undefined ? null : parseDecimal(body.stake, currency);
      if (part === null && body.stake !== undefined) throw new ValidationError({ stake: 'must be a decimal amount' });
      if (part !== null && part <= 0n) throw new ValidationError({ stake: 'must be above zero' });
      const hash = requestHash({ betId: body.betId, seenPrice: seenPrice.toString(), part: part?.toString() ?? null });
      const taken = await take(user.id, { betId: body.betId, idempotencyKey, hash, seenPrice, part });
      if (taken.replayed) return { ...(await answer(taken.row, currency, context)), replayed: true };
      return { ...answerTaken(taken, context), replayed: false };
    },

    /** Sets (or, with null, removes) the price at which the whole bet is cashed out automatically. */
    async setTarget(user: { id: number; currency: string }, body: CashOutTargetBody) {
      const [bet] = await db.select().from(bets).where(eq(bets.id, body.betId));
      if (!bet || bet.userId !== user.id) throw new BetNotFoundError();
      if (body.target === null) {
        await db.delete(betCashOutTargets).where(eq(betCashOutTargets.betId, bet.id));
        return { betId: bet.id, target: null };
      }
      const target = isCurrency(bet.currency) ? parseDecimal(body.target, bet.currency) : null;
      if (target === null || target <= 0n) throw new ValidationError({ target: 'must be a decimal amount' });
      if (bet.status !== 'open') throw new CashOutUnavailableError('not_open');
      if (target > bet.potentialPayout) throw new ValidationError({ target: 'above the potential payout' });
      await db
        .insert(betCashOutTargets)
        .values({ betId: bet.id, userId: user.id, target, createdAt: clock.now() })
        .onConflictDoUpdate({ target: betCashOutTargets.betId, set: { target, createdAt: clock.now() } });
      return { betId: bet.id, target: money(target, bet.currency) };
    },

    /**
     * Cashes out every bet whose price reached its player's target, whole, under the one key `auto:<betId>`: two
     * instances (or a job and an odds notice) seeing it at once pay it once. A bet whose price fell back, or whose
     * market is suspended, just waits for the next run. Answers how many it cashed out.
     */
    async runAutoCashOuts(): Promise<number> {
      const due = await db
        .select({ bet: bets, target: betCashOutTargets.target })
        .from(betCashOutTargets)
        .innerJoin(bets, eq(bets.id, betCashOutTargets.betId))
        .where(eq(bets.status, 'open'))
        .limit(AUTO_BATCH);
      if (due.length === 0) return 0;
      const rows = due.map((row) => row.bet);
      const priced = priceBets(
        rows,
        await bookLegsOf(
          db,
          rows.map((row) => row.id),
        ),
      );
      let done = 0;
      for (const { bet, target } of due) {
        const { price } = priced.get(bet.id)!;
        if (!('price' in price) || price.price < target) continue;
        try {
          const { replayed } = await take(bet.userId, {
            betId: bet.id,
            idempotencyKey: autoCashOutKey(bet.id),
            hash: requestHash({ auto: bet.id }),
            seenPrice: null,
            part: null,
            atLeast: target,
          });
          // Another run (an instance, an odds notice) took it first: counted there.
          if (!replayed) done++;
        } catch (error) {
          // The price moved back, a market was suspended or the bet settled meanwhile: nothing moved; next run.
          if (!(error instanceof CashOutPriceChangedError || error instanceof CashOutUnavailableError)) throw error;
        }
      }
      return done;
    },

    /** The traders' settings: every sport's (the defaults where none was set) and the matches switched off. */
    async settings(context: LocaleContext): Promise<CashOutSettingsResponse> {
      const [sportRows, blocked] = await Promise.all([
        db
          .select({ id: sports.id, name: sports.name, setting: cashOutSettings })
          .from(sports)
          .leftJoin(cashOutSettings, eq(cashOutSettings.sportId, sports.id))
          .orderBy(sports.position, sports.id),
        db
          .select({ matchId: cashOutMatchBlocks.matchId, team1: matches.team1, team2: matches.team2 })
          .from(cashOutMatchBlocks)
          .innerJoin(matches, eq(matches.id, cashOutMatchBlocks.matchId))
          .orderBy(cashOutMatchBlocks.matchId),
      ]);
      return {
        sports: sportRows.map((row) => ({
          sportId: row.id,
          sportName: localize(row.name, context),
          marginBp: row.setting?.marginBp ?? DEFAULT_SPORT_CASH_OUT.marginBp,
          enabled: row.setting?.enabled ?? DEFAULT_SPORT_CASH_OUT.enabled,
          countsWagering: row.setting?.countsWagering ?? DEFAULT_SPORT_CASH_OUT.countsWagering,
          custom: row.setting !== null,
        })),
        blockedMatches: blocked.map((row) => ({
          matchId: row.matchId,
          team1: localize(row.team1, context),
          team2: localize(row.team2, context),
        })),
      };
    },

    /** A trader sets a sport's margin, switch and wagering rule; audited with the settings before and after. */
    async setSport(sportId: number, body: CashOutSportBody, actor: StaffActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [sport] = await tx.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId));
        if (!sport) throw new CashOutSportNotFoundError();
        const [before] = await tx
          .select()
          .from(cashOutSettings)
          .where(eq(cashOutSettings.sportId, sportId))
          .for('update');
        const values = { ...body, updatedBy: actor.id, updatedAt: clock.now() };
        await tx
          .insert(cashOutSettings)
          .values({ sportId, ...values })
          .onConflictDoUpdate({ target: cashOutSettings.sportId, set: values });
        const state = (row: { marginBp: number; enabled: boolean; countsWagering: boolean }) => ({
          marginBp: row.marginBp,
          enabled: row.enabled,
          countsWagering: row.countsWagering,
        });
        await recordAudit(tx, {
          event: 'staff_trading_cash_out_sport',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { sportId },
          before: state(before ?? DEFAULT_SPORT_CASH_OUT),
          after: state(body),
          at: clock.now(),
        });
      });
    },

    /** A trader switches cash out off (or back on) for one match; audited. */
    async setMatch(
      matchId: number,
      enabled: boolean,
      actor: StaffActor,
    ): Promise<{ matchId: number; enabled: boolean }> {
      return db.transaction(async (tx) => {
        const [match] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
        if (!match) throw new MatchNotFoundError();
        const removed = enabled
          ? await tx.delete(cashOutMatchBlocks).where(eq(cashOutMatchBlocks.matchId, matchId)).returning()
          : [];
        const added = enabled
          ? []
          : await tx
              .insert(cashOutMatchBlocks)
              .values({ matchId, staffId: actor.id, createdAt: clock.now() })
              .onConflictDoNothing()
              .returning();
        if (removed.length > 0 || added.length > 0) {
          await recordAudit(tx, {
            event: 'staff_trading_cash_out_match',
            actorId: actor.id,
            ip: actor.ip,
            metadata: { matchId },
            before: { enabled: removed.length > 0 },
            after: { enabled },
            at: clock.now(),
          });
        }
        return { matchId, enabled };
      });
    },

    /**
     * What the open bets on a match would cost the book if cashed out now, per outcome and currency: the sum of their
     * cash-out prices (bets without a price now count nothing). Beside the liability's potential payouts.
     */
    async matchCashOutValue(matchId: number) {
      const open = await db
        .selectDistinct({ bet: bets })
        .from(bets)
        .innerJoin(betSelections, eq(betSelections.betId, bets.id))
        .where(and(eq(bets.status, 'open'), eq(betSelections.matchId, matchId)));
      const rows = open.map((row) => row.bet);
      const legs = await bookLegsOf(
        db,
        rows.map((row) => row.id),
      );
      const priced = priceBets(rows, legs);
      const totals = new Map<string, bigint>();
      for (const bet of rows) {
        const { price } = priced.get(bet.id)!;
        if (!('price' in price)) continue;
        for (const leg of legs) {
          if (leg.betId !== bet.id || leg.matchId !== matchId) continue;
          const key = `${leg.outcomeId}:${bet.currency}`;
          totals.set(key, (totals.get(key) ?? 0n) + price.price);
        }
      }
      return [...totals].map(([key, value]) => {
        const [outcomeId, currency] = key.split(':') as [string, string];
        return { outcomeId: Number(outcomeId), currency, cashOutValue: money(value, currency) };
      });
    },
  };
}

export class CashOutSportNotFoundError extends ValidationError {
  constructor() {
    super({ sportId: 'unknown' }, 'There is no such sport.');
  }
}
