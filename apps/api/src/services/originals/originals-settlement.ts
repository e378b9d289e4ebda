import type { Db } from '@playhouse/db';
import { formatMinor, isCurrency, type WalletResponse } from '@playhouse/shared';
import { findUnsettledRounds, updateRound, type OriginalsRoundRow } from './originals-queries';
import { walletTransactionIds } from './originals-service';
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
  now = () => new Date(),
}: {
  db: Db;
  wallet: WalletClient;
  log: SettlementLog;
  /** The first wait after a failed delivery; it doubles up to an hour. */
  retryMs: number;
  /** How old a round must be before a bet of unknown fate counts as lost in flight. */
  unconfirmedBetMs: number;
  now?: () => Date;
}) {
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

  return {
    /** One pass over the rounds due now; answers what it did. */
    async settleDue(): Promise<{ paid: number; cancelled: number; failed: number }> {
      const current = now();
      const due = await findUnsettledRounds(db, current, new Date(current.getTime() - unconfirmedBetMs), BATCH);
      const done = { paid: 0, cancelled: 0, failed: 0 };
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
      return done;
    },
  };
}
