import { randomBytes } from 'node:crypto';
import type { Db } from '@playhouse/db';
import { multiplierValue, payoutFor, playFairRound, validateRound, type RoundRequest } from '@playhouse/games';
import {
  formatMinor,
  parseDecimal,
  type FundingSplit,
  type OriginalsRound,
  type OriginalsRoundResponse,
  type OriginalsSession,
  type RotateSeedResponse,
  type WalletResponse,
} from '@playhouse/shared';
import { hashToken } from '../../lib/token-hash';
import { AppError, ValidationError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import { findGame, formatRtp } from '../catalogue/catalogue-service';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import { createHostKit, currencyFrom, fairnessOf, ownerOf } from './originals-host-kit';
import { ORIGINALS_MAX_BET, ORIGINALS_MIN_BET, walletTransactionIds } from './originals-ids';
import { RoundOpenError } from './table-errors';
import { createTableRounds } from './table-rounds-service';
import {
  findActiveSeed,
  findSeed,
  insertRound,
  insertSession,
  seedHasOpenTableRound,
  listRounds,
  revealSeed,
  settleDemo,
  type OriginalsRoundRow,
  type OriginalsSessionRow,
  type SeedRow,
} from './originals-queries';
import type { WalletClient } from './wallet-client';

export { ORIGINALS_MAX_BET, ORIGINALS_MIN_BET, walletTransactionIds } from './originals-ids';
const ROUND_HISTORY = 20;
/** The win call is idempotent, so a transient failure is simply sent again. */
const WIN_ATTEMPTS = 3;
/** The settlement job's first wait after a delivery failed; it doubles with every further failure. */
export const WIN_RETRY_DELAY_MS = 10_000;

class LaunchInvalidError extends AppError {
  constructor() {
    super('launch_invalid', 'This game link was already used or has expired; open the game again.', 400);
  }
}

/** The parameters a game's engine plays with, checked by the game's own rules. */
function roundRequest(engine: 'slot' | 'dice' | 'plinko', params: Record<string, unknown>): RoundRequest {
  const request = { engine, params } as RoundRequest;
  const problem = validateRound(request);
  if (problem) throw new ValidationError({ params: problem });
  return request;
}

function multiplierText(bet: bigint, payout: bigint): string {
  const tenThousandths = (payout * 10_000n) / bet;
  return `${tenThousandths / 10_000n}.${(tenThousandths % 10_000n).toString().padStart(4, '0')}`;
}

/** What the game page shows of its game: the engine and configuration that play it, and their return to player. */
function gameInfo(game: NonNullable<Awaited<ReturnType<typeof findGame>>>, context: LocaleContext) {
  return {
    slug: game.slug,
    title: localize(game.title, context),
    engine: game.engine,
    config: game.engineConfig,
    rtp: formatRtp(game.rtp),
  };
}

export type OriginalsService = ReturnType<typeof createOriginalsService>;

/**
 * The Originals game host: opens a game from its launch token, plays provably fair rounds, and settles each one
 * through the seamless-wallet API (real money) or the session's play money (demo), never touching the ledger itself.
 */
export function createOriginalsService({
  db,
  wallet,
  sessionTtlMs,
  demoBalance,
  predictableSeeds = false,
  now = () => new Date(),
  roundFunding = async () => new Map(),
}: {
  db: Db;
  wallet: WalletClient;
  sessionTtlMs: number;
  /** Play money a demo session starts with, in minor units. */
  demoBalance: bigint;
  /** Tests only (TEST_SEEDS): server seeds a test can compute from the client seed. */
  predictableSeeds?: boolean;
  now?: () => Date;
  /** The split a player's real-money rounds used (cash, bonus, free spin; where the win went), by wallet round id. */
  roundFunding?: (userId: number, walletRoundIds: string[]) => Promise<Map<string, FundingSplit>>;
}) {
  const kit = createHostKit({ db, wallet, now, predictableSeeds });
  const { activeSeed, liveSession, gameOf, currencyOf, walletSessionOf, usableSession, balanceOf } = kit;
  const tables = createTableRounds({
    db,
    wallet,
    kit,
    now,
    seedOf: async (seedId) => {
      const seed = await findSeed(db, seedId);
      if (!seed) throw new Error(`seed ${seedId} is gone`);
      return seed;
    },
  });

  /** The split of the real-money rounds among these (the wallet's record of each one's bet and win). */
  async function fundingOf(session: OriginalsSessionRow, rounds: OriginalsRoundRow[]) {
    const ids = rounds.flatMap((round) => (round.mode === 'real' && round.walletRoundId ? [round.walletRoundId] : []));
    if (session.userId === null || ids.length === 0) return new Map<string, FundingSplit>();
    return roundFunding(session.userId, ids);
  }

  function toRound(
    round: Awaited<ReturnType<typeof insertRound>>,
    seed: SeedRow,
    funding: ReadonlyMap<string, FundingSplit>,
  ): OriginalsRound {
    const currency = currencyFrom(round.currency);
    return {
      id: round.id,
      nonce: round.nonce,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      serverSeed: seed.revealedAt ? seed.serverSeed : null,
      engine: round.engine,
      params: round.params,
      actions: null,
      outcome: round.outcome,
      bet: formatMinor(round.bet, currency),
      payout: formatMinor(round.payout, currency),
      multiplier: multiplierText(round.bet, round.payout),
      createdAt: round.createdAt.toISOString(),
      receiptRound: round.mode === 'real' ? round.walletRoundId : null,
      funding: (round.walletRoundId && funding.get(round.walletRoundId)) || null,
    };
  }

  /** Sends the win (possibly 0.00, which closes a lost round) until the wallet answers. */
  async function settleWin(body: Parameters<WalletClient['win']>[0]): Promise<WalletResponse> {
    let lastError: unknown;
    for (let attempt = 0; attempt < WIN_ATTEMPTS; attempt += 1) {
      try {
        return await wallet.win(body);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  return {
    /** The table games' multi-step rounds (table-rounds-service.ts). */
    tables,

    /** Opens a game from a one-time launch token, as a provider does: through the wallet's authenticate call. */
    async open(context: LocaleContext, launchToken: string): Promise<OriginalsSession> {
      const auth = await wallet.authenticate(launchToken);
      if (auth.status !== 'ok') throw new LaunchInvalidError();
      const game = await findGame(db, auth.gameId, null);
      if (!game) throw new LaunchInvalidError();
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const session = await insertSession(db, {
        tokenHash: hashToken(token),
        userId: auth.playerId === null ? null : Number(auth.playerId),
        playerId: auth.playerId,
        walletSessionId: auth.sessionId,
        gameId: game.id,
        mode: auth.mode,
        currency: auth.currency,
        demoBalance: auth.mode === 'demo' ? demoBalance : null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + sessionTtlMs),
      });
      const seed = await activeSeed(ownerOf(session));
      const balance = auth.mode === 'demo' ? demoBalance : parseDecimal(auth.balance ?? '0', auth.currency)!;
      return {
        token,
        mode: auth.mode,
        currency: auth.currency,
        balance: formatMinor(balance, auth.currency),
        game: gameInfo(game, context),
        fairness: fairnessOf(seed),
      };
    },

    /** The session as its page reloads it: balance and the current seed commitment. */
    async state(context: LocaleContext, token: string | undefined): Promise<OriginalsSession & { token: string }> {
      const session = await liveSession(token);
      const game = await gameOf(session);
      const seed = await activeSeed(ownerOf(session));
      const currency = currencyOf(session);
      return {
        token: token!,
        mode: session.mode,
        currency,
        balance: formatMinor(await balanceOf(session), currency),
        game: gameInfo(game, context),
        fairness: fairnessOf(seed),
      };
    },

    /**
     * One round: takes the next nonce of the active seed and computes the outcome from the seeds. Demo money moves on
     * the session; a real-money round is written with its outcome first, then its bet and its win go through the
     * wallet. A win the wallet did not confirm stays owed on the round, and the settlement job delivers it.
     */
    async play(
      token: string | undefined,
      input: { bet: string; params: Record<string, unknown> },
    ): Promise<OriginalsRoundResponse> {
      const session = await liveSession(token);
      const game = await gameOf(session);
      const currency = currencyOf(session);
      const bet = parseDecimal(input.bet, currency);
      if (bet === null || bet < ORIGINALS_MIN_BET || bet > ORIGINALS_MAX_BET) {
        throw new ValidationError({
          bet: `must be between ${formatMinor(ORIGINALS_MIN_BET, currency)} and ${formatMinor(ORIGINALS_MAX_BET, currency)}`,
        });
      }
      if (game.engine !== 'slot' && game.engine !== 'dice' && game.engine !== 'plinko') {
        throw new ValidationError({ game: 'this game plays rounds with actions: start one at /tables/rounds' });
      }
      // A slot title plays its own configuration, named by the catalogue, never by the player.
      const params =
        game.engine === 'slot' && game.engineConfig ? { ...input.params, config: game.engineConfig } : input.params;
      const request = roundRequest(game.engine, params);
      const owner = ownerOf(session);
      const named = session.mode === 'real' ? walletSessionOf(session) : null;

      const seed = await kit.nextNonce(owner);

      const outcome = await playFairRound(
        { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce },
        request,
      );
      const payout = payoutFor(bet, outcome.outcome.multiplier);
      const values = {
        sessionId: session.id,
        seedId: seed.id,
        nonce: seed.nonce,
        engine: game.engine,
        mode: session.mode,
        params: request.params as Record<string, unknown>,
        outcome: { ...outcome.outcome, multiplier: multiplierValue(outcome.outcome.multiplier) },
        bet,
        payout,
        currency,
      };

      let round: OriginalsRoundRow;
      let balance: bigint;
      if (!named) {
        const after = await settleDemo(db, session.id, bet, payout);
        if (after === null) throw new InsufficientFundsError(0, session.demoBalance ?? 0n);
        balance = after;
        round = await insertRound(db, { ...values, status: 'settled', settledAt: now() });
      } else {
        const walletRoundId = `${game.slug}:${seed.id}:${seed.nonce}`;
        const call = { ...named, roundId: walletRoundId, gameId: game.slug, currency };
        const placed = await insertRound(db, { ...values, status: 'placed', walletRoundId });
        // Owed from now on: should the win below not get through, the settlement job's next pass delivers it (a
        // pass that meets the win on its way only repeats an idempotent call).
        ({ round, balance } = await kit.stakeRound(placed, call, bet, 'accepted'));
        const credit = await settleWin({
          ...call,
          transactionId: walletTransactionIds(walletRoundId).win,
          amount: formatMinor(payout, currency),
        }).catch(() => null);
        if (credit?.status === 'ok') {
          round = (await kit.settleRound(round)) ?? round;
          balance = parseDecimal(credit.balance, currency)!;
        }
      }
      return {
        round: toRound(round, seed, await fundingOf(session, [round])),
        balance: formatMinor(balance, currency),
        fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce + 1 },
      };
    },

    /** The latest rounds of the session's seed owner, each with its seed once revealed. */
    async rounds(token: string | undefined): Promise<OriginalsRound[]> {
      const session = await usableSession(token);
      const rows = await listRounds(db, ownerOf(session), ROUND_HISTORY);
      const funding = await fundingOf(
        session,
        rows.map(({ round }) => round),
      );
      return rows.map(({ round, seed }) =>
        round.actions === null
          ? toRound(round, seed, funding)
          : tables.historyEntry(round, seed, toRound(round, seed, funding)),
      );
    },

    /** Reveals the active server seed (so its rounds can be verified) and commits to a new one. */
    async rotate(token: string | undefined, clientSeed: string | undefined): Promise<RotateSeedResponse> {
      const session = await usableSession(token);
      const owner = ownerOf(session);
      const current = await activeSeed(owner);
      // Under the seed's row lock: a table round starting takes its nonce and writes itself under the same lock, so
      // either the round is seen here or it gets a nonce of the next seed. A round in play keeps its cards secret.
      const revealed = await db.transaction(async (tx) => {
        const locked = await findActiveSeed(tx, owner, true);
        if (!locked || locked.id !== current.id) return undefined;
        if (await seedHasOpenTableRound(tx, locked.id)) throw new RoundOpenError();
        return revealSeed(tx, locked.id, now());
      });
      if (!revealed) throw new AppError('seed_rotated', 'The seed was rotated meanwhile; try again.', 409);
      const next = (await kit.newSeed(owner, clientSeed)) ?? (await activeSeed(owner));
      return {
        revealed: {
          serverSeed: revealed.serverSeed,
          serverSeedHash: revealed.serverSeedHash,
          clientSeed: revealed.clientSeed,
          rounds: revealed.nextNonce,
        },
        fairness: fairnessOf(next),
      };
    },
  };
}
