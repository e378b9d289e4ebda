import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@playhouse/db';
import { markets, outcomes, type MarketStatus, type SelectionResult } from '@playhouse/db/schema';
import type {
  TradingBets,
  TradingBetsQuery,
  TradingFixture,
  TradingFixtures,
  TradingFixturesQuery,
  TradingMarket,
  TradingMatch,
  TradingResultBody,
  TradingSettlement,
} from '@playhouse/shared';
import { formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { errorClass, fieldsErrorClass } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { staffChangeAudit, type AuditEvent } from '../audit/audit-log';
import type { StaffActor } from '../staff/staff-queries';
import { openStaffRequest, type StaffRequestRow } from '../approvals/staff-request-queries';
import { deskMatch } from './match-views';
import { INGEST_LOCK_KEY, notifyChanged } from './feed-ingest';
import type { SettlementService } from './settlement-service';
import { MatchNotFoundError } from './sports-errors';
import {
  betIdsOnMarket,
  findFixture,
  liabilityOf,
  listFixtures,
  lockMarket,
  lockMatchMarkets,
  marketHasSettledBets,
  marketsOf,
  matchStatusOf,
  outcomesOf,
  searchBets,
  selectionsOfBets,
  type FixtureRow,
  type LiabilityRow,
  type MarketRow,
  type OutcomeRow,
} from './trading-queries';
import type { TradingAction } from '../audit/audit-events';

export class MarketNotFoundError extends errorClass('market_not_found', 'There is no such market.', 404) {}

export class MarketFinalError extends errorClass(
  'market_final',
  'The market is settled or void: only a new result or a void changes it now.',
  409,
) {}

export class ResultsInvalidError extends fieldsErrorClass(
  'results_invalid',
  'Give every outcome of the market exactly one result.',
  400,
) {}

const FINAL: readonly MarketStatus[] = ['settled', 'void'];

export type TradingService = ReturnType<typeof createTradingService>;

/**
 * Sportsbook trading for the back office: fixtures and markets, suspending and resuming (a trader's suspension holds
 * against the feed until a trader resumes), results and voids that settle or re-settle the bets on the market (the
 * ledger follows: a re-settlement reverses what the earlier settlement paid and pays the new result, once), liability
 * and the bet search. Every change takes the book's ingest lock, so it never interleaves with a feed delivery, and is
 * audited in its own transaction with the state before and after.
 */
export function createTradingService({
  db,
  clock,
  settlement,
}: {
  db: Db;
  clock: Clock;
  settlement: SettlementService;
}) {
  function fixtureView(row: FixtureRow, context: LocaleContext): TradingFixture {
    return {
      ...deskMatch(row, context),
      status: row.status,
      markets: row.markets,
      suspendedMarkets: row.suspendedMarkets,
      openBets: row.openBets,
    };
  }

  function marketView(
    market: MarketRow,
    marketOutcomes: OutcomeRow[],
    liability: LiabilityRow[],
    context: LocaleContext,
  ): TradingMarket {
    return {
      id: market.id,
      name: localize(market.name, context),
      position: market.position,
      status: market.status,
      traderHold: market.traderHold,
      resultedBy: market.resultedBy,
      outcomes: marketOutcomes
        .filter((outcome) => outcome.marketId === market.id)
        .map((outcome) => ({
          id: outcome.id,
          label: outcome.label,
          odd: outcome.oddThousandths / 1000,
          status: outcome.status,
          result: outcome.result,
          liability: liability
            .filter((row) => row.outcomeId === outcome.id)
            .map((row) => ({
              currency: row.currency,
              bets: row.bets,
              stakes: formatAmount(row.stakes, row.currency),
              payout: formatAmount(row.payout, row.currency),
            })),
        })),
    };
  }

  async function marketState(executor: Db | Tx, marketId: number, context: LocaleContext): Promise<TradingMarket> {
    const [market] = await executor.select().from(markets).where(eq(markets.id, marketId));
    if (!market) throw new MarketNotFoundError();
    const [marketOutcomes, liability] = await Promise.all([
      outcomesOf(executor, [market.id]),
      liabilityOf(executor, market.matchId),
    ]);
    return marketView(market, marketOutcomes, liability, context);
  }

  const stateOf = (market: MarketRow) => ({ status: market.status, traderHold: market.traderHold });

  /** The book's lock (feed deliveries take it too), then the change, its audit row and the odds notice. */
  function change<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_KEY})`);
      return work(tx);
    });
  }

  const audit = staffChangeAudit(
    (action: TradingAction): AuditEvent => `staff_trading_${action}`,
    () => clock.now(),
  );

  /** Where a resumed market goes: open while its match has not started, else suspended as the feed would leave it. */
  const resumedStatus = (matchStatus: string | undefined): MarketStatus =>
    matchStatus === 'scheduled' ? 'open' : 'suspended';

  /**
   * Gives a market its results (or voids it: every outcome void) and brings every bet on it in line, in the caller's
   * transaction (which holds the book's lock): open bets settle, settled ones the new results change are reversed and
   * settled again. A trader's result is final against the feed like any result: later deliveries do not change it.
   * `resultedBy` is the trader whose result it is; `actor` who carries it out (the approver of a change).
   */
  async function resultIn(
    tx: Tx,
    market: MarketRow,
    given: Map<number, SelectionResult>,
    status: 'settled' | 'void',
    actor: StaffActor,
    resultedBy: number,
    metadata: Record<string, unknown> = {},
  ) {
    const current = await outcomesOf(tx, [market.id], true);
    const resultOf = (row: OutcomeRow) => (status === 'void' ? 'void' : given.get(row.id)!);
    const before = {
      status: market.status,
      resultedBy: market.resultedBy,
      results: Object.fromEntries(current.map((row) => [row.label, row.result])),
    };
    for (const row of current) {
      if (row.result === resultOf(row)) continue;
      await tx
        .update(outcomes)
        .set({ result: resultOf(row), updatedAt: clock.now() })
        .where(eq(outcomes.id, row.id));
    }
    await tx
      .update(markets)
      .set({ status, resultedBy, traderHold: false, updatedAt: clock.now() })
      .where(eq(markets.id, market.id));

    let settled = 0;
    let resettled = 0;
    const shortfall = new Map<string, bigint>();
    for (const betId of await betIdsOnMarket(tx, market.id)) {
      const done = await settlement.resettleBet(tx, betId, market.id, resultedBy);
      if (!done) continue;
      if (done.reversed) resettled++;
      else settled++;
      if (done.shortfall > 0n) shortfall.set(done.currency, (shortfall.get(done.currency) ?? 0n) + done.shortfall);
    }
    const shortfalls = [...shortfall].map(([currency, amount]) => ({
      currency,
      amount: formatAmount(amount, currency),
    }));
    await audit(
      tx,
      actor,
      status === 'void' ? 'void_market' : 'result_market',
      { marketId: market.id, matchId: market.matchId, settled, resettled, shortfall: shortfalls, ...metadata },
      before,
      {
        status,
        resultedBy,
        results: Object.fromEntries(current.map((row) => [row.label, resultOf(row)])),
      },
    );
    await notifyChanged(tx, [market.matchId]);
    return { settled, resettled, shortfall: shortfalls };
  }

  /** The results checked against the market's outcomes: each outcome exactly once, none of another market. */
  async function checkedResults(tx: Tx, market: MarketRow, given: Map<number, SelectionResult>, status: string) {
    const current = await outcomesOf(tx, [market.id], true);
    if (status === 'settled') {
      const fields: Record<string, string> = {};
      for (const row of current) if (!given.has(row.id)) fields[String(row.id)] = 'missing';
      for (const id of given.keys()) {
        if (!current.some((row) => row.id === id)) fields[String(id)] = 'not_in_market';
      }
      if (Object.keys(fields).length > 0) throw new ResultsInvalidError(fields);
    }
    // Whether the results change what the market says (a repeat of the current ones changes nothing).
    return current.some((row) => row.result !== (status === 'void' ? 'void' : given.get(row.id)));
  }

  /**
   * A trader's result or void. The first result of a market is the trader's alone (as the feed's is); changing one
   * that already paid out (a settled market with settled bets) is a request a second trader or risk approves: it
   * moves nothing until then, and the approval carries it out in its own transaction.
   */
  async function result(
    marketId: number,
    given: Map<number, SelectionResult>,
    status: 'settled' | 'void',
    actor: StaffActor,
    context: LocaleContext,
  ): Promise<TradingSettlement | { request: StaffRequestRow }> {
    const outcome = await change(async (tx) => {
      const market = await lockMarket(tx, marketId);
      if (!market) throw new MarketNotFoundError();
      const changes = await checkedResults(tx, market, given, status);
      if (changes && FINAL.includes(market.status) && (await marketHasSettledBets(tx, market.id))) {
        const { row } = await openStaffRequest(tx, {
          kind: 'result_change',
          subjectUserId: null,
          payload: {
            marketId: market.id,
            matchId: market.matchId,
            status,
            results: Object.fromEntries([...given].map(([id, value]) => [String(id), value])),
            // What the approver reads: each outcome's label with its result now and as asked.
            outcomes: (await outcomesOf(tx, [market.id])).map((row) => ({
              label: row.label,
              now: row.result,
              asked: status === 'void' ? 'void' : (given.get(row.id) ?? null),
            })),
            before: market.status,
          },
          actor,
          idempotencyKey: `result-change:${randomUUID()}`,
          at: clock.now(),
        });
        return { request: row };
      }
      return resultIn(tx, market, given, status, actor, actor.id);
    });
    if ('request' in outcome) return outcome;
    return { market: await marketState(db, marketId, context), ...outcome };
  }

  return {
    async fixtures(query: TradingFixturesQuery, context: LocaleContext): Promise<TradingFixtures> {
      const { rows, total } = await listFixtures(db, query);
      return {
        items: rows.map((row) => fixtureView(row, context)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** A match with every market, its outcomes and the liability on each. */
    async match(matchId: number, context: LocaleContext): Promise<TradingMatch> {
      const row = await findFixture(db, matchId);
      if (!row) throw new MatchNotFoundError();
      const matchMarkets = await marketsOf(db, matchId);
      const [marketOutcomes, liability] = await Promise.all([
        outcomesOf(
          db,
          matchMarkets.map((market) => market.id),
        ),
        liabilityOf(db, matchId),
      ]);
      return {
        ...fixtureView(row, context),
        categoryName: localize(row.categoryName, context),
        result: row.result ? { score1: row.result.score1, score2: row.result.score2 } : null,
        marketsList: matchMarkets.map((market) => marketView(market, marketOutcomes, liability, context)),
      };
    },

    /** Suspends a market at once (the bet slip refuses it) and holds it against the feed until a trader resumes it. */
    async suspendMarket(marketId: number, actor: StaffActor, context: LocaleContext): Promise<TradingMarket> {
      await change(async (tx) => {
        const market = await lockMarket(tx, marketId);
        if (!market) throw new MarketNotFoundError();
        if (FINAL.includes(market.status)) throw new MarketFinalError();
        const after = { status: 'suspended' as const, traderHold: true };
        await tx
          .update(markets)
          .set({ ...after, updatedAt: clock.now() })
          .where(eq(markets.id, market.id));
        await audit(tx, actor, 'suspend_market', { marketId, matchId: market.matchId }, stateOf(market), after);
        await notifyChanged(tx, [market.matchId]);
      });
      return marketState(db, marketId, context);
    },

    /** Lifts a trader's suspension: the market is offered again (while its match has not started). */
    async resumeMarket(marketId: number, actor: StaffActor, context: LocaleContext): Promise<TradingMarket> {
      await change(async (tx) => {
        const market = await lockMarket(tx, marketId);
        if (!market) throw new MarketNotFoundError();
        if (FINAL.includes(market.status)) throw new MarketFinalError();
        const after = { status: resumedStatus(await matchStatusOf(tx, market.matchId)), traderHold: false };
        await tx
          .update(markets)
          .set({ ...after, updatedAt: clock.now() })
          .where(eq(markets.id, market.id));
        await audit(tx, actor, 'resume_market', { marketId, matchId: market.matchId }, stateOf(market), after);
        await notifyChanged(tx, [market.matchId]);
      });
      return marketState(db, marketId, context);
    },

    /** Suspends (and holds) every market of a match that is not settled or void. */
    async suspendMatch(matchId: number, actor: StaffActor): Promise<void> {
      await change(async (tx) => {
        if (!(await matchStatusOf(tx, matchId))) throw new MatchNotFoundError();
        const open = (await lockMatchMarkets(tx, matchId)).filter((market) => !FINAL.includes(market.status));
        if (open.length > 0) {
          await tx
            .update(markets)
            .set({ status: 'suspended', traderHold: true, updatedAt: clock.now() })
            .where(
              inArray(
                markets.id,
                open.map((market) => market.id),
              ),
            );
        }
        await audit(
          tx,
          actor,
          'suspend_match',
          { matchId },
          { markets: open.map((market) => ({ id: market.id, ...stateOf(market) })) },
          { markets: open.map((market) => ({ id: market.id, status: 'suspended', traderHold: true })) },
        );
        await notifyChanged(tx, [matchId]);
      });
    },

    /** Resumes every market of the match a trader holds. */
    async resumeMatch(matchId: number, actor: StaffActor): Promise<void> {
      await change(async (tx) => {
        const matchStatus = await matchStatusOf(tx, matchId);
        if (!matchStatus) throw new MatchNotFoundError();
        const held = (await lockMatchMarkets(tx, matchId)).filter(
          (market) => market.traderHold && !FINAL.includes(market.status),
        );
        const status = resumedStatus(matchStatus);
        if (held.length > 0) {
          await tx
            .update(markets)
            .set({ status, traderHold: false, updatedAt: clock.now() })
            .where(
              inArray(
                markets.id,
                held.map((market) => market.id),
              ),
            );
        }
        await audit(
          tx,
          actor,
          'resume_match',
          { matchId },
          { markets: held.map((market) => ({ id: market.id, ...stateOf(market) })) },
          { markets: held.map((market) => ({ id: market.id, status, traderHold: false })) },
        );
        await notifyChanged(tx, [matchId]);
      });
    },

    /**
     * The approval of a `result_change` request, in its transaction: the book's lock, then the results the trader
     * asked for, carried out as theirs (the approver is audited as the one who did it).
     */
    async approveResultChange(tx: Tx, request: StaffRequestRow, approver: StaffActor) {
      await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_KEY})`);
      const market = await lockMarket(tx, Number(request.payload.marketId));
      if (!market) throw new MarketNotFoundError();
      const status = request.payload.status === 'void' ? 'void' : 'settled';
      const given = new Map<number, SelectionResult>();
      const results = (request.payload.results ?? {}) as Record<string, unknown>;
      for (const [id, value] of Object.entries(results)) {
        if (value === 'won' || value === 'lost' || value === 'void') given.set(Number(id), value);
      }
      await checkedResults(tx, market, given, status);
      const done = await resultIn(tx, market, given, status, approver, request.requestedBy, {
        requestId: request.id,
        requestedBy: request.requestedBy,
      });
      return { result: { settled: done.settled, resettled: done.resettled, shortfall: done.shortfall } };
    },

    /** Settles or re-settles a market with a trader's results (every outcome once). */
    resultMarket(marketId: number, body: TradingResultBody, actor: StaffActor, context: LocaleContext) {
      const given = new Map<number, SelectionResult>();
      const fields: Record<string, string> = {};
      for (const entry of body.results) {
        if (given.has(entry.outcomeId)) fields[String(entry.outcomeId)] = 'twice';
        given.set(entry.outcomeId, entry.result);
      }
      if (Object.keys(fields).length > 0) throw new ResultsInvalidError(fields);
      return result(marketId, given, 'settled', actor, context);
    },

    /** Voids a market: every bet on it gets its stake back (an accumulator counts the leg at odds of 1). */
    voidMarket(marketId: number, actor: StaffActor, context: LocaleContext) {
      return result(marketId, new Map(), 'void', actor, context);
    },

    /** The bet search, one page, with each bet's selections. */
    async bets(query: TradingBetsQuery, context: LocaleContext): Promise<TradingBets> {
      const { rows, total } = await searchBets(db, query);
      const selections = await selectionsOfBets(
        db,
        rows.map((row) => row.bet.id),
      );
      return {
        items: rows.map(({ bet, username }) => ({
          id: bet.id,
          userId: bet.userId,
          username,
          kind: bet.kind,
          status: bet.status,
          currency: bet.currency,
          stake: formatAmount(bet.stake, bet.currency),
          totalOdd: Number(bet.totalOddThousandths) / 1000,
          potentialPayout: formatAmount(bet.potentialPayout, bet.currency),
          payout: bet.payout === null ? null : formatAmount(bet.payout, bet.currency),
          placedAt: bet.placedAt.toISOString(),
          settledAt: bet.settledAt?.toISOString() ?? null,
          settlementVersion: bet.settlementVersion,
          selections: selections
            .filter((selection) => selection.betId === bet.id)
            .map((selection) => ({
              matchId: selection.matchId,
              marketId: selection.marketId,
              outcomeId: selection.outcomeId,
              label: selection.label,
              match: `${localize(selection.team1, context)} – ${localize(selection.team2, context)}`,
              market: localize(selection.market, context),
              odd: selection.odd / 1000,
              result: selection.result,
            })),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
