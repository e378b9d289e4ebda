import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@playhouse/db';
import {
  bets,
  ledgerAccounts,
  markets,
  matches,
  outcomes,
  sports,
  tournaments,
  userBonuses,
} from '@playhouse/db/schema';
import { z } from 'zod';
import { sportsPlaceBatchFallbacks, sportsPlaceBatches } from '../../lib/metrics';
import { resultColumn, resultText } from '../../lib/sql-rows';
import { groupCommit } from '../../lib/group-commit';
import { transferArguments, type PreparedTransfer } from '../wallet/wallet-service';

type BetRow = typeof bets.$inferSelect;

/*
 * The placement in one statement (issue 23): one read of everything a placement decides on, then `sports_place_bet`
 * (migration 0044), which takes the stake pipeline's locks, checks the decision still stands and writes the bet.
 */

/** What a placement decides on, read in one statement before any lock (`placeLookup`). */
export interface PlaceRead {
  /** The bet an earlier request with the same key placed (null: none). */
  earlier: BetRow | null;
  /** The slip's book as `sports_slip_book` returns it (the same keys), as text: read without its share locks. */
  book: string;
  /** The player's stake guard inputs as `player_stake_guard_state` (migration 0044) writes them. */
  guardState: string;
  /** Whether the player has an active bonus. */
  bonusActive: boolean;
  /** The player's main money in the bet's currency (0 without the account). */
  main: bigint;
}

/**
 * What a placement decides on, in one statement: the bet an earlier request with the key placed, the slip's book with
 * the names a bet shows (the columns of `sports_slip_book`, without its locks), the player's guard inputs
 * (`player_stake_guard_state`), whether a bonus runs, and the player's main money. Built once per service on the pool
 * and run as a named prepared statement.
 */
export function placeLookup(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const userId = sql`${p('userId')}::bigint`;
  const query = db
    .select({
      earlier: bets,
      book: sql<string>`(select coalesce(jsonb_agg(jsonb_build_object('outcome_id', ${outcomes.id},
          'odd_thousandths', ${outcomes.oddThousandths}, 'outcome_status', ${outcomes.status}, 'label', ${outcomes.label},
          'market_id', ${markets.id}, 'market_status', ${markets.status}, 'market_name', ${markets.name},
          'match_id', ${matches.id}, 'match_status', ${matches.status}, 'starts_at', ${matches.startsAt},
          'team1', ${matches.team1}, 'team2', ${matches.team2}, 'sport_name', ${sports.name},
          'tournament_name', ${tournaments.name})), '[]'::jsonb)::text
        from ${outcomes}
        join ${markets} on ${markets.id} = ${outcomes.marketId}
        join ${matches} on ${matches.id} = ${markets.matchId}
        join ${sports} on ${sports.id} = ${matches.sportId}
        join ${tournaments} on ${tournaments.id} = ${matches.tournamentId}
        where ${outcomes.id} = any(${p('outcomeIds')}::bigint[]))`,
      guardState: sql<string>`player_stake_guard_state(${userId}, ${p('sessionId')}::bigint)`,
      bonusActive: sql<boolean>`exists (select 1 from ${userBonuses}
        where ${userBonuses.userId} = ${userId} and ${userBonuses.status} = 'active')`,
      main: sql<string | null>`(select ${ledgerAccounts.balance}::text from ${ledgerAccounts}
        where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.kind} = 'main'
          and ${ledgerAccounts.currency} = ${p('currency')})`,
    })
    .from(sql`(values (1)) as one`)
    .leftJoin(bets, and(eq(bets.userId, p('userId')), eq(bets.idempotencyKey, p('idempotencyKey'))))
    .prepare('sports_place_read');
  return async (request: {
    userId: number;
    idempotencyKey: string;
    outcomeIds: number[];
    sessionId: number | null;
    currency: string;
  }): Promise<PlaceRead> => {
    const [row] = await query.execute(request);
    if (!row) throw new Error('sports_place_read answered nothing');
    return {
      earlier: row.earlier,
      book: row.book,
      guardState: row.guardState,
      bonusActive: row.bonusActive,
      main: row.main === null ? 0n : BigInt(row.main),
    };
  };
}

/** What the placement in one statement is asked to do (`placeInOneStatement`). */
export interface OneStatementPlacement {
  betId: string;
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  kind: string;
  stake: bigint;
  currency: string;
  totalOddThousandths: bigint;
  potentialPayout: bigint;
  oddsChangePolicy: string;
  placedAt: Date;
  /** The slip in its order: each outcome, its match and the odd the bet takes. */
  outcomeIds: number[];
  matchIds: number[];
  odds: number[];
  /** The matches the bet waited its delay for (they must be in play). */
  liveMatchIds: number[];
  sessionId: number;
  /** The guard inputs the decision was made on (`PlaceRead.guardState`) and how long it holds (null: no limit). */
  guardState: string;
  guardMs: number | null;
  /** The stake pipeline's record of the stake. */
  sourceKey: string;
  stakeAt: Date;
  /** The stake's transfer, as the stake pipeline prepared it (in the bet's currency). */
  transfer: PreparedTransfer;
}

/** What the placement in one statement did: placed the bet (its transfer and the book under the locks), or why not. */
export type OneStatementPlaced =
  { outcome: 'done'; transferId: number; xid: string; book: string } | { outcome: 'twin' | 'moved' | 'pipeline' };

const placedRow = z.object({
  outcome: z.enum(['done', 'twin', 'moved', 'pipeline']),
  transferId: z.string().nullable(),
  xid: z.string().nullable(),
  book: z.string().nullable(),
});

/**
 * A placement paid with main money only, in one statement: `sports_place_bet` (migration 0044). Built once per
 * service and run as a named prepared statement on the pool (the statement is its own transaction). Bigints come back
 * as text, so both drivers answer alike.
 */
export function placeInOneStatement(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select({
      outcome: resultColumn<string>('outcome'),
      transferId: resultText('transfer_id'),
      xid: resultColumn('xid'),
      book: resultColumn('book'),
    })
    .from(
      sql`sports_place_bet(${p('betId')}::uuid, ${p('userId')}::bigint, ${p('idempotencyKey')}, ${p('requestHash')},
        ${p('kind')}, ${p('stake')}::bigint, ${p('currency')}, ${p('totalOdd')}::bigint, ${p('potentialPayout')}::bigint,
        ${p('policy')}, ${p('placedAt')}::timestamptz, ${p('outcomeIds')}::bigint[], ${p('matchIds')}::bigint[],
        ${p('odds')}::integer[], ${p('liveMatchIds')}::bigint[], ${p('sessionId')}::bigint, ${p('guardState')}::text,
        ${p('guardMs')}::double precision, ${p('sourceKey')}, ${p('stakeAt')}::timestamptz, ${p('transferKey')},
        ${p('transferHash')}, ${p('transferKind')}, ${p('metadata')}::jsonb,
        ${p('users')}::bigint[], ${p('kinds')}::text[], ${p('shards')}::integer[], ${p('amounts')}::bigint[]) as r`,
    )
    .prepare('sports_place_bet');
  return async (request: OneStatementPlacement): Promise<OneStatementPlaced> => {
    const { transfer } = request;
    const [raw] = await query.execute({
      // The stake's transfer; `currency`, which the statement names once for the bet and its transfer, is the bet's.
      ...transferArguments(transfer),
      betId: request.betId,
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      kind: request.kind,
      stake: request.stake.toString(),
      currency: request.currency,
      totalOdd: request.totalOddThousandths.toString(),
      potentialPayout: request.potentialPayout.toString(),
      policy: request.oddsChangePolicy,
      placedAt: request.placedAt.toISOString(),
      outcomeIds: request.outcomeIds,
      matchIds: request.matchIds,
      odds: request.odds,
      liveMatchIds: request.liveMatchIds,
      sessionId: request.sessionId,
      guardState: request.guardState,
      guardMs: request.guardMs,
      sourceKey: request.sourceKey,
      stakeAt: request.stakeAt.toISOString(),
    });
    return placedOf(placedRow.parse(raw));
  };
}

/** What a row of `sports_place_bet` (or of `sports_place_bets`) says. */
function placedOf(row: z.infer<typeof placedRow>): OneStatementPlaced {
  if (row.outcome !== 'done') return { outcome: row.outcome };
  if (row.transferId === null || row.xid === null || row.book === null) {
    throw new Error('sports_place_bet answered done without its transfer or book');
  }
  return { outcome: 'done', transferId: Number(row.transferId), xid: row.xid, book: row.book };
}

const batchRow = placedRow.extend({ ordinal: z.coerce.number().int() });

/**
 * Several placements paid with main money only, in one statement and one transaction: `sports_place_bets` (migration
 * 0047), which decides each alone exactly as `sports_place_bet` does, in the order given, under the batch's locks
 * taken phase by phase in one global order. Built once per service and run as a named prepared statement on the pool.
 * The answers are in the order of the requests.
 */
export function placeInOneStatementBatch(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const query = db
    .select({
      ordinal: resultColumn<number>('ordinal'),
      outcome: resultColumn<string>('outcome'),
      transferId: resultText('transfer_id'),
      xid: resultColumn('xid'),
      book: resultColumn('book'),
    })
    .from(sql`sports_place_bets(${p('bets')}::jsonb) as r`)
    .prepare('sports_place_bets');
  return async (requests: OneStatementPlacement[]): Promise<OneStatementPlaced[]> => {
    const bets = requests.map(({ transfer, ...request }) => ({
      bet: request.betId,
      user_id: request.userId,
      key: request.idempotencyKey,
      hash: request.requestHash,
      kind: request.kind,
      stake: request.stake.toString(),
      currency: request.currency,
      total_odd: request.totalOddThousandths.toString(),
      potential_payout: request.potentialPayout.toString(),
      policy: request.oddsChangePolicy,
      placed_at: request.placedAt.toISOString(),
      outcome_ids: request.outcomeIds,
      match_ids: request.matchIds,
      odds: request.odds,
      live_match_ids: request.liveMatchIds,
      session: request.sessionId,
      guard_state: request.guardState,
      guard_ms: request.guardMs,
      source_key: request.sourceKey,
      stake_at: request.stakeAt.toISOString(),
      // The stake's transfer (in the bet's currency, which the statement names once for the bet and its transfer).
      transfer_key: transfer.idempotencyKey,
      transfer_hash: transfer.requestHash,
      transfer_kind: transfer.kind,
      metadata: transfer.metadata,
      users: transfer.legs.map((leg) => leg.userId),
      kinds: transfer.legs.map((leg) => leg.kind),
      shards: transfer.legs.map((leg) => leg.shard),
      amounts: transfer.legs.map((leg) => leg.amount.toString()),
    }));
    const rows = await query.execute({ bets: JSON.stringify(bets) });
    const answers: (OneStatementPlaced | undefined)[] = requests.map(() => undefined);
    for (const raw of rows) {
      const row = batchRow.parse(raw);
      if (row.ordinal < 1 || row.ordinal > requests.length || answers[row.ordinal - 1]) {
        throw new Error(`sports_place_bets answered placement ${row.ordinal} of ${requests.length}`);
      }
      answers[row.ordinal - 1] = placedOf(row);
    }
    return answers.map((answer, index) => {
      if (!answer) throw new Error(`sports_place_bets answered nothing for placement ${index + 1}`);
      return answer;
    });
  };
}

/** The most placements in one statement that go to the database as one call (`sports_place_bets`). */
const PLACE_BATCH_SIZE = 64;

/**
 * Placements in one statement asked for in the same turn of the event loop go to the database together, as one call
 * of `sports_place_bets` (at most 64 to a call); a turn's lone placement, and each of a failed call's, goes alone
 * through `sports_place_bet`. Built once per service.
 */
export function batchedPlacement(db: Db): (request: OneStatementPlacement) => Promise<OneStatementPlaced> {
  return groupCommit({
    runBatch: placeInOneStatementBatch(db),
    runOne: placeInOneStatement(db),
    maxSize: PLACE_BATCH_SIZE,
    metrics: { sizes: sportsPlaceBatches, fallbacks: sportsPlaceBatchFallbacks },
  });
}
