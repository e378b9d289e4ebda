import type { Db } from '@playhouse/db';
import {
  isSharedTableGame,
  jsonObject,
  playFairTableRound,
  tableDefaultAction,
  tableToJson,
  type TableRoundState,
} from '@playhouse/games';
import { formatMinor, isCurrency, type WalletResponse } from '@playhouse/shared';
import { findSeed, findUnsettledRounds, settleDemo, updateRound, type OriginalsRoundRow } from './originals-queries';
import { walletTransactionIds } from './originals-ids';
import { findOwedSlips, updateSlip } from './shared-table-queries';
import { playSlip } from './shared-tables-service';
import { findAbandonedTableRounds, findStalePendingActions, moveTableRound } from './table-round-queries';
import { actionTransactionId, outcomeOf, tableInputOf } from './table-rounds-service';
import type { WalletClient } from './wallet-client';

/** Rounds one run takes on; the next run continues with the rest. */
const BATCH = 100;
/** The longest wait between two deliveries of the same round. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface SettlementLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export type OriginalsSettlement = ReturnType<typeof createOriginalsSettlement>;

/**
 * What the Originals host owes the wallet after a crash, a deploy or a wallet outage, taken from the rounds table
 * (the rounds are written before their bets are sent): the win of every bet the wallet took, sent again until it is
 * paid, and a rollback for every bet whose fate was never learnt, so a stake the player never saw played comes back.
 * Every call reuses the round's transaction ids, so a delivery the wallet already applied is answered, not repeated.
 */
export function createOriginalsSettlement({
  db,
  wallet,
  log,
  retryMs,
  unconfirmedBetMs,
  abandonedRoundMs,
  now = () => new Date(),
}: {
  db: Db;
  wallet: WalletClient;
  log: SettlementLog;
  /** The first wait after a failed delivery; it doubles up to an hour. */
  retryMs: number;
  /** How old a round must be before a bet of unknown fate counts as lost in flight. */
  unconfirmedBetMs: number;
  /** How long a table round may wait for the player's move before its defaults finish it. */
  abandonedRoundMs: number;
  now?: () => Date;
}) {
  /**
   * An action's extra stake whose answer never came back: claimed first (so a late answer cannot record the action),
   * then rolled back; the round stays open without it, and the action's next try gets a transaction id of its own.
   */
  async function rollBackPendingAction(row: Awaited<ReturnType<typeof findStalePendingActions>>[number]) {
    const { round, walletSessionId, playerId, gameSlug } = row;
    const pending = round.pendingAction!;
    const actions = (round.actions ?? []).length;
    if (!round.walletRoundId || !walletSessionId || !playerId) throw new Error('not a real-money round');
    if (!pending.rollback) {
      const claimed = await moveTableRound(
        db,
        round.id,
        { actions, pending },
        {
          pendingAction: { ...pending, rollback: true },
        },
      );
      if (!claimed) return false;
    }
    const betId = actionTransactionId(round.walletRoundId, pending.index, pending.attempt);
    const answer = await wallet.rollback({
      sessionId: walletSessionId,
      playerId,
      gameId: gameSlug,
      roundId: round.walletRoundId,
      transactionId: `${betId}:rollback`,
      referenceTransactionId: betId,
    });
    if (answer.status !== 'ok') throw new Error(`the wallet refused: ${answer.code}`);
    await moveTableRound(
      db,
      round.id,
      { actions, pending: { ...pending, rollback: true } },
      { pendingAction: null, actionAttempts: pending.attempt + 1 },
    );
    return true;
  }

  /**
   * A round nobody moved for `abandonedRoundMs`: the game's default actions finish it (none adds a stake), recorded
   * as the player's actions with the moment they were applied; its win is then owed like any other.
   */
  async function finishAbandoned(round: OriginalsRoundRow) {
    const seed = await findSeed(db, round.seedId);
    if (!seed) throw new Error('the round has no seed');
    const seeds = { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: round.nonce };
    const actions = [...(round.actions ?? [])];
    let state: TableRoundState = await playFairTableRound(seeds, tableInputOf(round, actions));
    for (let action = tableDefaultAction(state); action; action = tableDefaultAction(state)) {
      actions.push(jsonObject(tableToJson(action)));
      state = await playFairTableRound(seeds, tableInputOf(round, actions));
    }
    const from = { actions: (round.actions ?? []).length, pending: null };
    const payout = state.settlement!.totalPayout;
    const finished = {
      actions,
      outcome: outcomeOf(state),
      payout,
      defaultedAt: now(),
      lastActionAt: now(),
    };
    if (round.mode === 'demo') {
      return db.transaction(async (tx) => {
        const moved = await moveTableRound(tx, round.id, from, { ...finished, status: 'settled', settledAt: now() });
        if (moved) await settleDemo(tx, round.sessionId, 0n, payout);
        return moved !== undefined;
      });
    }
    return (await moveTableRound(db, round.id, from, { ...finished, status: 'accepted' })) !== undefined;
  }

  async function deliver(
    round: OriginalsRoundRow,
    walletSessionId: string,
    playerId: string,
    gameSlug: string,
  ): Promise<'paid' | 'cancelled'> {
    if (!round.walletRoundId || !isCurrency(round.currency)) throw new Error('not a real-money round');
    const ids = walletTransactionIds(round.walletRoundId);
    const base = { sessionId: walletSessionId, roundId: round.walletRoundId, playerId, gameId: gameSlug };
    let answer: WalletResponse;
    if (round.status === 'accepted') {
      answer = await wallet.win({
        ...base,
        transactionId: ids.win,
        amount: formatMinor(round.payout, round.currency),
        currency: round.currency,
      });
    } else {
      answer = await wallet.rollback({ ...base, transactionId: ids.rollback, referenceTransactionId: ids.bet });
    }
    if (answer.status !== 'ok') throw new Error(`the wallet refused: ${answer.code}`);
    return round.status === 'accepted' ? 'paid' : 'cancelled';
  }

  /**
   * A shared table slip the wallet still has to hear about: the win of a taken bet once its round's result is public
   * (0.00 for a loss; play money for a demo slip), or the rollback of a bet whose answer never came.
   */
  async function settleSlip(row: Awaited<ReturnType<typeof findOwedSlips>>[number]): Promise<'paid' | 'cancelled'> {
    const { slip, round, walletSessionId, playerId, gameSlug, game } = row;
    if (!isSharedTableGame(game) || !isCurrency(slip.currency)) throw new Error('not a shared table slip');
    if (slip.status === 'accepted') {
      const payout = (await playSlip(round, game, slip.bets)).settlement!.totalPayout;
      if (slip.mode === 'demo') {
        await db.transaction(async (tx) => {
          const settled = await updateSlip(tx, slip.id, ['accepted'], { status: 'settled', payout, settledAt: now() });
          if (settled) await settleDemo(tx, slip.sessionId, 0n, payout);
        });
        return 'paid';
      }
      if (!slip.walletRoundId || !walletSessionId || !playerId) throw new Error('the slip has no wallet session');
      const ids = walletTransactionIds(slip.walletRoundId);
      const answer = await wallet.win({
        sessionId: walletSessionId,
        playerId,
        gameId: gameSlug,
        roundId: slip.walletRoundId,
        transactionId: ids.win,
        amount: formatMinor(payout, slip.currency),
        currency: slip.currency,
      });
      if (answer.status !== 'ok') throw new Error(`the wallet refused: ${answer.code}`);
      await updateSlip(db, slip.id, ['accepted'], { status: 'settled', payout, settledAt: now() });
      return 'paid';
    }
    if (!slip.walletRoundId || !walletSessionId || !playerId) throw new Error('the slip has no wallet session');
    const ids = walletTransactionIds(slip.walletRoundId);
    const answer = await wallet.rollback({
      sessionId: walletSessionId,
      playerId,
      gameId: gameSlug,
      roundId: slip.walletRoundId,
      transactionId: ids.rollback,
      referenceTransactionId: ids.bet,
    });
    if (answer.status !== 'ok') throw new Error(`the wallet refused: ${answer.code}`);
    await updateSlip(db, slip.id, ['placed'], { status: 'cancelled', settledAt: now() });
    return 'cancelled';
  }

  /** Every shared table slip due now. */
  async function settleSlips(): Promise<{ paid: number; cancelled: number; failed: number }> {
    const current = now();
    const done = { paid: 0, cancelled: 0, failed: 0 };
    for (const row of await findOwedSlips(db, current, new Date(current.getTime() - unconfirmedBetMs), BATCH)) {
      try {
        done[await settleSlip(row)] += 1;
      } catch (error) {
        const attempts = row.slip.attempts + 1;
        const wait = Math.min(retryMs * 2 ** Math.min(attempts - 1, 20), MAX_BACKOFF_MS);
        await updateSlip(db, row.slip.id, [row.slip.status], {
          attempts,
          nextAttemptAt: new Date(now().getTime() + wait),
        });
        const details = { err: error, slipId: row.slip.id, status: row.slip.status, attempts };
        if (wait >= MAX_BACKOFF_MS) log.error(details, 'a shared table slip still cannot be settled');
        else log.warn(details, 'a shared table slip could not be settled; it is tried again later');
        done.failed += 1;
      }
    }
    return done;
  }

  return {
    /** The shared tables' slips due now (the clock runs it as soon as a result is public). */
    settleSlips,

    /** One pass over the rounds due now; answers what it did. */
    async settleDue(): Promise<{
      paid: number;
      cancelled: number;
      failed: number;
      actionsRolledBack: number;
      defaulted: number;
    }> {
      const current = now();
      const done = { paid: 0, cancelled: 0, failed: 0, actionsRolledBack: 0, defaulted: 0 };
      const unconfirmedBefore = new Date(current.getTime() - unconfirmedBetMs);
      for (const row of await findStalePendingActions(db, unconfirmedBefore, BATCH)) {
        try {
          if (await rollBackPendingAction(row)) done.actionsRolledBack += 1;
        } catch (error) {
          log.warn(
            { err: error, roundId: row.round.id },
            'a table action bet could not be rolled back; tried again later',
          );
          done.failed += 1;
        }
      }
      for (const round of await findAbandonedTableRounds(db, new Date(current.getTime() - abandonedRoundMs), BATCH)) {
        try {
          if (await finishAbandoned(round)) done.defaulted += 1;
        } catch (error) {
          log.warn(
            { err: error, roundId: round.id },
            'an abandoned table round could not be finished; tried again later',
          );
          done.failed += 1;
        }
      }
      // Rounds the defaults just finished are among those owed below, so their wins go out in this same pass.
      const due = await findUnsettledRounds(db, current, unconfirmedBefore, BATCH);
      for (const { round, walletSessionId, playerId, gameSlug } of due) {
        try {
          if (!walletSessionId || !playerId) throw new Error('the round has no wallet session');
          const result = await deliver(round, walletSessionId, playerId, gameSlug);
          await updateRound(db, round.id, [round.status], {
            status: result === 'paid' ? 'settled' : 'cancelled',
            settledAt: now(),
          });
          done[result] += 1;
        } catch (error) {
          const attempts = round.attempts + 1;
          const wait = Math.min(retryMs * 2 ** Math.min(attempts - 1, 20), MAX_BACKOFF_MS);
          await updateRound(db, round.id, [round.status], {
            attempts,
            nextAttemptAt: new Date(now().getTime() + wait),
          });
          const details = { err: error, roundId: round.id, status: round.status, attempts };
          // A win that stays unpaid for hours is money owed to a player: somebody has to look.
          if (wait >= MAX_BACKOFF_MS) log.error(details, 'an Originals round still cannot be settled');
          else log.warn(details, 'an Originals round could not be settled; it is tried again later');
          done.failed += 1;
        }
      }
      const slips = await settleSlips();
      done.paid += slips.paid;
      done.cancelled += slips.cancelled;
      done.failed += slips.failed;
      return done;
    },
  };
}
