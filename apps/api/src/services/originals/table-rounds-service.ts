import { isDeepStrictEqual } from 'node:util';
import type { Db, PendingTableAction } from '@playhouse/db';
import {
  IllegalActionError as EngineIllegalActionError,
  isTableGame,
  jsonObject,
  mapTableStakes,
  playFairTableRound,
  tableActionFromJson,
  tableInputFromJson,
  tableToJson,
  validateTableBets,
  type JsonObject,
  type JsonValue,
  type Multiplier,
  type TableGame,
  type TableRoundInput,
  type TableRoundState,
} from '@playhouse/games';
import {
  formatMinor,
  parseDecimal,
  type Currency,
  type OriginalsRound,
  type TableActionRequest,
  type TableRound,
  type TableRoundBody,
  type TableRoundResponse,
  type WalletResponse,
} from '@playhouse/shared';
import { databaseErrorCode, ServiceUnavailableError, ValidationError } from '../../lib/errors';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import { currencyFrom, ownerOf, throwWalletRefusal, type HostKit, type RoundWalletCall } from './originals-host-kit';
import {
  insertRound,
  settleDemo,
  type OriginalsRoundRow,
  type OriginalsSessionRow,
  type SeedRow,
} from './originals-queries';
import { ORIGINALS_MAX_BET, ORIGINALS_MIN_BET, walletTransactionIds } from './originals-ids';
import { ActionConflictError, IllegalActionError, RoundNotFoundError, RoundOpenError } from './table-errors';
import { findOpenTableRound, findTableRound, moveTableRound, type TableRoundMove } from './table-round-queries';
import type { WalletClient } from './wallet-client';

/** The most a table round's first bets may add up to: a few boxes or a spread of chips at the top stake. */
export const TABLE_MAX_INITIAL_STAKE = 3n * ORIGINALS_MAX_BET;
/** The win call is idempotent, so a transient failure is simply sent again. */
const WIN_ATTEMPTS = 3;

/** The wallet transaction id of an action's extra stake: the round's id, the action's index and the try. */
export function actionTransactionId(walletRoundId: string, index: number, attempt: number): string {
  return attempt === 0 ? `${walletRoundId}:action:${index}` : `${walletRoundId}:action:${index}.${attempt}`;
}

type StoredInput = { game: TableGame; bets: JsonValue };

/** The round's game and initial bets as stored (`params`), stakes in minor units. */
export function storedInputOf(round: OriginalsRoundRow): StoredInput {
  const params = round.params as { game?: unknown; bets?: JsonValue };
  if (!isTableGame(typeof params.game === 'string' ? params.game : null)) throw new Error('not a table round');
  return { game: params.game as TableGame, bets: params.bets ?? null };
}

export function tableInputOf(round: OriginalsRoundRow, actions: readonly unknown[] = round.actions ?? []) {
  const stored = storedInputOf(round);
  return tableInputFromJson({ game: stored.game, bets: stored.bets, actions });
}

function seedsOf(seed: SeedRow, nonce: number) {
  return { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce };
}

/** A multiplier as a decimal string of four places ("1.9500"), exact: floor(10,000 × n / d). */
function multiplierText(multiplier: Multiplier): string {
  const tenThousandths = (10_000n * BigInt(multiplier.numerator)) / BigInt(multiplier.denominator);
  return `${tenThousandths / 10_000n}.${(tenThousandths % 10_000n).toString().padStart(4, '0')}`;
}

/** What the round stores as its outcome (the player's view and, once finished, the settlement). */
export function outcomeOf(state: TableRoundState): Record<string, unknown> {
  return jsonObject(
    tableToJson({
      view: state.view,
      allowedActions: state.allowedActions,
      settlement: state.settlement,
    }),
  );
}

/** Stored minor units (decimal strings) as the player reads them: decimal amounts of the currency. */
export function decimalStakes(json: unknown, currency: Currency): JsonValue {
  return mapTableStakes(json, (stake) => formatMinor(BigInt(String(stake)), currency));
}

/** Amounts as the player sends them into minor units, each at least the smallest bet. */
export function minorStakes(json: unknown, currency: Currency, field: string): JsonObject {
  return jsonObject(
    mapTableStakes(json, (stake) => {
      const minor = typeof stake === 'string' ? parseDecimal(stake, currency) : null;
      if (minor === null || minor < ORIGINALS_MIN_BET || minor > ORIGINALS_MAX_BET) {
        throw new ValidationError({
          [field]: `each stake must be between ${formatMinor(ORIGINALS_MIN_BET, currency)} and ${formatMinor(ORIGINALS_MAX_BET, currency)}`,
        });
      }
      return minor.toString();
    }),
  );
}

/** Replays the round with these actions; an engine refusal becomes the player's 409, a malformed stake a 400. */
async function replay(seed: SeedRow, nonce: number, input: TableRoundInput): Promise<TableRoundState> {
  try {
    return await playFairTableRound(seedsOf(seed, nonce), input);
  } catch (error) {
    if (error instanceof EngineIllegalActionError) throw new IllegalActionError(error.message);
    if (error instanceof RangeError) throw new ValidationError({ action: error.message });
    throw error;
  }
}

/** Inside a transaction: the round moved before this write, so the transaction is undone and the round read again. */
class MovedMeanwhile extends Error {}

export type TableRounds = ReturnType<typeof createTableRounds>;

/**
 * The table games of the Originals host: a round is stored as its input (game, bets, actions) with its seed and nonce,
 * and replayed for every step. Real money moves through the seamless wallet: one bet for the first bets, one more per
 * action that adds a stake (its own transaction id, from the round and the action's index), one win when the round
 * is over. Demo rounds move the session's play money. See packages/games/src/table/README.md.
 */
export function createTableRounds({
  db,
  wallet,
  kit,
  seedOf,
  now = () => new Date(),
}: {
  db: Db;
  wallet: WalletClient;
  kit: HostKit;
  /** The seed row a round was played with. */
  seedOf: (seedId: number) => Promise<SeedRow>;
  now?: () => Date;
}) {
  async function toTableRound(round: OriginalsRoundRow, seed: SeedRow, state: TableRoundState): Promise<TableRound> {
    const currency = currencyFrom(round.currency);
    const stored = storedInputOf(round);
    const settlement = state.settlement;
    return {
      id: round.id,
      game: stored.game,
      status: state.finished ? 'finished' : 'open',
      nonce: round.nonce,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      serverSeed: seed.revealedAt ? seed.serverSeed : null,
      bets: jsonObject(decimalStakes(stored.bets, currency)),
      actions: (round.actions ?? []).map((action) => jsonObject(decimalStakes(action, currency))),
      nextIndex: (round.actions ?? []).length,
      allowedActions: [...state.allowedActions],
      view: jsonObject(tableToJson(state.view)),
      settlement: settlement
        ? {
            bets: settlement.bets.map((bet) => ({
              bet: bet.bet,
              stake: formatMinor(bet.stake, currency),
              multiplier: multiplierText(bet.multiplier),
              payout: formatMinor(bet.payout, currency),
            })),
            totalStake: formatMinor(settlement.totalStake, currency),
            totalPayout: formatMinor(settlement.totalPayout, currency),
          }
        : null,
      stake: formatMinor(round.bet, currency),
      finishedByDefault: round.defaultedAt !== null,
      createdAt: round.createdAt.toISOString(),
    };
  }

  async function answer(
    round: OriginalsRoundRow,
    seed: SeedRow,
    balance: bigint,
    session: OriginalsSessionRow,
  ): Promise<TableRoundResponse> {
    const state = await replay(seed, round.nonce, tableInputOf(round));
    const active = await kit.activeSeed(ownerOf(session));
    return {
      round: await toTableRound(round, seed, state),
      balance: formatMinor(balance, kit.currencyOf(session)),
      fairness: { serverSeedHash: active.serverSeedHash, clientSeed: active.clientSeed, nonce: active.nextNonce },
    };
  }

  /** Sends the round's win (possibly 0.00) a few times; whatever is still owed after that, the settlement job pays. */
  async function payWin(round: OriginalsRoundRow, base: RoundWalletCall): Promise<WalletResponse | null> {
    const ids = walletTransactionIds(round.walletRoundId!);
    for (let attempt = 0; attempt < WIN_ATTEMPTS; attempt += 1) {
      try {
        const credit = await wallet.win({
          ...base,
          transactionId: ids.win,
          amount: formatMinor(round.payout, base.currency),
        });
        if (credit.status === 'ok') await kit.settleRound(round);
        return credit;
      } catch {
        // Sent again below; past the attempts the job delivers it.
      }
    }
    return null;
  }

  /** What finishing a round writes: its final view, payout and status (demo rounds are settled at once). */
  function finishing(state: TableRoundState, mode: 'real' | 'demo'): TableRoundMove {
    if (!state.finished) return { outcome: outcomeOf(state) };
    return {
      outcome: outcomeOf(state),
      payout: state.settlement!.totalPayout,
      status: mode === 'demo' ? 'settled' : 'accepted',
      ...(mode === 'demo' ? { settledAt: now() } : {}),
    };
  }

  /** The round answered as it stands: what a retry of an action already applied gets. */
  async function current(round: OriginalsRoundRow, session: OriginalsSessionRow) {
    const seed = await seedOf(round.seedId);
    return answer(round, seed, await kit.balanceOf(session), session);
  }

  return {
    /** Starts a round with its initial bets: the first wallet bet (or play money), and the win if it is already over. */
    async start(token: string | undefined, body: TableRoundBody): Promise<TableRoundResponse> {
      const session = await kit.liveSession(token);
      const game = await kit.gameOf(session);
      if (game.engine !== 'table' || !isTableGame(game.engineConfig)) {
        throw new ValidationError({ game: 'this game session does not play a table game' });
      }
      if (body.game !== game.engineConfig) {
        throw new ValidationError({ game: `this game session plays ${game.engineConfig}` });
      }
      const currency = kit.currencyOf(session);
      const bets = minorStakes(body.bets, currency, 'bets');
      const input = tableInputFromJson({ game: body.game, bets, actions: [] });
      const problem = validateTableBets(input);
      if (problem) throw new ValidationError({ bets: problem });

      const owner = ownerOf(session);
      const refuseOpen = (error: unknown): never => {
        if (databaseErrorCode(error) === '23505') throw new RoundOpenError();
        throw error;
      };

      /*
       * The nonce is taken and the round written in one transaction: taking the nonce locks the seed's row until the
       * round is written, so a seed rotation (which reveals the server seed under the same lock) either sees the round
       * in play and refuses, or comes first and the round takes a nonce of the next seed.
       */
      const placed = await db
        .transaction(async (tx) => {
          const seed = await kit.nextNonce(owner, tx);
          const state = await replay(seed, seed.nonce, input);
          if (state.initialStake > TABLE_MAX_INITIAL_STAKE) {
            throw new ValidationError({
              bets: `the bets may add up to ${formatMinor(TABLE_MAX_INITIAL_STAKE, currency)}`,
            });
          }
          const payout = state.finished ? state.settlement!.totalPayout : 0n;
          const values = {
            sessionId: session.id,
            seedId: seed.id,
            nonce: seed.nonce,
            engine: 'table' as const,
            mode: session.mode,
            params: { game: body.game, bets },
            actions: [],
            outcome: outcomeOf(state),
            bet: state.initialStake,
            payout,
            currency,
            lastActionAt: now(),
          };
          if (session.mode === 'demo') {
            const after = await settleDemo(tx, session.id, state.initialStake, payout);
            if (after === null) throw new InsufficientFundsError(0, session.demoBalance ?? 0n);
            const round = await insertRound(tx, {
              ...values,
              status: state.finished ? 'settled' : 'open',
              ...(state.finished ? { settledAt: now() } : {}),
            });
            return { seed, state, round, demoBalance: after };
          }
          const walletRoundId = `${game.slug}:${seed.id}:${seed.nonce}`;
          const round = await insertRound(tx, { ...values, status: 'placed', walletRoundId });
          return { seed, state, round, demoBalance: null };
        })
        .catch(refuseOpen);
      const { seed, state } = placed;
      if (placed.demoBalance !== null) return answer(placed.round, seed, placed.demoBalance, session);

      const named = kit.walletSessionOf(session);
      const base = { ...named, roundId: placed.round.walletRoundId!, gameId: game.slug, currency };
      const staked = await kit.stakeRound(placed.round, base, state.initialStake, state.finished ? 'accepted' : 'open');
      let { round, balance } = staked;
      if (state.finished) {
        const credit = await payWin(round, base);
        if (credit?.status === 'ok') balance = parseDecimal(credit.balance, currency)!;
        round = (await findTableRound(db, round.id, session.id)) ?? round;
      }
      return answer(round, seed, balance, session);
    },

    /**
     * One action of an open round. It is applied only at the index the player saw (a retry of the same gesture is
     * answered with the round as it is, never applied twice); an action that adds a stake is first recorded as being
     * with the wallet, then bet, then written with the round; the round's win follows when it is over.
     */
    async act(token: string | undefined, roundId: number, body: TableActionRequest): Promise<TableRoundResponse> {
      const session = await kit.liveSession(token);
      const currency = kit.currencyOf(session);
      const actionJson = minorStakesOfAction(body.action, currency);

      for (let look = 0; look < 3; look += 1) {
        const round = await findTableRound(db, roundId, session.id);
        if (!round) throw new RoundNotFoundError();
        const actions = round.actions ?? [];
        // A retry of an action already applied: the round as it stands.
        if (body.index < actions.length) {
          if (isDeepStrictEqual(actions[body.index], actionJson)) return current(round, session);
          throw new ActionConflictError();
        }
        if (round.status !== 'open') {
          if (round.status === 'placed') throw new ActionConflictError();
          throw new IllegalActionError('the round is over');
        }
        if (body.index > actions.length) throw new ActionConflictError();

        const pending = round.pendingAction;
        const resending = pending !== null && pending.index === body.index && !pending.rollback;
        if (pending !== null && !(resending && isDeepStrictEqual(pending.action, actionJson))) {
          throw new ActionConflictError();
        }

        const seed = await seedOf(round.seedId);
        const nextActions = [...actions, actionJson];
        const state = await replay(seed, round.nonce, tableInputOf(round, nextActions));
        const extra = state.actionStakes.at(-1) ?? 0n;
        const from = { actions: actions.length, pending };

        if (session.mode === 'demo') {
          const moved = await db
            .transaction(async (tx) => {
              const payout = state.finished ? state.settlement!.totalPayout : 0n;
              const after = await settleDemo(tx, session.id, extra, payout);
              if (after === null) throw new InsufficientFundsError(0, session.demoBalance ?? 0n);
              const row = await moveTableRound(tx, round.id, from, {
                actions: nextActions,
                bet: round.bet + extra,
                lastActionAt: now(),
                ...finishing(state, 'demo'),
              });
              // Somebody moved the round first: the play money goes back with the transaction, and we look again.
              if (!row) throw new MovedMeanwhile();
              return { row, after };
            })
            .catch((error: unknown) => {
              if (error instanceof MovedMeanwhile) return null;
              throw error;
            });
          if (!moved) continue;
          return answer(moved.row, seed, moved.after, session);
        }

        const named = kit.walletSessionOf(session);
        const base = { ...named, roundId: round.walletRoundId!, gameId: (await kit.gameOf(session)).slug, currency };

        if (extra === 0n) {
          const row = await moveTableRound(db, round.id, from, {
            actions: nextActions,
            lastActionAt: now(),
            ...finishing(state, 'real'),
          });
          if (!row) continue;
          if (!state.finished) return answer(row, seed, await kit.realBalance(session), session);
          const credit = await payWin(row, base);
          const settled = (await findTableRound(db, row.id, session.id)) ?? row;
          const balance =
            credit?.status === 'ok' ? parseDecimal(credit.balance, currency)! : await kit.realBalance(session);
          return answer(settled, seed, balance, session);
        }

        // The extra stake goes to the wallet: first written as pending, so a lost answer is rolled back by the job.
        let claim: PendingTableAction;
        if (resending) {
          claim = pending;
        } else {
          claim = {
            index: body.index,
            action: actionJson,
            stake: extra.toString(),
            attempt: round.actionAttempts,
            at: now().toISOString(),
            rollback: false,
          };
          const claimed = await moveTableRound(db, round.id, from, { pendingAction: claim });
          if (!claimed) continue;
        }
        const transactionId = actionTransactionId(round.walletRoundId!, claim.index, claim.attempt);
        let debit: WalletResponse;
        try {
          debit = await wallet.bet({ ...base, transactionId, amount: formatMinor(BigInt(claim.stake), currency) });
        } catch {
          throw new ServiceUnavailableError('The game could not reach the wallet; a stake it took is returned.');
        }
        const held = { actions: actions.length, pending: claim };
        if (debit.status !== 'ok') {
          // Refused: nothing of the action is kept, and its next try gets a transaction id of its own.
          await moveTableRound(db, round.id, held, { pendingAction: null, actionAttempts: claim.attempt + 1 });
          throwWalletRefusal(debit, currency);
        }
        const row = await moveTableRound(db, round.id, held, {
          actions: nextActions,
          pendingAction: null,
          bet: round.bet + extra,
          lastActionAt: now(),
          ...finishing(state, 'real'),
        });
        if (!row) {
          // A twin request recorded it first, or the settlement job is rolling the stake back.
          const again = await findTableRound(db, round.id, session.id);
          if (again && isDeepStrictEqual((again.actions ?? [])[body.index], actionJson)) {
            return current(again, session);
          }
          throw new ServiceUnavailableError('The move was cancelled meanwhile; its stake is returned.');
        }
        let balance = parseDecimal(debit.balance, currency)!;
        let settled = row;
        if (state.finished) {
          const credit = await payWin(row, base);
          if (credit?.status === 'ok') balance = parseDecimal(credit.balance, currency)!;
          settled = (await findTableRound(db, row.id, session.id)) ?? row;
        }
        return answer(settled, seed, balance, session);
      }
      throw new ActionConflictError();
    },

    /** The session's round in play, to resume after a reload. */
    async open(token: string | undefined): Promise<{ round: TableRound | null }> {
      const session = await kit.liveSession(token);
      const round = await findOpenTableRound(db, session.id);
      if (!round) return { round: null };
      const seed = await seedOf(round.seedId);
      const state = await replay(seed, round.nonce, tableInputOf(round));
      return { round: await toTableRound(round, seed, state) };
    },

    /** A table round in the fairness history: its input (game, bets, actions) and its final view. */
    historyEntry(round: OriginalsRoundRow, seed: SeedRow, base: OriginalsRound): OriginalsRound {
      const currency = currencyFrom(round.currency);
      const stored = storedInputOf(round);
      return {
        ...base,
        params: { game: stored.game, bets: decimalStakes(stored.bets, currency) },
        actions: (round.actions ?? []).map((action) => jsonObject(decimalStakes(action, currency))),
      };
    },
  };

  /** An action as stored: the odds' amounts in minor units (they are the player's to choose, within the engine's 3-4-5x). */
  function minorStakesOfAction(action: TableActionRequest['action'], currency: Currency): Record<string, unknown> {
    const json = jsonObject(
      mapTableStakes(action, (stake) => {
        const minor = typeof stake === 'string' ? parseDecimal(stake, currency) : null;
        if (minor === null || minor <= 0n) throw new ValidationError({ action: 'odds must be positive amounts' });
        return minor.toString();
      }),
    );
    // Parsed once here so a malformed action is a 400 before anything is read.
    tableActionFromJson(json);
    return json;
  }
}
