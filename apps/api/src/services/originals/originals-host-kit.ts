import { hashToken } from '../../lib/token-hash';
import type { Db, DbOrTx } from '@playhouse/db';
import { generateClientSeed, generateServerSeed, hashServerSeed, predictableServerSeed } from '@playhouse/games';
import {
  formatMinor,
  isApiErrorCode,
  isCurrency,
  parseDecimal,
  type Currency,
  type WalletResponse,
} from '@playhouse/shared';
import { AppError, ServiceUnavailableError } from '../../lib/errors';
import { BonusMaxBetExceededError } from '../bonuses/bonus-errors';
import { findGame } from '../catalogue/catalogue-service';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import { GameSessionInvalidError } from './originals-errors';
import {
  findActiveSeed,
  findLiveSession,
  insertSeed,
  takeNonce,
  updateRound,
  type OriginalsRoundRow,
  type OriginalsSessionRow,
  type SeedOwner,
  type SeedRow,
} from './originals-queries';
import { walletTransactionIds } from './originals-ids';
import type { WalletClient } from './wallet-client';

/*
 * What every game of the Originals host needs, single-shot or table: the session a token names, its game, its
 * currency and wallet session, the seed pair of its owner and the next nonce.
 */

/** Real-money seeds are the player's (kept across sessions); demo seeds belong to their session. */
export function ownerOf(session: OriginalsSessionRow): SeedOwner {
  return session.mode === 'real' && session.userId !== null ? { userId: session.userId } : { sessionId: session.id };
}

export function fairnessOf(seed: SeedRow) {
  return { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce };
}

/** A currency code stored on a session or a round; anything else means the row is not ours to play. */
export function currencyFrom(code: string): Currency {
  if (!isCurrency(code)) throw new GameSessionInvalidError();
  return code;
}

/** The player's reason for a bet the wallet refused: funds, the bonus's max bet, a protection limit, the session. */
export function throwWalletRefusal(refusal: Extract<WalletResponse, { status: 'error' }>, currency: Currency): never {
  if (refusal.code === 'insufficient_funds') {
    throw new InsufficientFundsError(0, parseDecimal(refusal.balance ?? '0', currency) ?? 0n);
  }
  if (refusal.code === 'bonus_max_bet_exceeded') throw new BonusMaxBetExceededError();
  // The operator's protection refused: the player reads its own reason (which limit, until when).
  if (refusal.code === 'player_protection' && refusal.detail && isApiErrorCode(refusal.detail.code)) {
    throw new AppError(refusal.detail.code, refusal.message, 409, refusal.detail.fields);
  }
  throw new GameSessionInvalidError();
}

/** What every wallet call of a real-money round names: the game session, player, round, game and currency. */
export interface RoundWalletCall {
  sessionId: string;
  playerId: string;
  roundId: string;
  gameId: string;
  currency: Currency;
}

export type HostKit = ReturnType<typeof createHostKit>;

export function createHostKit({
  db,
  wallet,
  now,
  predictableSeeds = false,
}: {
  db: Db;
  wallet: WalletClient;
  now: () => Date;
  /** Tests only (TEST_SEEDS): server seeds follow from the client seed. */
  predictableSeeds?: boolean;
}) {
  async function newSeed(owner: SeedOwner, clientSeed = generateClientSeed(), executor: DbOrTx = db) {
    const serverSeed = predictableSeeds ? await predictableServerSeed(clientSeed) : generateServerSeed();
    return insertSeed(executor, {
      ...('userId' in owner ? { userId: owner.userId } : { sessionId: owner.sessionId }),
      serverSeed,
      serverSeedHash: await hashServerSeed(serverSeed),
      clientSeed,
    });
  }

  async function activeSeed(owner: SeedOwner, executor: DbOrTx = db): Promise<SeedRow> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seed = (await findActiveSeed(executor, owner)) ?? (await newSeed(owner, undefined, executor));
      if (seed) return seed;
    }
    throw new Error('could not create an active seed');
  }

  async function liveSession(token: string | undefined): Promise<OriginalsSessionRow> {
    const session = token ? await findLiveSession(db, hashToken(token), now()) : undefined;
    if (!session) throw new GameSessionInvalidError();
    return session;
  }

  async function gameOf(session: OriginalsSessionRow) {
    const game = await findGame(db, session.gameId, null);
    if (!game) throw new GameSessionInvalidError();
    return game;
  }

  function currencyOf(session: OriginalsSessionRow): Currency {
    return currencyFrom(session.currency);
  }

  /** The wallet names a real-money session: the host has nothing to play with without it. */
  function walletSessionOf(session: OriginalsSessionRow): { sessionId: string; playerId: string } {
    if (!session.walletSessionId || !session.playerId) throw new GameSessionInvalidError();
    return { sessionId: session.walletSessionId, playerId: session.playerId };
  }

  /** The balance as the wallet reports it; the wallet refusing the session means the player's session has ended. */
  async function realBalance(session: OriginalsSessionRow): Promise<bigint> {
    const currency = currencyOf(session);
    const answer = await wallet.balance({ ...walletSessionOf(session), currency });
    if (answer.status !== 'ok') throw new GameSessionInvalidError();
    return parseDecimal(answer.balance, currency)!;
  }

  /** A session the player may still use: a real-money one only while the wallet keeps its game session open. */
  async function usableSession(token: string | undefined): Promise<OriginalsSessionRow> {
    const session = await liveSession(token);
    if (session.mode === 'real') await realBalance(session);
    return session;
  }

  async function balanceOf(session: OriginalsSessionRow): Promise<bigint> {
    return session.mode === 'demo' ? (session.demoBalance ?? 0n) : realBalance(session);
  }

  /**
   * The next nonce of the owner's active seed (a rotation meanwhile moves on to the new seed). Inside a transaction the
   * seed's row stays locked until it ends.
   */
  async function nextNonce(owner: SeedOwner, executor: DbOrTx = db): Promise<SeedRow & { nonce: number }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const seed = await takeNonce(executor, (await activeSeed(owner, executor)).id);
      if (seed) return seed;
    }
    throw new Error('could not take a nonce');
  }

  /**
   * Takes the stake of a placed real-money round through the wallet. A lost answer leaves the round placed, for the
   * settlement job to roll back; a refusal marks it refused and throws the player's reason; a stake taken moves it on
   * to `next` (accepted, or open while a table round goes on). Answers the round as moved and the wallet's balance.
   */
  async function stakeRound(
    round: OriginalsRoundRow,
    call: RoundWalletCall,
    stake: bigint,
    next: 'accepted' | 'open',
  ): Promise<{ round: OriginalsRoundRow; balance: bigint }> {
    let debit: WalletResponse;
    try {
      debit = await wallet.bet({
        ...call,
        transactionId: walletTransactionIds(call.roundId).bet,
        amount: formatMinor(stake, call.currency),
      });
    } catch {
      throw new ServiceUnavailableError('The game could not reach the wallet; a stake it took is returned.');
    }
    if (debit.status !== 'ok') {
      await updateRound(db, round.id, ['placed'], { status: 'refused' });
      throwWalletRefusal(debit, call.currency);
    }
    const taken = await updateRound(db, round.id, ['placed'], { status: next });
    if (!taken) throw new ServiceUnavailableError('The round was cancelled meanwhile; its stake is returned.');
    return { round: taken, balance: parseDecimal(debit.balance, call.currency)! };
  }

  /** A round whose win the wallet took is settled; undefined when it had already moved on. */
  function settleRound(round: OriginalsRoundRow) {
    return updateRound(db, round.id, ['accepted'], { status: 'settled', settledAt: now() });
  }

  return {
    newSeed,
    activeSeed,
    liveSession,
    gameOf,
    currencyOf,
    walletSessionOf,
    realBalance,
    usableSession,
    balanceOf,
    nextNonce,
    stakeRound,
    settleRound,
  };
}
