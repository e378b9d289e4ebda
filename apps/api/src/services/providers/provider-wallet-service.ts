import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  formatMinor,
  isCurrency,
  parseDecimal,
  type Currency,
  type FundingSplit,
  type StaffGameRound,
  type WalletAuthenticateResponse,
  type WalletErrorCode,
  type WalletResponse,
} from '@playhouse/shared';
import type { z } from 'zod';
import type {
  walletBalanceBodySchema,
  walletBetBodySchema,
  walletRollbackBodySchema,
  walletWinBodySchema,
} from '@playhouse/shared';
import { hashToken } from '../../lib/token-hash';
import { formatAmount } from '../../lib/amounts';
import { requestHash } from '../../lib/idempotency';
import { NotFoundError, type AppError } from '../../lib/errors';
import { gameTypeOf } from '../bonuses/bonus-engine';
import { BonusMaxBetExceededError } from '../bonuses/bonus-errors';
import { findGame, findProviderBySlug } from '../catalogue/catalogue-service';
import type { GamePlayerService } from '../games/game-player-service';
import type { StakePipeline } from '../stakes/stake-pipeline';
import { splitView } from '../stakes/stake-views';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import { insertGameSession } from './game-session-queries';
import {
  betRefusal,
  newGameSessionId,
  rollbackRefusal,
  roundOf,
  sessionOfCall,
  winRefusal,
  type PlayerSessionLive,
} from './provider-call-rules';
import { checkSignature, InvalidSignatureError, SignatureExpiredError } from './provider-signature';
import {
  findPlayer,
  findProviderTransaction,
  findRollbacksOf,
  findRoundBets,
  insertProviderTransaction,
  lockProviderRound,
  lockProviderTransaction,
  roundMoneyCalls,
  roundsOfUser,
  type ProviderTransactionRow,
} from './provider-wallet-queries';

type BalanceBody = z.infer<typeof walletBalanceBodySchema>;
type BetBody = z.infer<typeof walletBetBodySchema>;
type WinBody = z.infer<typeof walletWinBodySchema>;
type RollbackBody = z.infer<typeof walletRollbackBodySchema>;

/**
 * The in-house game host. It plays the Originals and, as the aggregator of the studios that have no game server of
 * their own, every other catalogue game; so it may bet on any game, while another provider only on its own.
 */
export const ORIGINALS_PROVIDER = 'originals';

/** Demo play money is shown in this currency; it never reaches the ledger. */
export const DEMO_CURRENCY: Currency = 'EUR';

const WALLET_MESSAGES: Record<WalletErrorCode, string> = {
  insufficient_funds: 'The balance is too low for this bet.',
  player_not_found: 'No active player with this id.',
  game_not_found: 'No such game for this provider.',
  currency_mismatch: "The currency is not the player's currency.",
  transaction_rolled_back: 'This bet was already rolled back; it is refused.',
  transaction_conflict: 'This transaction id was already used for a different request.',
  token_invalid: 'The launch token is unknown, used or expired.',
  bonus_max_bet_exceeded: 'The bet is above the maximum bet allowed while a bonus is being wagered.',
  session_invalid: "No such game session of this provider, player and game, or it has ended with the player's session.",
  bet_not_found: 'This round has no accepted bet in this game session to pay a win against.',
  round_closed: 'This round already has its win: it takes no more bets and cannot be rolled back.',
  round_mismatch: 'This round belongs to another game session.',
  win_limit_exceeded: "The round's wins would exceed the game's maximum win.",
  player_protection: 'The operator refused the bet to protect the player (a limit, a break or a reality check).',
};

function failure(
  code: WalletErrorCode,
  balance?: { amount: bigint; currency: Currency },
  detail?: { code: string; fields?: Record<string, string> },
): WalletResponse {
  return {
    status: 'error',
    code,
    message: WALLET_MESSAGES[code],
    ...(balance ? { balance: formatMinor(balance.amount, balance.currency), currency: balance.currency } : {}),
    ...(detail ? { detail } : {}),
  };
}

function ok(amount: bigint, currency: Currency, transactionId?: string): WalletResponse {
  return {
    status: 'ok',
    balance: formatMinor(amount, currency),
    currency,
    ...(transactionId === undefined ? {} : { transactionId }),
  };
}

/** The stake pipeline's key of a casino bet (also its wagering contribution's key). */
export const casinoSourceKey = (provider: string, transactionId: string) => `casino:${provider}:${transactionId}`;

/** What `decide` asks to store for repeats; the service adds the ids, the request hash and the response. */
type StoredRow = Omit<
  ProviderTransactionRow,
  | 'id'
  | 'createdAt'
  | 'provider'
  | 'transactionId'
  | 'requestHash'
  | 'referenceTransactionId'
  | 'gameId'
  | 'legs'
  | 'gameSessionId'
> & {
  referenceTransactionId?: string | null;
  gameId?: number | null;
  legs?: Record<string, string>;
  gameSessionId: number;
};

/** What a recorded bet, win or rollback says of its round, player, game, game session and money. */
function callOf(
  body: { roundId: string },
  player: { id: number; currency: string },
  game: { id: number },
  session: { id: number },
  amount: bigint,
) {
  return {
    roundId: body.roundId,
    userId: player.id,
    gameId: game.id,
    gameSessionId: session.id,
    amount,
    currency: player.currency,
  };
}

export type ProviderWalletService = ReturnType<typeof createProviderWalletService>;

/**
 * The seamless wallet game providers call: authenticate a launch, read the balance, and bet, win and roll back, each
 * signed with the provider's secret and idempotent by (provider, transaction id). All money moves through the ledger.
 */
export function createProviderWalletService({
  db,
  secrets,
  players,
  isPlayerSessionLive,
  limits,
  now = () => new Date(),
  stakes,
  acceptedSecrets,
}: {
  db: Db;
  secrets: Readonly<Record<string, string>>;
  players: GamePlayerService;
  isPlayerSessionLive: PlayerSessionLive;
  limits: {
    signatureWindowMs: number;
    gameSessionTtlMs: number;
    /** The ceiling of one round's wins per currency, in minor units. */
    maxWinPerRound: Readonly<Record<Currency, bigint>>;
  };
  now?: () => Date;
  /**
   * How money moves: bets, wins and rollbacks go through the stake pipeline the sportsbook uses too; its guards
   * (player protection) run inside each bet's transaction.
   */
  stakes: StakePipeline;
  /**
   * The secrets a provider's call may be signed with now, from memory (provider-secret-snapshot.ts): the rotated ones
   * when an admin rotated the provider's, else the environment's; null when the provider takes no wallet calls.
   */
  acceptedSecrets?: (provider: string) => string[] | null;
}) {
  const noIntegration = (provider: string) => new NotFoundError(`No wallet integration for provider "${provider}".`);

  /** The provider's own secret (the environment's); a provider without one, or not in the catalogue, has no wallet. */
  async function secretOf(provider: string): Promise<string> {
    const secret = Object.hasOwn(secrets, provider) ? secrets[provider] : undefined;
    if (!secret || !(await findProviderBySlug(db, provider))) throw noIntegration(provider);
    return secret;
  }

  /**
   * A call signed with any secret the provider may use now (the rotated ones and the one in its grace window, else
   * the environment's). The signature is checked first, from memory: only a signed call reaches the database, which
   * then says whether the provider is still in the catalogue and enabled.
   */
  async function verify(
    provider: string,
    call: { rawBody: string; timestamp: string | undefined; signature: string | undefined },
  ): Promise<void> {
    const fromEnv = Object.hasOwn(secrets, provider) ? secrets[provider] : undefined;
    const candidates = acceptedSecrets ? acceptedSecrets(provider) : fromEnv ? [fromEnv] : null;
    if (candidates === null) throw noIntegration(provider);
    const verdicts = candidates.map((secret) => checkSignature(secret, call, now(), limits.signatureWindowMs));
    if (!verdicts.includes('ok')) {
      if (verdicts.includes('expired')) throw new SignatureExpiredError();
      throw new InvalidSignatureError();
    }
    if (!(await findProviderBySlug(db, provider))) throw noIntegration(provider);
  }

  async function gameOf(executor: DbOrTx, provider: string, slug: string) {
    const game = await findGame(executor, slug, null);
    if (!game) return undefined;
    return provider === ORIGINALS_PROVIDER || game.providerSlug === provider ? game : undefined;
  }

  /**
   * The player behind a playerId, with their currency; undefined when unknown or blocked. `owed`: a win or rollback of
   * a bet already taken, which is paid to a blocked player too.
   */
  async function playerOf(executor: DbOrTx, playerId: string, owed = false) {
    if (!/^\d{1,15}$/.test(playerId)) return undefined;
    const player = await findPlayer(executor, Number(playerId));
    if (!player || (!owed && player.status !== 'active') || !isCurrency(player.currency)) return undefined;
    return { id: player.id, currency: player.currency };
  }

  /** A refusal with the player's balance, so the game can show it; nothing is stored, a repeat is judged again. */
  async function refusal(executor: Tx, code: WalletErrorCode, player: { id: number; currency: Currency }) {
    const total = await stakes.playable(player.id, player.currency, executor);
    return { response: failure(code, { amount: total, currency: player.currency }) };
  }

  /** What a bet or a balance asks of its game session: alive, as the site session that launched the game. */
  const alive = () => ({ now: now(), isPlayerSessionLive });

  /**
   * Runs one money-moving call: in one transaction, under the advisory locks of its round, of `lockId` and of its own
   * transaction id, answering a repeat of the same transaction id with the stored response. `decide` returns the
   * response and, when it is to be kept for repeats, the row to store.
   */
  async function once(
    provider: string,
    roundId: string,
    lockId: string,
    transactionId: string,
    hash: string,
    decide: (tx: Tx) => Promise<{ response: WalletResponse; row?: Omit<StoredRow, 'response'> }>,
  ): Promise<WalletResponse> {
    return db.transaction(async (tx) => {
      // The round first (a win and a rollback of one round cannot interleave), then the ids in a fixed order.
      await lockProviderRound(tx, provider, roundId);
      for (const id of [...new Set([lockId, transactionId])].sort()) await lockProviderTransaction(tx, provider, id);
      const existing = await findProviderTransaction(tx, provider, transactionId);
      if (existing) {
        return existing.requestHash === hash ? (existing.response as WalletResponse) : failure('transaction_conflict');
      }
      const { response, row } = await decide(tx);
      if (row) await insertProviderTransaction(tx, { ...row, provider, transactionId, requestHash: hash, response });
      return response;
    });
  }

  return {
    verify,

    /** A player's game rounds (bets, wins and rollbacks summed per round), newest first: the back office's view. */
    async roundsOf(userId: number, page: { page: number; pageSize: number }) {
      const { rows, total } = await roundsOfUser(db, userId, {
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
      const items: StaffGameRound[] = rows.map((row) => ({
        provider: row.provider,
        roundId: row.roundId,
        game: row.game,
        currency: row.currency,
        bet: formatAmount(BigInt(row.bet), row.currency),
        win: formatAmount(BigInt(row.win), row.currency),
        rolledBack: formatAmount(BigInt(row.rolledBack), row.currency),
        calls: row.calls,
        startedAt: row.startedAt.toISOString(),
        lastAt: row.lastAt.toISOString(),
      }));
      return { items, total, page: page.page, pageSize: page.pageSize };
    },

    /**
     * The split each of a player's rounds at a provider used, from the legs its calls recorded when the money moved:
     * its bets' (cash and bonus money, or a free spin) and its win's (cash, the bonus balance, the house bonus pool
     * for a bonus that ended); payout null while the round waits for its win. Rounds without an accepted bet are left
     * out.
     */
    async roundFunding(provider: string, userId: number, roundIds: string[]): Promise<Map<string, FundingSplit>> {
      const leg = (legs: Record<string, string>, kind: string) => BigInt(legs[kind] ?? '0');
      const rounds = new Map<
        string,
        {
          currency: string;
          stake: { main: bigint; bonus: bigint; freeSpin: bigint };
          paid: boolean;
          credited: { main: bigint; bonus: bigint; bonusPool: bigint };
        }
      >();
      for (const call of await roundMoneyCalls(db, provider, userId, roundIds)) {
        const round = rounds.get(call.roundId) ?? {
          currency: call.currency,
          stake: { main: 0n, bonus: 0n, freeSpin: 0n },
          paid: false,
          credited: { main: 0n, bonus: 0n, bonusPool: 0n },
        };
        rounds.set(call.roundId, round);
        if (call.type === 'bet') {
          round.stake.main += leg(call.legs, 'main');
          round.stake.bonus += leg(call.legs, 'bonus');
          round.stake.freeSpin += leg(call.legs, 'freeSpin');
        } else {
          round.paid = true;
          round.credited.main += leg(call.legs, 'main');
          round.credited.bonus += leg(call.legs, 'bonus');
          round.credited.bonusPool += leg(call.legs, 'bonusPool');
        }
      }
      const splits = new Map<string, FundingSplit>();
      for (const [roundId, round] of rounds) {
        const { main, bonus, freeSpin } = round.stake;
        if (main + bonus + freeSpin === 0n) continue;
        const payout = round.paid ? { credited: round.credited, withheld: 0n } : null;
        splits.set(roundId, splitView(round.stake, payout, round.currency));
      }
      return splits;
    },

    /** Exchanges a one-time launch token for the player (or a demo session) and the game. */
    async authenticate(provider: string, token: string): Promise<WalletAuthenticateResponse> {
      await secretOf(provider);
      const launch = await players.redeem(token);
      if (!launch) return failure('token_invalid') as WalletAuthenticateResponse;
      const game = await findGame(db, launch.gameId, null);
      if (!game || !(provider === ORIGINALS_PROVIDER || game.providerSlug === provider)) {
        return failure('game_not_found') as WalletAuthenticateResponse;
      }
      const base = { status: 'ok' as const, mode: launch.mode, gameId: game.slug, locale: launch.locale };
      if (launch.mode === 'demo' || launch.userId === null) {
        return { ...base, mode: 'demo', playerId: null, sessionId: null, currency: DEMO_CURRENCY, balance: null };
      }
      // A launch is only as good as the site session that made it: one that has ended since opens nothing.
      if (launch.playerSessionId === null || !(await isPlayerSessionLive(db, launch.playerSessionId))) {
        return failure('token_invalid') as WalletAuthenticateResponse;
      }
      const player = await playerOf(db, String(launch.userId));
      if (!player) return failure('player_not_found') as WalletAuthenticateResponse;
      const sessionId = newGameSessionId();
      const opened = now();
      await insertGameSession(db, {
        tokenHash: hashToken(sessionId),
        provider,
        userId: player.id,
        gameId: game.id,
        playerSessionId: launch.playerSessionId,
        currency: player.currency,
        createdAt: opened,
        expiresAt: new Date(opened.getTime() + limits.gameSessionTtlMs),
      });
      const total = await stakes.playable(player.id, player.currency);
      return {
        ...base,
        playerId: String(player.id),
        sessionId,
        currency: player.currency,
        balance: formatMinor(total, player.currency),
      };
    },

    async balance(provider: string, body: BalanceBody): Promise<WalletResponse> {
      const player = await playerOf(db, body.playerId);
      if (!player) return failure('player_not_found');
      if (player.currency !== body.currency) return failure('currency_mismatch');
      return db.transaction(async (tx) => {
        const named = await sessionOfCall(tx, { provider, ...body }, alive());
        if ('refusal' in named) return failure(named.refusal);
        return ok(await stakes.playable(player.id, player.currency, tx), player.currency);
      });
    },

    /**
     * Takes a bet through the stake pipeline (protection's guards, main money first, then the active bonus's money; a
     * campaign's free spin from the house bonus pool); refused after its rollback, by a guard, above the bonus max
     * bet, or with the balance when too low.
     */
    async bet(provider: string, body: BetBody): Promise<WalletResponse> {
      const hash = requestHash(['bet', body]);
      return once(provider, body.roundId, body.transactionId, body.transactionId, hash, async (tx) => {
        const player = await playerOf(tx, body.playerId);
        if (!player) return { response: failure('player_not_found') };
        if (player.currency !== body.currency) return { response: failure('currency_mismatch') };
        const game = await gameOf(tx, provider, body.gameId);
        if (!game) return { response: failure('game_not_found') };
        const named = await sessionOfCall(tx, { provider, ...body }, alive());
        if ('refusal' in named) return refusal(tx, named.refusal, player);
        const roundRefusal = betRefusal(await roundOf(tx, provider, body.roundId), named.session.id);
        if (roundRefusal) return refusal(tx, roundRefusal, player);
        const amount = parseDecimal(body.amount, player.currency)!;
        const base = { type: 'bet' as const, ...callOf(body, player, game, named.session, amount) };
        const refuse = async (code: WalletErrorCode, detail?: { code: string; fields?: Record<string, string> }) => ({
          response: failure(
            code,
            { amount: await stakes.playable(player.id, player.currency, tx), currency: player.currency },
            detail,
          ),
          row: { ...base, status: 'refused' as const, ledgerTransferId: null },
        });

        if ((await findRollbacksOf(tx, provider, body.transactionId)).length > 0) {
          return refuse('transaction_rolled_back');
        }
        try {
          // The stake pipeline: player protection's guards, the bonus (free spin, max bet), main money first, the
          // ledger, the stake record and the wagering count.
          const taken = await stakes.stake(tx, {
            product: 'casino',
            sourceKey: casinoSourceKey(provider, body.transactionId),
            transferKey: `casino:${provider}:bet:${body.transactionId}`,
            userId: player.id,
            currency: player.currency,
            amount,
            gameType: gameTypeOf(game),
            gameSlug: game.slug,
            sessionId: null,
            metadata: { provider, transactionId: body.transactionId, roundId: body.roundId, game: game.slug },
          });
          return {
            response: ok(await stakes.playable(player.id, player.currency, tx), player.currency, body.transactionId),
            row: {
              ...base,
              status: 'ok',
              ledgerTransferId: taken.transferId,
              legs: (taken.freeSpin
                ? { freeSpin: taken.shares.freeSpin.toString() }
                : { main: taken.shares.main.toString(), bonus: taken.shares.bonus.toString() }) as Record<
                string,
                string
              >,
            },
          };
        } catch (error) {
          // A guard's refusal reaches the provider as player_protection with the guard's own code (the Originals host
          // shows the player that); the pipeline's own refusals by their wallet codes.
          if (stakes.isGuardRefusal(error)) {
            const refused = error as AppError;
            return refuse('player_protection', {
              code: refused.code,
              ...(refused.fields ? { fields: refused.fields } : {}),
            });
          }
          if (error instanceof BonusMaxBetExceededError) return refuse('bonus_max_bet_exceeded');
          if (error instanceof InsufficientFundsError) return refuse('insufficient_funds');
          throw error;
        }
      });
    },

    /**
     * Pays a win on the round's bets: main money, except the share their bonus-funded stakes earned, which goes where
     * that bonus's money goes now (its balance, main once converted, the bonus pool once it ended otherwise); "0.00"
     * closes a losing round without moving anything.
     */
    async win(provider: string, body: WinBody): Promise<WalletResponse> {
      const hash = requestHash(['win', body]);
      return once(provider, body.roundId, body.transactionId, body.transactionId, hash, async (tx) => {
        const player = await playerOf(tx, body.playerId, true);
        if (!player) return { response: failure('player_not_found') };
        if (player.currency !== body.currency) return { response: failure('currency_mismatch') };
        // A win is owed for a bet already taken: its session may have ended and its game been withdrawn since.
        const named = await sessionOfCall(tx, { provider, ...body }, false);
        if ('refusal' in named) return refusal(tx, named.refusal, player);
        const { game } = named;
        const amount = parseDecimal(body.amount, player.currency)!;
        const cap = { multiplier: game.maxWinMultiplier, ceiling: limits.maxWinPerRound[player.currency] };
        const roundRefusal = winRefusal(await roundOf(tx, provider, body.roundId), named.session.id, amount, cap);
        if (roundRefusal) return refusal(tx, roundRefusal, player);
        // The round's accepted bets earn the win; each one's bonus-funded share goes where its bonus's money goes now.
        const roundBets = await findRoundBets(tx, provider, body.roundId, player.id);
        const paid = await stakes.pay(tx, {
          product: 'casino',
          transferKey: `casino:${provider}:win:${body.transactionId}`,
          userId: player.id,
          currency: player.currency,
          amount,
          sourceKeys: roundBets.map((bet) => casinoSourceKey(provider, bet.transactionId)),
          metadata: { provider, transactionId: body.transactionId, roundId: body.roundId, game: game.slug },
        });
        const transferId = paid.transferId;
        const winLegs: Record<string, string> = {};
        for (const [kind, credited] of Object.entries(paid.credited)) {
          if (credited > 0n) winLegs[kind] = credited.toString();
        }
        const total = await stakes.playable(player.id, player.currency, tx);
        return {
          response: ok(total, player.currency, body.transactionId),
          row: {
            type: 'win',
            ...callOf(body, player, game, named.session, amount),
            status: 'ok',
            ledgerTransferId: transferId,
            legs: winLegs,
          },
        };
      });
    },

    /**
     * Returns a bet's money: each share where its money belongs now. A rollback whose bet has not arrived is stored as a tombstone, so
     * the late bet is refused; a bet that was refused, or already rolled back, has nothing to return.
     */
    async rollback(provider: string, body: RollbackBody): Promise<WalletResponse> {
      const hash = requestHash(['rollback', body]);
      return once(provider, body.roundId, body.referenceTransactionId, body.transactionId, hash, async (tx) => {
        const player = await playerOf(tx, body.playerId, true);
        if (!player) return { response: failure('player_not_found') };
        const named = await sessionOfCall(tx, { provider, ...body }, false);
        if ('refusal' in named) return refusal(tx, named.refusal, player);
        const { game } = named;
        const bet = await findProviderTransaction(tx, provider, body.referenceTransactionId);
        if (
          bet &&
          (bet.type !== 'bet' ||
            bet.userId !== player.id ||
            bet.gameSessionId !== named.session.id ||
            bet.roundId !== body.roundId)
        ) {
          return { response: failure('transaction_conflict') };
        }
        const roundRefusal = rollbackRefusal(await roundOf(tx, provider, body.roundId));
        if (roundRefusal) return refusal(tx, roundRefusal, player);

        const earlier = await findRollbacksOf(tx, provider, body.referenceTransactionId);
        let transferId: number | null = null;
        let returned = 0n;
        if (bet && bet.status === 'ok' && earlier.length === 0) {
          // A rollback undoes the bet: each share goes back where its money belongs now.
          const refunded = await stakes.refund(tx, {
            product: 'casino',
            transferKey: `casino:${provider}:rollback:${body.referenceTransactionId}`,
            userId: player.id,
            currency: bet.currency,
            sourceKey: casinoSourceKey(provider, body.referenceTransactionId),
            metadata: {
              provider,
              transactionId: body.transactionId,
              referenceTransactionId: body.referenceTransactionId,
              roundId: body.roundId,
              game: game.slug,
            },
          });
          transferId = refunded.transferId;
          returned = refunded.returned;
        }
        const total = await stakes.playable(player.id, player.currency, tx);
        return {
          response: ok(total, player.currency, body.transactionId),
          row: {
            type: 'rollback',
            referenceTransactionId: body.referenceTransactionId,
            ...callOf(body, player, game, named.session, returned),
            status: 'ok',
            ledgerTransferId: transferId,
          },
        };
      });
    },
  };
}
