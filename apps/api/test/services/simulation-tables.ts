import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '@playhouse/db';
import { playFairTableRound, tableInputFromJson, type TableGame } from '@playhouse/games';
import {
  launchResponseSchema,
  originalsSessionResponseSchema,
  SIMPLE_TABLE_ACTIONS,
  type TableRound,
  type TableRoundBody,
} from '@playhouse/shared';
import { AppError } from '../../src/lib/errors';
import { SITE_ORIGIN, type CasinoTestApp } from '../helpers/games-fixtures';
import type { seededRandom } from '../helpers/random';

/*
 * The table games in the simulation, through the Originals host and the seamless wallet as a player's page plays
 * them: blackjack hands with every move (doubles, splits and insurance add stakes; a refused one changes nothing; a
 * hand left alone is finished by the settlement job's defaults), and a shared roulette table of the seed's own whose
 * rounds the world's clock runs while the players put slips on them. Server seeds follow from client seeds the seed
 * sets (TEST_SEEDS), so every card and pocket, and so the traffic, replays with the seed.
 */

type Random = ReturnType<typeof seededRandom>;
type Tally = (what: string, n?: number) => void;

/** Refusals a player's move may meet (the money ran out, a bonus's max bet): they change nothing. */
const REFUSALS = new Set(['insufficient_funds', 'bonus_max_bet_exceeded']);

export interface TablePlayer {
  id: number;
  headers: Record<string, string>;
  tables: Random;
  trace: (entry: string) => void;
  blackjack: string;
  shared: string;
  /** Walked away from a hand: no more blackjack this seed, the hand waits for the settlement job's defaults. */
  away: boolean;
}

async function openSession(t: CasinoTestApp, headers: Record<string, string>, slug: string): Promise<string> {
  const launch = await t.app.inject({
    method: 'POST',
    url: `/spa/games/${slug}/launch`,
    headers,
    payload: { mode: 'real' },
  });
  expect(launch.statusCode, `launch of ${slug}`).toBe(201);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/sessions',
    headers: { origin: SITE_ORIGIN },
    payload: { launchToken: launchResponseSchema.parse(launch.json()).launch.token },
  });
  return originalsSessionResponseSchema.parse(opened.json()).session.token;
}

/**
 * The seed's shared table (a game of its own, so its rounds count from 1 in every seed and replay alone as in a
 * chunk) and each player's sessions: blackjack, with a client seed of the seed's, and the table.
 */
export async function openTables(
  t: CasinoTestApp,
  seed: number,
  players: { id: number; headers: Record<string, string>; tables: Random; trace: (entry: string) => void }[],
): Promise<{ slug: string; players: TablePlayer[] }> {
  const slug = `sim-table-${seed}`;
  const [provider] = await t.db
    .select({ id: schema.providers.id })
    .from(schema.providers)
    .where(eq(schema.providers.slug, 'originals'));
  await t.db.insert(schema.games).values({
    slug,
    title: { en: `Simulated Roulette Table ${seed}` },
    providerId: provider!.id,
    kind: 'live',
    engine: 'shared-table',
    engineConfig: 'roulette-european',
    rtp: 9730,
    maxWinMultiplier: 36,
  });
  const seated: TablePlayer[] = [];
  for (const [index, player] of players.entries()) {
    const blackjack = await openSession(t, player.headers, 'blackjack-classic');
    // The player's own client seed, so the server seed (TEST_SEEDS) and every card follow from the seed.
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/seeds/rotate',
      headers: { origin: SITE_ORIGIN, 'x-game-session': blackjack },
      payload: { clientSeed: `sim-${seed}-${index}` },
    });
    expect(rotated.statusCode, 'seed rotation').toBe(200);
    seated.push({ ...player, blackjack, shared: await openSession(t, player.headers, slug), away: false });
  }
  return { slug, players: seated };
}

const ACTION_WEIGHTS: Record<string, number> = {
  insurance: 1,
  no_insurance: 3,
  split: 4,
  double: 2,
  hit: 3,
  stand: 3,
};

/** One move among those the round allows, weighted (splits and doubles often, so their stakes get exercised). */
function pickAction(random: Random, allowed: readonly string[]): string {
  const total = allowed.reduce((sum, action) => sum + (ACTION_WEIGHTS[action] ?? 1), 0);
  let roll = random.next() * total;
  for (const action of allowed) {
    roll -= ACTION_WEIGHTS[action] ?? 1;
    if (roll < 0) return action;
  }
  return allowed.at(-1)!;
}

/** A blackjack hand (or the one left open, resumed): its moves sent once or twice at once, sometimes left alone. */
export async function playBlackjack(t: CasinoTestApp, player: TablePlayer, tally: Tally) {
  const tables = t.app.services.originals.tables;
  const random = player.tables;
  if (player.away) return;
  const resumed = (await tables.open(player.blackjack)).round;
  if (resumed) tally('table: resumed');
  let round: TableRound;
  if (resumed) {
    round = resumed;
  } else {
    const body: TableRoundBody = {
      game: 'blackjack',
      bets: { boxes: [`${random.int(1, 6)}.${random.int(0, 9)}0`] },
    };
    try {
      round = (await tables.start(player.blackjack, body)).round;
    } catch (error) {
      if (error instanceof AppError && REFUSALS.has(error.code)) {
        tally('table: refused start');
        player.trace(`blackjack refused ${error.code}`);
        return;
      }
      throw error;
    }
    tally('table: round');
  }
  for (let moves = 0; round.status === 'open' && moves < 12; moves++) {
    // Now and then the player walks away: the settlement job finishes the hand with its defaults.
    if (random.next() < 0.04) {
      player.away = true;
      tally('table: left alone');
      player.trace(`blackjack left ${round.nextIndex}`);
      return;
    }
    const picked = pickAction(random, round.allowedActions);
    const type = SIMPLE_TABLE_ACTIONS.find((name) => name === picked);
    if (!type) throw new Error(`blackjack offered ${picked}`);
    const action = { type };
    const index: number = round.nextIndex;
    const roundId: number = round.id;
    const copies = random.int(1, 2);
    const answers: PromiseSettledResult<{ round: TableRound }>[] = await Promise.allSettled(
      Array.from({ length: copies }, () => tables.act(player.blackjack, roundId, { index, action })),
    );
    const refused = answers.find((answer) => answer.status === 'rejected');
    if (refused) {
      const error = refused.reason as unknown;
      if (error instanceof AppError && REFUSALS.has(error.code)) {
        tally(`table: ${type} refused`);
        player.trace(`blackjack ${type} refused`);
        // Nothing of the move was kept: the hand is as it was, and the player picks another move.
        const again = (await tables.open(player.blackjack)).round;
        expect(again?.nextIndex, 'a refused move changed nothing').toBe(index);
        round = again!;
        continue;
      }
      throw error;
    }
    const played = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.round] : []));
    for (const copy of played) expect(copy, 'copies of a move answer the same round').toEqual(played[0]);
    round = played[0]!;
    tally(`table: ${type}`);
  }
  player.trace(
    `blackjack ${round.status} ${round.settlement?.totalStake ?? ''} ${round.settlement?.totalPayout ?? ''}`,
  );
}

/** A shared round: the world opens it, players put slips on it (some twice at once), the clock closes and pays it. */
export async function playSharedRound(t: CasinoTestApp, slug: string, players: TablePlayer[], tally: Tally) {
  const tables = t.app.services.sharedTables;
  await tables.tick(new Date());
  const state = await tables.state(slug);
  const round = state.round!;
  expect(round.status, 'a round taking bets').toBe('betting');
  await Promise.all(
    players.map(async (player) => {
      if (player.tables.next() < 0.3) return;
      const kind = player.tables.pick(['red', 'black', 'odd', 'even', 'low', 'high'] as const);
      const bets = {
        bets: [
          { kind, stake: `${player.tables.int(1, 4)}.00` },
          { kind: 'straight' as const, numbers: [player.tables.int(0, 36)], stake: '0.50' },
        ],
      };
      const copies = player.tables.int(1, 2);
      const answers = await Promise.allSettled(
        Array.from({ length: copies }, () =>
          tables.placeBets(player.shared, { game: 'roulette-european', roundId: round.id, bets }),
        ),
      );
      const taken = answers.filter((answer) => answer.status === 'fulfilled').length;
      for (const answer of answers) {
        if (answer.status === 'rejected') {
          const code = answer.reason instanceof AppError ? answer.reason.code : '';
          if (code !== 'bets_placed' && !REFUSALS.has(code)) throw answer.reason;
          tally(`shared: ${code}`);
        }
      }
      expect(taken, 'one slip per round, whatever the copies').toBeLessThanOrEqual(1);
      if (taken === 1) tally('shared: slip');
      player.trace(`shared ${round.number} ${taken}`);
    }),
  );
  // The clock at the round's own moments: betting closes, the result, the next round.
  await tables.tick(new Date(round.bettingClosesAt));
  await tables.tick(new Date(round.resultAt));
  // The clock's instance and the settlement job pay at once: each slip once.
  await Promise.all([
    t.app.services.originalsSettlement.settleSlips(),
    t.app.services.originalsSettlement.settleSlips(),
  ]);
  await tables.tick(new Date(round.nextRoundAt));
}

/** Counts a round's wallet calls of each kind that moved (or had the right to move) money. */
async function callsOf(t: CasinoTestApp, roundId: string) {
  const rows = await t.db
    .select()
    .from(schema.providerTransactions)
    .where(
      and(eq(schema.providerTransactions.provider, 'originals'), eq(schema.providerTransactions.roundId, roundId)),
    );
  const ok = rows.filter((row) => row.status === 'ok');
  return {
    bets: ok.filter(
      (row) => row.type === 'bet' && !ok.some((other) => other.referenceTransactionId === row.transactionId),
    ),
    wins: ok.filter((row) => row.type === 'win'),
  };
}

/**
 * The seed's tables are closed: hands left alone finished by the settlement job (twice at once), and then every table
 * round and slip of the seed must have been staked and paid exactly once, as its engine replays it.
 */
export async function closeTables(t: CasinoTestApp, seed: number, slug: string, players: TablePlayer[], tally: Tally) {
  const userIds = players.map((player) => player.id);
  const sessions = await t.db
    .select({ id: schema.originalsSessions.id })
    .from(schema.originalsSessions)
    .where(inArray(schema.originalsSessions.userId, userIds));
  const sessionIds = sessions.map((row) => row.id);
  await t.db
    .update(schema.originalsRounds)
    .set({ lastActionAt: new Date(Date.now() - 60 * 60_000) })
    .where(and(inArray(schema.originalsRounds.sessionId, sessionIds), eq(schema.originalsRounds.status, 'open')));
  await Promise.all([t.app.services.originalsSettlement.settleDue(), t.app.services.originalsSettlement.settleDue()]);
  await t.db.update(schema.games).set({ active: false }).where(eq(schema.games.slug, slug));

  const rounds = await t.db
    .select({ round: schema.originalsRounds, seed: schema.originalsSeeds })
    .from(schema.originalsRounds)
    .innerJoin(schema.originalsSeeds, eq(schema.originalsSeeds.id, schema.originalsRounds.seedId))
    .where(and(inArray(schema.originalsRounds.sessionId, sessionIds), isNotNull(schema.originalsRounds.actions)));
  for (const { round, seed: seeds } of rounds) {
    const where = `seed ${seed} table round ${round.id}`;
    if (round.status === 'refused') continue;
    expect(round.status, where).toBe('settled');
    if (round.defaultedAt) tally('table: finished by its defaults');
    const params = round.params as { game: TableGame; bets: unknown };
    const state = await playFairTableRound(
      { serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: round.nonce },
      tableInputFromJson({ game: params.game, bets: params.bets, actions: round.actions ?? [] }),
    );
    expect(state.finished, where).toBe(true);
    const { bets, wins } = await callsOf(t, round.walletRoundId!);
    const stakes = [state.initialStake, ...state.actionStakes.filter((stake) => stake > 0n)];
    expect(bets.map((bet) => bet.amount).sort(), `${where}: one bet per stake`).toEqual(stakes.sort());
    expect(
      wins.map((win) => win.amount),
      `${where}: one win of the round's payout`,
    ).toEqual([state.settlement!.totalPayout]);
    expect(round.bet, where).toBe(state.settlement!.totalStake);
  }

  const slips = await t.db
    .select({ slip: schema.sharedTableBets, round: schema.sharedTableRounds })
    .from(schema.sharedTableBets)
    .innerJoin(schema.sharedTableRounds, eq(schema.sharedTableRounds.id, schema.sharedTableBets.roundId))
    .where(inArray(schema.sharedTableBets.sessionId, sessionIds));
  for (const { slip, round } of slips) {
    const where = `seed ${seed} slip ${slip.id}`;
    if (slip.status === 'refused') continue;
    expect(slip.status, where).toBe('settled');
    const state = await playFairTableRound(
      { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: 0 },
      tableInputFromJson({ game: 'roulette-european', bets: slip.bets, actions: [] }),
    );
    const { bets, wins } = await callsOf(t, slip.walletRoundId!);
    expect(
      bets.map((bet) => bet.amount),
      where,
    ).toEqual([slip.stake]);
    expect(
      wins.map((win) => win.amount),
      where,
    ).toEqual([state.settlement!.totalPayout]);
  }
}
