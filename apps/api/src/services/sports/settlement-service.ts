import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';
import {
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
import { payoutFor } from './bet-math';
import { sportsSourceKey } from './bet-service';

export const payoutTransferKey = (betId: string) => `payout:${betId}`;
export const voidTransferKey = (betId: string) => `void:${betId}`;

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

const BATCH = 200;

/**
 * Settles open bets from the results the feed delivered. Each bet is settled in its own transaction under a row
 * lock: the status moves from open exactly once, and the money moves with it through the ledger under the key
 * payout:<betId> (won) or void:<betId> (void), so a settlement delivered twice, or run by two instances at once,
 * pays once.
 */
export function createSettlementService({ db, clock, stakes }: { db: Db; clock: Clock; stakes: StakePipeline }) {
  async function settleBet(betId: string): Promise<BetStatus | null> {
    return db.transaction(async (tx) => {
      const [bet] = await tx.select().from(bets).where(eq(bets.id, betId)).for('update');
      if (!bet || bet.status !== 'open') return null;
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
      const selections = rows.map((row) => ({ ...row, result: selectionResult(row) }));
      const outcome = settleOutcome(bet.stake, selections);
      if (!outcome) return null;

      // Through the stake pipeline: a void returns each share of the stake where its money belongs now, a win pays
      // its bonus-funded share the same way, and a won or lost bet counts towards its bonus's wagering.
      const settle = {
        product: 'sports' as const,
        userId: bet.userId,
        currency: bet.currency,
        metadata: { betId: bet.id },
      };
      if (outcome.status === 'void') {
        await stakes.refund(tx, {
          ...settle,
          transferKey: voidTransferKey(bet.id),
          sourceKey: sportsSourceKey(bet.id),
        });
      } else {
        await stakes.pay(tx, {
          ...settle,
          transferKey: payoutTransferKey(bet.id),
          amount: outcome.status === 'won' ? outcome.payout : 0n,
          sourceKeys: [sportsSourceKey(bet.id)],
        });
      }
      for (const selection of selections) {
        if (selection.result === null) continue;
        await tx
          .update(betSelections)
          .set({ result: selection.result })
          .where(and(eq(betSelections.betId, bet.id), eq(betSelections.outcomeId, selection.outcomeId)));
      }
      await tx
        .update(bets)
        .set({ status: outcome.status, payout: outcome.payout, settledAt: clock.now() })
        .where(eq(bets.id, bet.id));
      return outcome.status;
    });
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
