import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/token-hash';
import type { DbOrTx } from '@playhouse/db';
import type { WalletErrorCode } from '@playhouse/shared';
import { findGameSession, findRoundCalls, type GameSessionRow } from './game-session-queries';

/*
 * Whether a game provider's call is accepted: the rules that treat the provider as a caller who may lie. A call names
 * a game session, which belongs to one player, one game and one provider and lives only as long as the player's site
 * session; a round belongs to the session that staked in it; a win needs an accepted bet of its round and session and
 * stays under the game's cap; a won round is closed to further bets and to rollbacks. How money moves once a call is
 * accepted is the wallet service's business.
 */

/** Whether a site session still lives (not ended, not expired, its player not blocked). */
export type PlayerSessionLive = (executor: DbOrTx, playerSessionId: number) => Promise<boolean>;

export type SessionGame = { id: number; slug: string; maxWinMultiplier: number };

/** The public session id a provider is given (only its hash is stored). */
export function newGameSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The game session a call names, when it is the calling provider's and the player's and (given a game) that game's.
 * `live` asks more: the session has not expired and the site session that launched the game still lives; a bet or a
 * balance needs that, while the win or rollback of a bet already accepted is owed to the player whatever happened
 * to their session since.
 */
export async function sessionOfCall(
  executor: DbOrTx,
  call: { provider: string; sessionId: string; playerId: string; gameId?: string },
  live: false | { now: Date; isPlayerSessionLive: PlayerSessionLive },
): Promise<{ session: GameSessionRow; game: SessionGame } | { refusal: WalletErrorCode }> {
  const found = await findGameSession(executor, hashToken(call.sessionId));
  if (!found || found.session.provider !== call.provider || String(found.session.userId) !== call.playerId) {
    return { refusal: 'session_invalid' };
  }
  if (call.gameId !== undefined && found.game.slug !== call.gameId) return { refusal: 'session_invalid' };
  if (live) {
    const { session } = found;
    if (
      session.expiresAt <= live.now ||
      session.playerSessionId === null ||
      !(await live.isPlayerSessionLive(executor, session.playerSessionId))
    ) {
      return { refusal: 'session_invalid' };
    }
  }
  return found;
}

/** What one round of a provider holds so far, as the rules below read it. */
export async function roundOf(executor: DbOrTx, provider: string, roundId: string) {
  const calls = await findRoundCalls(executor, provider, roundId);
  const wins = calls.filter((call) => call.type === 'win' && call.status === 'ok');
  return {
    calls,
    /** Any win, even 0.00, settles the round. */
    won: wins.length > 0,
    paid: wins.reduce((sum, call) => sum + call.amount, 0n),
    /** The session's bets that were taken and not rolled back: what a win pays out against. */
    staked(gameSessionId: number): bigint {
      return calls
        .filter(
          (call) =>
            call.type === 'bet' && call.status === 'ok' && !call.rolledBack && call.gameSessionId === gameSessionId,
        )
        .reduce((sum, call) => sum + call.amount, 0n);
    },
    hasAcceptedBet(gameSessionId: number): boolean {
      return calls.some(
        (call) =>
          call.type === 'bet' && call.status === 'ok' && !call.rolledBack && call.gameSessionId === gameSessionId,
      );
    },
  };
}

export type Round = Awaited<ReturnType<typeof roundOf>>;

/** A bet is refused in a round that has its win, and in a round another game session staked in. */
export function betRefusal(round: Round, gameSessionId: number): WalletErrorCode | null {
  if (round.won) return 'round_closed';
  if (round.calls.some((call) => call.type !== 'rollback' && call.gameSessionId !== gameSessionId)) {
    return 'round_mismatch';
  }
  return null;
}

/**
 * A win needs an accepted bet of its round in its own game session, and all the round's wins together stay within
 * the game's multiple of those stakes and the currency's ceiling.
 */
export function winRefusal(
  round: Round,
  gameSessionId: number,
  amount: bigint,
  cap: { multiplier: number; ceiling: bigint },
): WalletErrorCode | null {
  if (!round.hasAcceptedBet(gameSessionId)) return 'bet_not_found';
  const byStake = round.staked(gameSessionId) * BigInt(cap.multiplier);
  const limit = byStake < cap.ceiling ? byStake : cap.ceiling;
  return round.paid + amount > limit ? 'win_limit_exceeded' : null;
}

/** A round that has its win is settled: none of its bets can be rolled back any more. */
export function rollbackRefusal(round: Round): WalletErrorCode | null {
  return round.won ? 'round_closed' : null;
}
