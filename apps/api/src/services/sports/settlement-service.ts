import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@playhouse/db';
import {
  betResettlements,
  betSelections,
  bets,
  markets,
  matches,
  outcomes,
  type BetStatus,
  type SelectionResult,
} from '@playhouse/db/schema';
import type { Clock } from '../../lib/clock';
import type { StakePipeline } from '../stakes/stake-pipeline';
import { entriesOfTransfers, type TransferLeg, type WalletService } from '../wallet/wallet-service';
import { payoutFor } from './bet-math';
import { payoutTransferKey, reversalTransferKey, sportsSourceKey, voidTransferKey } from './bet-keys';

/** A selection's result: its outcome's, or void when its market was voided or its match cancelled. */
export function selectionResult(row: {
  outcomeResult: SelectionResult | null;
  marketStatus: string;
  matchStatus: string;
}): SelectionResult | null {
  if (row.outcomeResult) return row.outcomeResult;
  if (row.marketStatus === 'void' || row.matchStatus === 'cancelled') return 'void';
  return null;
}

/**
 * What a bet comes to once results are in: lost as soon as any selection lost; otherwise open until every
 * selection has a result; void when all are void (the stake comes back); else won, a void selection counting as odds
 * of 1.
 */
export function settleOutcome(
  stake: bigint,
  selections: { odd: number; result: SelectionResult | null }[],
): { status: BetStatus; payout: bigint } | null {
  if (selections.some((selection) => selection.result === 'lost')) return { status: 'lost', payout: 0n };
  if (selections.some((selection) => selection.result === null)) return null;
  const won = selections.filter((selection) => selection.result === 'won');
  if (won.length === 0) return { status: 'void', payout: stake };
  return {
    status: 'won',
    payout: payoutFor(
      stake,
      won.map((selection) => selection.odd),
    ),
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;

type BetRow = typeof bets.$inferSelect;

/** What a re-settlement of one bet did. */
export interface Resettlement {
  /** The bet's earlier settlement was reversed (false: the new results leave it as it was). */
  reversed: boolean;
  /** Taken back from the player's balances, and what could not be (they had spent or withdrawn it). */
  reclaimed: bigint;
  shortfall: bigint;
  currency: string;
  status: BetStatus;
}

const BATCH = 200;

/**
 * Settles open bets from the results the feed (or a trader) gave. Each bet is settled under its row lock: the status
 * moves from open exactly once per settlement version, and the money moves with it through the ledger under the key
 * payout:<betId> (won) or void:<betId> (void) — with :v<n> after a trader's n-th re-settlement — so a settlement
 * delivered twice, or run by two instances at once, pays once.
 */
/** What the cashbox does when a player starts or stops owing a re-settlement's shortfall. */
export interface DebtHooks {
  /** A reversal left the player owing: hold their withdrawals not yet paid for review. */
  owing(tx: Tx, userId: number): Promise<void>;
  /** The player owes nothing any more (a later payout paid it back). */
  settled(tx: Tx, userId: number): Promise<void>;
}

const noDebtHooks: DebtHooks = { owing: async () => undefined, settled: async () => undefined };

export function createSettlementService({
  db,
  clock,
  stakes,
  wallet,
  debts = noDebtHooks,
}: {
  db: Db;
  clock: Clock;
  stakes: StakePipeline;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  debts?: DebtHooks;
}) {
  async function selectionsOf(tx: Tx, betId: string) {
    const rows = await tx
      .select({
        outcomeId: betSelections.outcomeId,
        odd: betSelections.oddThousandths,
        outcomeResult: outcomes.result,
        marketStatus: markets.status,
        matchStatus: matches.status,
      })
      .from(betSelections)
      .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
      .innerJoin(markets, eq(markets.id, outcomes.marketId))
      .innerJoin(matches, eq(matches.id, betSelections.matchId))
      .where(eq(betSelections.betId, betId));
    return rows.map((row) => ({ ...row, result: selectionResult(row) }));
  }

  /** Settles an open bet whose row the caller's transaction has locked; null while it cannot be settled yet. */
  async function settleLocked(tx: Tx, bet: BetRow): Promise<BetStatus | null> {
    const selections = await selectionsOf(tx, bet.id);
    const outcome = settleOutcome(bet.stake, selections);
    if (!outcome) return null;

    // Through the stake pipeline: a void returns each share of the stake where its money belongs now, a win pays
    // its bonus-funded share the same way, and a won or lost bet counts towards its bonus's wagering.
    // What the player still owes on this bet (an earlier re-settlement's shortfall) is kept from what it pays now.
    const settle = {
      product: 'sports' as const,
      userId: bet.userId,
      currency: bet.currency,
      withhold: bet.shortfall,
      metadata: { betId: bet.id },
    };
    const { withheld } =
      outcome.status === 'void'
        ? await stakes.refund(tx, {
            ...settle,
            transferKey: voidTransferKey(bet.id, bet.settlementVersion),
            sourceKey: sportsSourceKey(bet.id),
          })
        : await stakes.pay(tx, {
            ...settle,
            transferKey: payoutTransferKey(bet.id, bet.settlementVersion),
            amount: outcome.status === 'won' ? outcome.payout : 0n,
            sourceKeys: [sportsSourceKey(bet.id)],
          });
    for (const selection of selections) {
      if (selection.result === null) continue;
      await tx
        .update(betSelections)
        .set({ result: selection.result })
        .where(and(eq(betSelections.betId, bet.id), eq(betSelections.outcomeId, selection.outcomeId)));
    }
    await tx
      .update(bets)
      .set({
        status: outcome.status,
        payout: outcome.payout,
        settledAt: clock.now(),
        shortfall: bet.shortfall - withheld,
        withheld,
      })
      .where(eq(bets.id, bet.id));
    if (bet.shortfall - withheld === 0n && withheld > 0n) await debts.settled(tx, bet.userId);
    return outcome.status;
  }

  async function settleBet(betId: string): Promise<BetStatus | null> {
    return db.transaction(async (tx) => {
      const [bet] = await tx.select().from(bets).where(eq(bets.id, betId)).for('update');
      if (!bet || bet.status !== 'open') return null;
      return settleLocked(tx, bet);
    });
  }

  /**
   * Takes back what the bet's current settlement paid, each part from where it went: the player's main money and
   * bonus money (never below zero: what they no longer hold is the shortfall, a debt the operator pursues by hand)
   * and the house bonus pool. The stake goes back to open (its wagering contribution taken back), the bet to open
   * under the next settlement version. Runs in the caller's transaction, which holds the bet's row lock.
   */
  async function reverse(tx: Tx, bet: BetRow, marketId: number, staffId: number) {
    const version = bet.settlementVersion;
    // Bonus row, then stake row, then the player's accounts: the lock order of every payment.
    await stakes.reopen(tx, { userId: bet.userId, sourceKey: sportsSourceKey(bet.id) });
    const entries = await entriesOfTransfers(tx, [
      payoutTransferKey(bet.id, version),
      voidTransferKey(bet.id, version),
    ]);
    // What the settlement kept against the bet's debt was paid too (to the debt): it is taken back like main money.
    const owed = { main: bet.withheld, bonus: 0n, pool: 0n };
    for (const entry of entries) {
      if (entry.userId === bet.userId && entry.kind === 'main') owed.main += entry.amount;
      else if (entry.userId === bet.userId && entry.kind === 'bonus') owed.bonus += entry.amount;
      else if (entry.userId === null && entry.kind === 'bonus_pool') owed.pool += entry.amount;
    }
    const held = await wallet.balances(bet.userId, bet.currency, tx);
    const take = (amount: bigint, available: bigint) => (amount <= 0n ? 0n : amount < available ? amount : available);
    const main = take(owed.main, held.main);
    const bonus = take(owed.bonus, held.bonus);
    const pool = owed.pool > 0n ? owed.pool : 0n;
    const reclaimed = main + bonus;
    const legs: TransferLeg[] = [];
    if (main > 0n) legs.push({ account: { userId: bet.userId, kind: 'main' }, amount: -main });
    if (bonus > 0n) legs.push({ account: { userId: bet.userId, kind: 'bonus' }, amount: -bonus });
    if (pool > 0n) legs.push({ account: { house: 'bonus_pool' }, amount: -pool });
    if (legs.length > 0) {
      legs.push({ account: { house: 'sports' }, amount: reclaimed + pool });
      await wallet.transfer(
        {
          idempotencyKey: reversalTransferKey(bet.id, version),
          kind: 'sports_reversal',
          currency: bet.currency,
          legs,
          metadata: { betId: bet.id, version, marketId, staffId },
        },
        tx,
      );
    }
    const shortfall = owed.main - main + (owed.bonus - bonus);
    // A payout the player no longer holds: their withdrawals not yet paid wait for review until it is paid back.
    if (shortfall > 0n) await debts.owing(tx, bet.userId);
    await tx.insert(betResettlements).values({
      betId: bet.id,
      version,
      marketId,
      staffId,
      statusBefore: bet.status,
      payoutBefore: bet.payout ?? 0n,
      reclaimed,
      shortfall,
      currency: bet.currency,
      createdAt: clock.now(),
    });
    await tx.update(betSelections).set({ result: null }).where(eq(betSelections.betId, bet.id));
    const [reopened] = await tx
      .update(bets)
      .set({
        status: 'open',
        payout: null,
        settledAt: null,
        settlementVersion: version + 1,
        shortfall: bet.shortfall + shortfall,
        withheld: 0n,
      })
      .where(eq(bets.id, bet.id))
      .returning();
    return { reopened: reopened!, reclaimed, shortfall };
  }

  /** Open bets with at least one selection that has a result (or was voided). */
  async function candidates(matchIds: number[] | undefined, after: string | null): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: bets.id })
      .from(bets)
      .innerJoin(betSelections, eq(betSelections.betId, bets.id))
      .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
      .innerJoin(markets, eq(markets.id, outcomes.marketId))
      .innerJoin(matches, eq(matches.id, betSelections.matchId))
      .where(
        and(
          eq(bets.status, 'open'),
          matchIds ? inArray(betSelections.matchId, matchIds) : undefined,
          after ? sql`${bets.id} > ${after}` : undefined,
          or(isNotNull(outcomes.result), eq(markets.status, 'void'), eq(matches.status, 'cancelled')),
        ),
      )
      .orderBy(bets.id)
      .limit(BATCH);
    return rows.map((row) => row.id);
  }

  return {
    settleBet,

    /** What the player owes on their bets: shortfalls of re-settlements not yet paid back. */
    async owes(executor: Db | Tx, userId: number): Promise<bigint> {
      const [row] = await executor
        .select({ total: sql<string>`coalesce(sum(${bets.shortfall}), 0)::text` })
        .from(bets)
        .where(and(eq(bets.userId, userId), gt(bets.shortfall, 0n)));
      return BigInt(row?.total ?? '0');
    },

    /**
     * Pays the player's shortfalls back from their main money, as far as it goes (a rejected withdrawal's money just
     * came back there): one transfer to the book (`sports_reversal`, keyed by `key`), the bets' debts lowered oldest
     * first. Locks the bets, then the ledger accounts. Answers what it took.
     */
    async recover(tx: Tx, userId: number, currency: string, key: string): Promise<bigint> {
      const owing = await tx
        .select({ id: bets.id, shortfall: bets.shortfall })
        .from(bets)
        .where(and(eq(bets.userId, userId), gt(bets.shortfall, 0n), eq(bets.currency, currency)))
        .orderBy(asc(bets.id))
        .for('update');
      const owed = owing.reduce((sum, row) => sum + row.shortfall, 0n);
      if (owed === 0n) return 0n;
      const { main } = await wallet.balances(userId, currency, tx);
      let left = owed < main ? owed : main;
      if (left === 0n) return 0n;
      const taken = left;
      await wallet.transfer(
        {
          idempotencyKey: key,
          kind: 'sports_reversal',
          currency,
          legs: [
            { account: { userId, kind: 'main' }, amount: -taken },
            { account: { house: 'sports' }, amount: taken },
          ],
          metadata: { recovered: owing.map((row) => row.id) },
        },
        tx,
      );
      for (const row of owing) {
        if (left === 0n) break;
        const paid = row.shortfall < left ? row.shortfall : left;
        await tx
          .update(bets)
          .set({ shortfall: sql`${bets.shortfall} - ${paid}` })
          .where(eq(bets.id, row.id));
        left -= paid;
      }
      return taken;
    },

    /**
     * Brings a bet in line with the results as they stand in the caller's transaction (a trader's result or void of
     * `marketId`): an open bet is settled if it can be; a settled one whose result or payout the new results change
     * has its settlement reversed and is settled again (or left open, an accumulator waiting for other legs). Locks
     * the bet row; a bet the new results leave as it was moves nothing, so a repeated or racing re-settlement with
     * the same results pays nothing twice.
     */
    async resettleBet(tx: Tx, betId: string, marketId: number, staffId: number): Promise<Resettlement | null> {
      const [bet] = await tx.select().from(bets).where(eq(bets.id, betId)).for('update');
      if (!bet) return null;
      // A bet cashed out whole stays cashed out: the cash out paid it, and no result pays or takes back anything.
      if (bet.status === 'cashed_out') return null;
      if (bet.status === 'open') {
        const status = await settleLocked(tx, bet);
        return status ? { reversed: false, reclaimed: 0n, shortfall: 0n, currency: bet.currency, status } : null;
      }
      const now = settleOutcome(bet.stake, await selectionsOf(tx, bet.id)) ?? { status: 'open' as const, payout: null };
      if (now.status === bet.status && now.payout === bet.payout) return null;
      const { reopened, reclaimed, shortfall } = await reverse(tx, bet, marketId, staffId);
      const status = (await settleLocked(tx, reopened)) ?? 'open';
      return { reversed: true, reclaimed, shortfall, currency: bet.currency, status };
    },

    /** Settles what can be settled, among the bets on these matches (or on any match); returns how many it settled. */
    async settle(matchIds?: number[]): Promise<number> {
      if (matchIds && matchIds.length === 0) return 0;
      let settled = 0;
      let after: string | null = null;
      for (;;) {
        const ids = await candidates(matchIds, after);
        for (const id of ids) if (await settleBet(id)) settled++;
        if (ids.length < BATCH) return settled;
        after = ids.at(-1)!;
      }
    },
  };
}
