import type { Db } from '@playhouse/db';
import {
  generateServerSeed,
  hashServerSeed,
  isSharedTableGame,
  jsonObject,
  mapTableStakes,
  playFairTableRound,
  predictableServerSeed,
  SHARED_TABLE_TIMING,
  tableInputFromJson,
  tableToJson,
  validateTableBets,
  type SharedTableGame,
  type TableRoundInput,
  type TableRoundState,
} from '@playhouse/games';
import {
  formatMinor,
  parseDecimal,
  type SharedBetsBody,
  type SharedRound,
  type SharedSlip,
  type SharedTableState,
  type WalletResponse,
} from '@playhouse/shared';
import {
  databaseErrorCode,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
  errorClass,
} from '../../lib/errors';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import { currencyFrom, throwWalletRefusal, type HostKit } from './originals-host-kit';
import { walletTransactionIds } from './originals-ids';
import { notify } from './shared-table-notify';
import { settleDemo, type OriginalsSessionRow } from './originals-queries';
import {
  advanceRound,
  findRound,
  findSharedTable,
  insertRound,
  insertSlip,
  latestRound,
  listSharedTables,
  lockBettingRound,
  recentResults,
  slipsOf,
  updateSlip,
  type SharedBetRow,
  type SharedRoundRow,
} from './shared-table-queries';
import { minorStakes, TABLE_MAX_INITIAL_STAKE } from './table-rounds-service';
import type { WalletClient } from './wallet-client';

/** Results a table's state shows (and players can verify). */
const RESULTS_SHOWN = 10;

export class BettingClosedError extends errorClass(
  'betting_closed',
  'No more bets: this round has closed. Bet on the next one.',
  409,
) {}

export class BetsPlacedError extends errorClass('bets_placed', 'Your bets for this round are already placed.', 409) {}

/** The round's public client seed: the table and the round's number, the same for everyone. */
export const sharedClientSeed = (slug: string, number: number) => `${slug}:${number}`;

/** A placeholder bet that reads the round's outcome (the pocket, the coup), which never depends on the bets. */
function outcomeInput(game: SharedTableGame): TableRoundInput {
  return game === 'baccarat'
    ? { game, bets: { bets: [{ kind: 'banker', stake: 1n }] }, actions: [] }
    : { game, bets: { bets: [{ kind: 'red', stake: 1n }] }, actions: [] };
}

const seedsOf = (round: SharedRoundRow) => ({ serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: 0 });

/** A slip's own round: the round's seeds with the player's bets. */
export function playSlip(round: SharedRoundRow, game: SharedTableGame, bets: unknown): Promise<TableRoundState> {
  return playFairTableRound(seedsOf(round), tableInputFromJson({ game, bets, actions: [] }));
}

export function publicRound(round: SharedRoundRow): SharedRound {
  const revealed = round.status === 'result';
  return {
    id: round.id,
    number: round.number,
    status: round.status,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    serverSeed: revealed ? round.serverSeed : null,
    bettingClosesAt: round.bettingClosesAt.toISOString(),
    resultAt: round.resultAt.toISOString(),
    nextRoundAt: round.nextRoundAt.toISOString(),
    outcome: revealed ? round.outcome : null,
  };
}

const SLIP_STATUS = {
  placed: 'pending',
  open: 'in',
  accepted: 'in',
  settled: 'settled',
  refused: 'refused',
  cancelled: 'cancelled',
} as const;

export type SharedTables = ReturnType<typeof createSharedTables>;

/**
 * Shared tables: every shared-table game of the catalogue runs rounds on one clock for everyone seated. The clock
 * (`tick`, run by one instance at a time under the job's advisory lock) opens a round with a fresh server seed whose
 * hash is public, closes betting, computes the result from the seed and publishes both, and the next round follows.
 * Each player's slip is one wallet bet and one win, like an Originals round; the settlement job delivers what the
 * wallet still has to hear (originals-settlement.ts).
 */
export function createSharedTables({
  db,
  wallet,
  kit,
  log,
  predictableSeeds = false,
  now = () => new Date(),
}: {
  db: Db;
  wallet: WalletClient;
  kit: HostKit;
  log: { warn(details: Record<string, unknown>, message: string): void };
  /** Tests only (TEST_SEEDS): a round's server seed follows from its public client seed. */
  predictableSeeds?: boolean;
  now?: () => Date;
}) {
  async function openRound(table: { id: number; slug: string }, previous: SharedRoundRow | undefined, at: Date) {
    const number = (previous?.number ?? 0) + 1;
    const clientSeed = sharedClientSeed(table.slug, number);
    const serverSeed = predictableSeeds ? await predictableServerSeed(clientSeed) : generateServerSeed();
    const closes = new Date(at.getTime() + SHARED_TABLE_TIMING.bettingMs);
    const result = new Date(closes.getTime() + SHARED_TABLE_TIMING.closedMs);
    return insertRound(db, {
      gameId: table.id,
      number,
      serverSeed,
      serverSeedHash: await hashServerSeed(serverSeed),
      clientSeed,
      status: 'betting',
      bettingClosesAt: closes,
      resultAt: result,
      nextRoundAt: new Date(result.getTime() + SHARED_TABLE_TIMING.resultMs),
    });
  }

  /** Moves one table's clock on as far as `at` allows; answers whether anything changed. */
  async function advance(table: { id: number; slug: string; config: string | null }, at: Date): Promise<boolean> {
    if (!isSharedTableGame(table.config)) return false;
    const round = await latestRound(db, table.id);
    if (!round || (round.status === 'result' && at >= round.nextRoundAt)) {
      return (await openRound(table, round, at)) !== undefined;
    }
    if (round.status === 'betting' && at >= round.bettingClosesAt) {
      return (await advanceRound(db, round.id, 'betting', { status: 'closed' })) !== undefined;
    }
    if (round.status === 'closed' && at >= round.resultAt) {
      const state = await playFairTableRound(seedsOf(round), outcomeInput(table.config));
      const outcome = jsonObject(tableToJson(state.view));
      return (await advanceRound(db, round.id, 'closed', { status: 'result', outcome })) !== undefined;
    }
    return false;
  }

  async function stateOf(table: { id: number; slug: string; config: string | null }): Promise<SharedTableState> {
    if (!isSharedTableGame(table.config)) throw new NotFoundError('No such shared table.');
    const round = await latestRound(db, table.id);
    const results = await recentResults(db, table.id, RESULTS_SHOWN);
    return {
      table: { slug: table.slug, game: table.config },
      serverTime: now().toISOString(),
      round: round ? publicRound(round) : null,
      results: results.map(publicRound),
    };
  }

  async function slipOf(slip: SharedBetRow, round: SharedRoundRow, game: SharedTableGame): Promise<SharedSlip> {
    const currency = currencyFrom(slip.currency);
    let settlement: SharedSlip['settlement'] = null;
    if (round.status === 'result') {
      const played = (await playSlip(round, game, slip.bets)).settlement!;
      settlement = {
        bets: played.bets.map((bet) => ({
          bet: bet.bet,
          stake: formatMinor(bet.stake, currency),
          multiplier: (bet.multiplier.numerator / bet.multiplier.denominator).toFixed(4),
          payout: formatMinor(bet.payout, currency),
        })),
        totalStake: formatMinor(played.totalStake, currency),
        totalPayout: formatMinor(played.totalPayout, currency),
      };
    }
    return {
      roundId: round.id,
      roundNumber: round.number,
      bets: jsonObject(mapTableStakes(slip.bets, (stake) => formatMinor(BigInt(String(stake)), currency))),
      stake: formatMinor(slip.stake, currency),
      status: SLIP_STATUS[slip.status],
      settlement,
    };
  }

  async function sessionTable(session: OriginalsSessionRow) {
    const game = await kit.gameOf(session);
    if (game.engine !== 'shared-table' || !isSharedTableGame(game.engineConfig)) {
      throw new ValidationError({ game: 'this game session does not sit at a shared table' });
    }
    return { id: game.id, slug: game.slug, config: game.engineConfig };
  }

  return {
    /** One step of every table's clock. */
    async tick(at: Date = now()): Promise<number> {
      let moved = 0;
      for (const table of await listSharedTables(db)) {
        // A table whose clock fell behind (a deploy, a crash) catches up one step at a time, announcing each.
        for (let step = 0; step < 4 && (await advance(table, at)); step += 1) {
          moved += 1;
          await notify(db, table.id).catch((error: unknown) =>
            log.warn({ err: error, table: table.slug }, 'a shared table change could not be announced'),
          );
        }
      }
      return moved;
    },

    /** What everyone seated sees: the round in play, its countdown and the latest results with their seeds. */
    async state(slug: string): Promise<SharedTableState> {
      const table = await findSharedTable(db, slug);
      if (!table) throw new NotFoundError('No such shared table.');
      return stateOf(table);
    },

    /** The catalogue id of a shared table, for its stream's subscription. */
    async tableId(slug: string): Promise<number> {
      const table = await findSharedTable(db, slug);
      if (!table) throw new NotFoundError('No such shared table.');
      return table.id;
    },

    /**
     * Places the session's bets on the round taking bets: checked against the engine's rules, written while the round
     * still takes them, then one wallet bet (play money for a demo session). One slip per round and session.
     */
    async placeBets(token: string | undefined, body: SharedBetsBody): Promise<{ slip: SharedSlip; balance: string }> {
      const session = await kit.liveSession(token);
      const table = await sessionTable(session);
      if (body.game !== table.config) throw new ValidationError({ game: `this table plays ${table.config}` });
      const currency = kit.currencyOf(session);
      const bets = minorStakes(body.bets, currency, 'bets');
      const input = tableInputFromJson({ game: body.game, bets, actions: [] });
      const problem = validateTableBets(input);
      if (problem) throw new ValidationError({ bets: problem });
      const round = await findRound(db, body.roundId);
      if (!round || round.gameId !== table.id) throw new BettingClosedError();
      const stake = (await playSlip(round, table.config, bets)).initialStake;
      if (stake > TABLE_MAX_INITIAL_STAKE) {
        throw new ValidationError({ bets: `the bets may add up to ${formatMinor(TABLE_MAX_INITIAL_STAKE, currency)}` });
      }
      const walletRoundId = session.mode === 'real' ? `${table.slug}:r${round.id}:s${session.id}` : null;

      const written = await db
        .transaction(async (tx) => {
          if (!(await lockBettingRound(tx, round.id, now()))) throw new BettingClosedError();
          let demoBalance: bigint | null = null;
          if (session.mode === 'demo') {
            demoBalance = await settleDemo(tx, session.id, stake, 0n);
            if (demoBalance === null) throw new InsufficientFundsError(0, session.demoBalance ?? 0n);
          }
          const slip = await insertSlip(tx, {
            roundId: round.id,
            sessionId: session.id,
            mode: session.mode,
            bets,
            stake,
            currency,
            status: session.mode === 'demo' ? 'accepted' : 'placed',
            walletRoundId,
          });
          return { slip, demoBalance };
        })
        .catch((error: unknown) => {
          if (databaseErrorCode(error) === '23505') throw new BetsPlacedError();
          throw error;
        });
      if (written.demoBalance !== null) {
        return {
          slip: await slipOf(written.slip, round, table.config),
          balance: formatMinor(written.demoBalance, currency),
        };
      }

      const named = kit.walletSessionOf(session);
      const ids = walletTransactionIds(walletRoundId!);
      let debit: WalletResponse;
      try {
        debit = await wallet.bet({
          ...named,
          roundId: walletRoundId!,
          gameId: table.slug,
          currency,
          transactionId: ids.bet,
          amount: formatMinor(stake, currency),
        });
      } catch {
        // Whether the wallet took it is unknown: the settlement job rolls it back.
        throw new ServiceUnavailableError('The table could not reach the wallet; a stake it took is returned.');
      }
      if (debit.status !== 'ok') {
        await updateSlip(db, written.slip.id, ['placed'], { status: 'refused' });
        throwWalletRefusal(debit, currency);
      }
      const taken = await updateSlip(db, written.slip.id, ['placed'], { status: 'accepted' });
      if (!taken) throw new ServiceUnavailableError('The bets were cancelled meanwhile; their stake is returned.');
      return {
        slip: await slipOf(taken, round, table.config),
        balance: formatMinor(parseDecimal(debit.balance, currency)!, currency),
      };
    },

    /** The session's slips of the round in play and the latest results, with what each paid. */
    async slips(token: string | undefined): Promise<{ slips: SharedSlip[]; balance: string }> {
      const session = await kit.liveSession(token);
      const table = await sessionTable(session);
      const current = await latestRound(db, table.id);
      const results = await recentResults(db, table.id, RESULTS_SHOWN);
      const rounds = new Map([...results, ...(current ? [current] : [])].map((round) => [round.id, round]));
      const slips = await slipsOf(db, session.id, [...rounds.keys()]);
      const ordered = slips.sort((a, b) => b.roundId - a.roundId);
      return {
        slips: await Promise.all(ordered.map((slip) => slipOf(slip, rounds.get(slip.roundId)!, table.config))),
        balance: formatMinor(await kit.balanceOf(session), kit.currencyOf(session)),
      };
    },
  };
}
