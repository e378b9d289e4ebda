import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@playhouse/db';
import { betSelections, bets, markets, matches, outcomes, sports, tournaments } from '@playhouse/db/schema';
import {
  SPORTS_BET_LIMITS,
  formatMinor,
  isCurrency,
  parseDecimal,
  toThousandths,
  type Bet,
  type BetsQuery,
  type BetsResponse,
  type Currency,
  type FundingSplit,
  type PlaceBetBody,
  type PreviewBetsBody,
  type PreviewBetsResponse,
} from '@playhouse/shared';
import { AppError, ValidationError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import type { Clock } from '../../lib/clock';
import type { StakePipeline } from '../stakes/stake-pipeline';
import { stakesBySource } from '../stakes/stake-queries';
import { previewView, splitView } from '../stakes/stake-views';
import { z } from 'zod';
import { IdempotencyConflictError, hashedRequest, requestHash } from '../../lib/idempotency';
import { rowsOf } from '../../lib/sql-rows';
import { entriesOfTransfers } from '../wallet/wallet-service';
import { payoutTransferKey, sportsSourceKey, stakeTransferKey, voidTransferKey } from './bet-keys';
import { oddText, payoutFor, totalOddThousandths } from './bet-math';
import { batchedPlacement, placeLookup, type PlaceRead } from './bet-place-queries';
import { cashOutTotals } from './cash-out-queries';
import { selectionNameFields, type SelectionNames } from './sports-queries';
import type { InPlayService } from './in-play-service';
import {
  MarketSuspendedError,
  MatchNotInPlayError,
  MatchStartedError,
  OddsChangedError,
  OutcomeNotFoundError,
  PayoutAboveMaximumError,
  SameMatchTwiceError,
  SelectionCountError,
  StakeAboveMaximumError,
  StakeBelowMinimumError,
} from './sports-errors';

/** The bounds of one currency in minor units. */
export function betLimits(currency: Currency) {
  const limits = SPORTS_BET_LIMITS[currency];
  return {
    ...limits,
    minStakeMinor: parseDecimal(limits.minStake, currency)!,
    maxStakeMinor: parseDecimal(limits.maxStake, currency)!,
    maxPayoutMinor: parseDecimal(limits.maxPayout, currency)!,
  };
}

/** What a bet asked for, so a repeat of its key must ask for the same (the selections in any order). */
function betRequestHash(body: PlaceBetBody, stake: bigint): string {
  const selections = body.selections
    .map((selection) => [selection.outcomeId, toThousandths(selection.odd)])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
  return requestHash([body.kind, stake.toString(), body.oddsChangePolicy, selections]);
}

type BetRow = typeof bets.$inferSelect;

/** What a bet's view shows of one selection: the facts stored with it and the names of its match and market. */
export interface SelectionFacts extends SelectionNames {
  outcomeId: number;
  matchId: number;
  odd: number;
}

/** A bet as the player sees it, names in the request's language; `selections` in slip order. */
export function betView(
  row: BetRow,
  selections: SelectionFacts[],
  context: LocaleContext,
  funding: FundingSplit | null,
  cashedOut?: { stake: bigint; amount: bigint },
): Bet {
  const currency = isCurrency(row.currency) ? row.currency : 'EUR';
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    stake: formatMinor(row.stake, currency),
    currency: row.currency,
    totalOdd: Number(row.totalOddThousandths) / 1000,
    potentialPayout: formatMinor(row.potentialPayout, currency),
    payout: row.payout === null ? null : formatMinor(row.payout, currency),
    oddsChangePolicy: row.oddsChangePolicy,
    placedAt: row.placedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    selections: selections.map((selection) => ({
      outcomeId: selection.outcomeId,
      matchId: selection.matchId,
      matchDateTimeUTC: selection.startsAt.getTime(),
      sportName: localize(selection.sportName, context),
      tournamentName: localize(selection.tournamentName, context),
      matchTeams: [
        { matchTeamType: '1' as const, teamName: localize(selection.team1, context) },
        { matchTeamType: '2' as const, teamName: localize(selection.team2, context) },
      ],
      betName: localize(selection.betName, context),
      providerBetOutcomeId: selection.label,
      odd: selection.odd / 1000,
      result: selection.result,
    })),
    funding,
    ...(cashedOut
      ? {
          cashedOut: { stake: formatMinor(cashedOut.stake, currency), amount: formatMinor(cashedOut.amount, currency) },
        }
      : {}),
  };
}

/**
 * The split each bet used, from what its money's records say: the stake's shares as the stake pipeline recorded them,
 * and, once settled, the entries of its current settlement's transfer (the payout, nothing for a loss, or the void's
 * refund) with what was kept against the bet's debt. Nothing is computed again.
 */
async function fundingOf(db: DbOrTx, rows: BetRow[]): Promise<Map<string, FundingSplit>> {
  const recorded = new Map(
    (
      await stakesBySource(
        db,
        rows.map((row) => sportsSourceKey(row.id)),
      )
    ).map((stake) => [stake.sourceKey, stake]),
  );
  const settlementKey = (row: BetRow) =>
    row.status === 'void'
      ? voidTransferKey(row.id, row.settlementVersion)
      : payoutTransferKey(row.id, row.settlementVersion);
  // A bet cashed out has no settlement transfer: its cash outs are shown on their own.
  const settled = rows.filter((row) => row.status !== 'open' && row.status !== 'cashed_out');
  const entries = await entriesOfTransfers(db, settled.map(settlementKey));
  const splits = new Map<string, FundingSplit>();
  for (const row of rows) {
    const stake = recorded.get(sportsSourceKey(row.id));
    if (!stake) continue;
    let payout: Parameters<typeof splitView>[1] = null;
    if (row.status !== 'open' && row.status !== 'cashed_out') {
      const credited = { main: 0n, bonus: 0n, bonusPool: 0n };
      for (const entry of entries) {
        if (entry.key !== settlementKey(row)) continue;
        if (entry.userId === row.userId && entry.kind === 'main') credited.main += entry.amount;
        else if (entry.userId === row.userId && entry.kind === 'bonus') credited.bonus += entry.amount;
        else if (entry.userId === null && entry.kind === 'bonus_pool') credited.bonusPool += entry.amount;
      }
      payout = { credited, withheld: row.withheld };
    }
    splits.set(row.id, splitView(stake, payout, row.currency));
  }
  return splits;
}

/** Bets as the player sees them, names in the request's language. */
export async function betViews(db: DbOrTx, rows: BetRow[], context: LocaleContext): Promise<Bet[]> {
  if (rows.length === 0) return [];
  const selections = await db
    .select({
      betId: betSelections.betId,
      outcomeId: betSelections.outcomeId,
      matchId: betSelections.matchId,
      odd: betSelections.oddThousandths,
      ...selectionNameFields,
    })
    .from(betSelections)
    .innerJoin(outcomes, eq(outcomes.id, betSelections.outcomeId))
    .innerJoin(markets, eq(markets.id, outcomes.marketId))
    .innerJoin(matches, eq(matches.id, betSelections.matchId))
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .where(
      inArray(
        betSelections.betId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(betSelections.position));
  const [funding, cashedOut] = await Promise.all([
    fundingOf(db, rows),
    cashOutTotals(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) =>
    betView(
      row,
      selections.filter((selection) => selection.betId === row.id),
      context,
      funding.get(row.id) ?? null,
      cashedOut.get(row.id),
    ),
  );
}

/** An SQL array of bound values: `array[$1, $2, ...]` (cast it to the element type at the call). */
function arrayOf(values: number[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]`;
}

/** One row of `sports_slip_book` (migration 0022): an outcome of the slip, share-locked with its market and match. */
/** A row of `sports_slip_book`: what the slip's outcomes stand at, with the names a bet keeps. */
const localizedText = z.partialRecord(z.string(), z.string());
const slipBookRow = z.object({
  outcome_id: z.coerce.number(),
  odd_thousandths: z.coerce.number(),
  outcome_status: z.string(),
  label: z.string(),
  market_id: z.coerce.number(),
  market_status: z.string(),
  market_name: localizedText,
  match_id: z.coerce.number(),
  match_status: z.string(),
  starts_at: z.coerce.date(),
  team1: localizedText,
  team2: localizedText,
  sport_name: localizedText,
  tournament_name: localizedText,
});

type SlipBookRow = z.infer<typeof slipBookRow>;

/** What a bet keeps of one selection, from its outcome's row of the book. */
function factsOf(row: SlipBookRow): SelectionFacts {
  return {
    outcomeId: row.outcome_id,
    matchId: row.match_id,
    odd: row.odd_thousandths,
    result: null,
    label: row.label,
    betName: row.market_name,
    startsAt: row.starts_at,
    team1: row.team1,
    team2: row.team2,
    sportName: row.sport_name,
    tournamentName: row.tournament_name,
  };
}

/**
 * The slip checked against its book (`sports_slip_book`'s rows) and priced at the book's odds, in slip order: every
 * outcome there, its match not started (or, for the matches in `inPlayMatches`, which the bet waited its delay for,
 * in play), its market and itself open, no match twice, the odds within the player's policy. Throws the refusal.
 */
function checkSlip(
  rows: SlipBookRow[],
  body: PlaceBetBody,
  now: Date,
  inPlayMatches: ReadonlySet<number>,
): SelectionFacts[] {
  const byId = new Map(rows.map((row) => [row.outcome_id, row]));
  const seenMatches = new Set<number>();
  const changed: Record<string, string> = {};
  const accepted: SelectionFacts[] = [];
  for (const selection of body.selections) {
    const row = byId.get(selection.outcomeId);
    if (!row) throw new OutcomeNotFoundError(selection.outcomeId);
    const matchId = row.match_id;
    if (inPlayMatches.has(matchId)) {
      // A bet that waited its delay for this match in play: the match must still be in play.
      if (row.match_status !== 'live') throw new MatchNotInPlayError(matchId);
    } else if (row.match_status !== 'scheduled' || row.starts_at.getTime() <= now.getTime()) {
      // Prematch, or a match that kicked off since the bet was asked: an in-play bet must wait its delay.
      throw new MatchStartedError(matchId);
    }
    if (row.market_status !== 'open' || row.outcome_status !== 'open') {
      throw new MarketSuspendedError(selection.outcomeId);
    }
    if (seenMatches.has(matchId)) throw new SameMatchTwiceError(matchId);
    seenMatches.add(matchId);
    const seen = toThousandths(selection.odd);
    const odd = row.odd_thousandths;
    const refused =
      body.oddsChangePolicy === 'none'
        ? odd !== seen
        : body.oddsChangePolicy === 'higher'
          ? seen === null || odd < seen
          : false;
    if (refused) changed[String(selection.outcomeId)] = oddText(odd);
    accepted.push(factsOf(row));
  }
  if (Object.keys(changed).length > 0) throw new OddsChangedError(changed);
  return accepted;
}

/** A book as text (`PlaceRead.book`, `sports_place_bet`'s answer): `sports_slip_book`'s rows. */
function bookFromText(text: string): SlipBookRow[] {
  return z.array(slipBookRow).parse(JSON.parse(text));
}

export type BetService = ReturnType<typeof createBetService>;

/** The bet delay's wait: a timer, nothing else held (no transaction, no lock, no connection). */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createBetService({
  db,
  clock,
  stakes,
  inPlay,
}: {
  db: Db;
  clock: Clock;
  stakes: StakePipeline;
  inPlay: InPlayService;
}) {
  /**
   * Bets in play waiting their delay in this process, by player and idempotency key: a second request of the same
   * submission (a double click, a retry after a lost answer) joins the first's wait and gets its answer instead of
   * waiting and pricing again. Across instances the key's unique index still places the bet once.
   */
  /** Bets in their delay's wait right now, holding nothing. */
  let delaying = 0;
  const waiting = new Map<string, { hash: string; answer: Promise<{ bet: Bet; replayed: boolean }> }>();
  const readPlace = placeLookup(db);
  // Placements in one statement decided in the same turn go to the database together (sports_place_bets).
  const placeOne = batchedPlacement(db);

  async function findByKey(executor: DbOrTx, userId: number, idempotencyKey: string) {
    const [row] = await executor
      .select()
      .from(bets)
      .where(and(eq(bets.userId, userId), eq(bets.idempotencyKey, idempotencyKey)));
    return row ?? null;
  }

  /**
   * Checks the slip against the book as it is now and prices it at the current odds. The slip's matches, markets and
   * outcomes are read under a share lock, so a feed delivery suspending one of them either committed before (the bet
   * sees the suspension) or waits until the bet has committed: a bet never races a suspension. The locks are taken
   * table by table in id order, the order the ingest writes them in, so the two never deadlock; all of it is one call
   * of `sports_slip_book`, one round trip. `inPlayMatches` are the slip's matches the bet waited its delay for: those
   * must be in play (and nothing else may be).
   */
  async function priced(tx: Tx, body: PlaceBetBody, now: Date, inPlayMatches: ReadonlySet<number>) {
    const ids = body.selections.map((selection) => selection.outcomeId);
    if (new Set(ids).size !== ids.length) {
      throw new ValidationError({ selections: 'a selection appears twice' }, 'A selection appears twice on the slip.');
    }
    const book = await tx.execute(sql`select * from sports_slip_book(${arrayOf(ids)}::bigint[])`);
    return checkSlip(rowsOf(book, slipBookRow), body, now, inPlayMatches);
  }

  return {
    /**
     * Places a single or an accumulator. The bet, its selections and the stake's ledger transfer (main → house
     * 'sports', key bet:<id>) are one transaction: too little money writes nothing (409 insufficient_funds), and a
     * replayed Idempotency-Key answers with the bet it placed the first time.
     */
    async place(
      user: { id: number; currency: string },
      body: PlaceBetBody,
      idempotencyKey: string,
      context: LocaleContext,
      options: { sessionId?: number | null } = {},
    ): Promise<{ bet: Bet; replayed: boolean }> {
      if (!isCurrency(user.currency)) throw new ValidationError({ currency: 'unsupported currency' });
      const currency = user.currency;
      const limits = betLimits(currency);
      const stake = parseDecimal(body.stake, currency);
      if (stake === null) throw new ValidationError({ stake: 'must be a decimal amount' });
      if (body.kind === 'single' && body.selections.length !== 1) {
        throw new SelectionCountError('A single has exactly one selection.');
      }
      if (body.kind === 'accumulator' && body.selections.length < 2) {
        throw new SelectionCountError('An accumulator needs at least two selections.');
      }
      const once = hashedRequest(betRequestHash(body, stake), () => findByKey(db, user.id, idempotencyKey));
      const replay = async (row: BetRow) => {
        const [bet] = await betViews(db, [row], context);
        return { bet: bet!, replayed: true };
      };
      const sessionId = options.sessionId ?? null;
      const outcomeIds = body.selections.map((selection) => selection.outcomeId);
      const lookup = () => readPlace({ userId: user.id, idempotencyKey, outcomeIds, sessionId, currency });
      // One read: the bet an earlier request with the key placed, the book, the player's guard inputs and money.
      const read = await lookup();
      const existing = await hashedRequest(once.hash, async () => read.earlier).earlier();
      if (existing) return replay(existing);

      if (stake < limits.minStakeMinor) throw new StakeBelowMinimumError(limits.minStake, currency);
      if (stake > limits.maxStakeMinor) throw new StakeAboveMaximumError(limits.maxStake, currency);

      /** The bet's row as its placement writes it. */
      const betRowOf = (id: string, odds: number[], potentialPayout: bigint, now: Date): BetRow => ({
        id,
        userId: user.id,
        kind: body.kind,
        stake,
        currency,
        totalOddThousandths: totalOddThousandths(odds),
        potentialPayout,
        payout: null,
        status: 'open',
        oddsChangePolicy: body.oddsChangePolicy,
        idempotencyKey,
        requestHash: once.hash,
        placedAt: now,
        settledAt: null,
        // A new bet is at its first settlement version (the column's default; the insert leaves it to it).
        settlementVersion: 0,
        shortfall: 0n,
        withheld: 0n,
      });

      /**
       * The placement in one statement (docs/decisions.md, "Sports placement in one statement"): decided from the
       * read, then `sports_place_bet`, which takes the locks of the pipeline's transaction in its order, checks under
       * them that the book, the guard's inputs, the bonus and the money are as decided on, and writes what that
       * transaction writes. Null, having written nothing, when anything is not the common case (no session, a bonus
       * running, too little main money, a guard that would refuse or must decide itself, a refusal of the slip, a
       * key placed already) or moved since the read: the pipeline's transaction then decides, as it always did.
       */
      const placeInOne = async (
        inPlayMatches: ReadonlySet<number>,
        given: PlaceRead,
        givenBook: SlipBookRow[],
      ): Promise<{ bet: Bet; replayed: boolean } | null> => {
        if (sessionId === null || given.earlier || given.bonusActive || given.main < stake) return null;
        const cleared = stakes.clearance(given.guardState, user.id);
        if (!cleared) return null;
        const now = clock.now();
        let accepted: SelectionFacts[];
        try {
          if (new Set(outcomeIds).size !== outcomeIds.length) return null;
          accepted = checkSlip(givenBook, body, now, inPlayMatches);
        } catch (error) {
          // A refusal is the pipeline's to make, under its locks.
          if (error instanceof AppError) return null;
          throw error;
        }
        const odds = accepted.map((selection) => selection.odd);
        const potentialPayout = payoutFor(stake, odds);
        if (potentialPayout > limits.maxPayoutMinor) return null;
        const id = randomUUID();
        const row = betRowOf(id, odds, potentialPayout, now);
        const transfer = stakes.mainMoneyStake({
          product: 'sports',
          transferKey: stakeTransferKey(id),
          userId: user.id,
          currency,
          amount: stake,
          metadata: { betId: id, kind: body.kind },
        });
        const placed = await placeOne({
          betId: id,
          userId: user.id,
          idempotencyKey,
          requestHash: once.hash,
          kind: body.kind,
          stake,
          currency,
          totalOddThousandths: row.totalOddThousandths,
          potentialPayout,
          oddsChangePolicy: body.oddsChangePolicy,
          placedAt: now,
          outcomeIds: accepted.map((selection) => selection.outcomeId),
          matchIds: accepted.map((selection) => selection.matchId),
          odds,
          liveMatchIds: [...inPlayMatches],
          sessionId,
          guardState: given.guardState,
          guardMs: cleared.msLeft,
          sourceKey: sportsSourceKey(id),
          stakeAt: clock.now(),
          transfer,
        });
        // A racing request with the same key won the insert: answer as it did.
        if (placed.outcome === 'twin') return replay((await once.winner(null)).row);
        if (placed.outcome !== 'done') return null;
        // The ledger metric and the balance notice after commit, as the wallet's transfer makes them.
        stakes.ranInside(transfer, { outcome: 'applied', transferId: placed.transferId, xid: placed.xid });
        // The selections as the book stood under the locks (their names included), in slip order.
        const locked = new Map(bookFromText(placed.book).map((bookRow) => [bookRow.outcome_id, bookRow]));
        const selections = accepted.map((selection) => {
          const bookRow = locked.get(selection.outcomeId);
          if (!bookRow) throw new Error('sports_place_bet answered a book without a selection of the bet');
          return factsOf(bookRow);
        });
        const funding = splitView({ main: stake, bonus: 0n, freeSpin: 0n }, null, currency);
        return { bet: betView(row, selections, context, funding), replayed: false };
      };

      /** The placement through the stake pipeline: priced against the book, the bet and its stake in one transaction. */
      const placeThroughPipeline = async (
        inPlayMatches: ReadonlySet<number>,
      ): Promise<{ bet: Bet; replayed: boolean }> => {
        const now = clock.now();
        const created = await db.transaction(async (tx) => {
          const accepted = await priced(tx, body, now, inPlayMatches);
          const odds = accepted.map((selection) => selection.odd);
          const potentialPayout = payoutFor(stake, odds);
          if (potentialPayout > limits.maxPayoutMinor) throw new PayoutAboveMaximumError(limits.maxPayout, currency);
          const id = randomUUID();
          const row = betRowOf(id, odds, potentialPayout, now);
          // The bet and its selections in one statement; nothing when a racing request with the same key got there first.
          const inserted = await tx.execute(sql`
          with bet as (
            insert into ${bets} (id, user_id, kind, stake, currency, total_odd_thousandths, potential_payout,
              odds_change_policy, idempotency_key, request_hash, placed_at)
            values (${id}, ${user.id}, ${body.kind}, ${stake}, ${currency}, ${row.totalOddThousandths},
              ${potentialPayout}, ${body.oddsChangePolicy}, ${idempotencyKey}, ${once.hash}, ${now})
            on conflict (user_id, idempotency_key) do nothing
            returning id
          ), selections as (
            insert into ${betSelections} (bet_id, outcome_id, match_id, odd_thousandths, position)
            select bet.id, slip.outcome_id, slip.match_id, slip.odd, slip.position - 1
            from bet, unnest(
              ${arrayOf(accepted.map((selection) => selection.outcomeId))}::bigint[],
              ${arrayOf(accepted.map((selection) => selection.matchId))}::bigint[],
              ${arrayOf(odds)}::integer[]
            ) with ordinality as slip(outcome_id, match_id, odd, position)
          )
          select id from bet`);
          if (rowsOf(inserted, z.object({ id: z.unknown() })).length === 0) return null;
          // The stake pipeline: player protection's guards, the bonus (max bet), main money first, the ledger, the stake
          // record. The stake counts towards a bonus's wagering when the bet settles.
          const taken = await stakes.stake(tx, {
            product: 'sports',
            sourceKey: sportsSourceKey(id),
            transferKey: stakeTransferKey(id),
            userId: user.id,
            currency,
            amount: stake,
            gameType: 'sports',
            oddThousandths: totalOddThousandths(odds),
            sessionId,
            metadata: { betId: id, kind: body.kind },
            newSource: true,
            refusalEndsTransaction: true,
          });
          return { row, accepted, shares: taken.shares };
        });
        // A racing request with the same key won the insert: answer as it did.
        if (!created) return replay((await once.winner(created)).row);
        const funding = splitView(created.shares, null, currency);
        return { bet: betView(created.row, created.accepted, context, funding), replayed: false };
      };

      /** The placement proper: in one statement when it can be, else through the stake pipeline's transaction. */
      const placeNow = async (
        inPlayMatches: ReadonlySet<number>,
        given?: { read: PlaceRead; book: SlipBookRow[] },
      ): Promise<{ bet: Bet; replayed: boolean }> => {
        const current = given?.read ?? (await lookup());
        const book = given?.book ?? bookFromText(current.book);
        return (await placeInOne(inPlayMatches, current, book)) ?? placeThroughPipeline(inPlayMatches);
      };

      // Prematch (nothing on the slip in play as read): placed now, from the read. Its book is parsed once: it tells
      // prematch from in play, and the placement checks the slip against it.
      const readBook = bookFromText(read.book);
      if (!readBook.some((bookRow) => bookRow.match_status === 'live')) {
        return placeNow(new Set(), { read, book: readBook });
      }
      const plan = await inPlay.plan(outcomeIds);
      if (plan.liveMatchIds.size === 0) return placeNow(plan.liveMatchIds);

      // In play: the bet waits its delay, then is priced against the market as it is then. Nothing is held while it
      // waits: no transaction, no lock, no money (docs/decisions.md, "Betting in play").
      const slot = `${user.id}:${idempotencyKey}`;
      const twin = waiting.get(slot);
      if (twin) {
        if (twin.hash !== once.hash) throw new IdempotencyConflictError();
        return { bet: (await twin.answer).bet, replayed: true };
      }
      const answer = (async () => {
        // The first look: what the bet would meet now (a suspended market, odds beyond the player's policy, a limit or
        // an exclusion) refuses it at once rather than after the wait. Its short transaction ends before the wait.
        const seen = await db.transaction((tx) => priced(tx, body, clock.now(), plan.liveMatchIds));
        const [guarded] = await stakes.preview([
          {
            product: 'sports',
            userId: user.id,
            currency,
            amount: stake,
            gameType: 'sports',
            oddThousandths: totalOddThousandths(seen.map((selection) => selection.odd)),
            sessionId: options.sessionId ?? null,
          },
        ]);
        if (guarded?.decision.kind === 'refused') throw guarded.decision.error;
        delaying += 1;
        try {
          await sleep(plan.delayMs);
        } finally {
          delaying -= 1;
        }
        return placeNow(plan.liveMatchIds);
      })();
      waiting.set(slot, { hash: once.hash, answer });
      try {
        return await answer;
      } finally {
        waiting.delete(slot);
      }
    },

    /** How many bets in play are in their delay's wait in this process now (past their first look). */
    waitingBets(): number {
      return delaying;
    },

    /**
     * How each bet of a slip would be funded if placed now, in the slip's order (each after the ones before it), or
     * the refusal its placement would meet: the checks of `place` that need no book (the selections, the stake's
     * bounds, the payout at the odds the slip shows), then the stake pipeline's own dry run (guards, bonus, split).
     * Writes and locks nothing; whether the odds and markets still hold is for the placement (the slip follows them).
     */
    async preview(
      user: { id: number; currency: string },
      body: PreviewBetsBody,
      options: { sessionId?: number | null } = {},
    ): Promise<PreviewBetsResponse> {
      if (!isCurrency(user.currency)) throw new ValidationError({ currency: 'unsupported currency' });
      const currency = user.currency;
      const limits = betLimits(currency);
      const asks = body.bets.map((bet) => {
        const stake = parseDecimal(bet.stake, currency) ?? 0n;
        const odds = bet.selections.map((selection) => toThousandths(selection.odd) ?? 0);
        const ids = new Set(bet.selections.map((selection) => selection.outcomeId));
        let refusedBefore: AppError | undefined;
        if (bet.kind === 'single' && bet.selections.length !== 1) {
          refusedBefore = new SelectionCountError('A single has exactly one selection.');
        } else if (bet.kind === 'accumulator' && bet.selections.length < 2) {
          refusedBefore = new SelectionCountError('An accumulator needs at least two selections.');
        } else if (stake < limits.minStakeMinor) {
          refusedBefore = new StakeBelowMinimumError(limits.minStake, currency);
        } else if (stake > limits.maxStakeMinor) {
          refusedBefore = new StakeAboveMaximumError(limits.maxStake, currency);
        } else if (ids.size !== bet.selections.length) {
          refusedBefore = new ValidationError(
            { selections: 'a selection appears twice' },
            'A selection appears twice on the slip.',
          );
        } else if (payoutFor(stake, odds) > limits.maxPayoutMinor) {
          refusedBefore = new PayoutAboveMaximumError(limits.maxPayout, currency);
        }
        return { stake, oddThousandths: totalOddThousandths(odds), refusedBefore };
      });
      const previews = await stakes.preview(
        asks.map((ask) => ({
          product: 'sports' as const,
          userId: user.id,
          currency,
          amount: ask.stake,
          gameType: 'sports' as const,
          oddThousandths: ask.oddThousandths,
          sessionId: options.sessionId ?? null,
          ...(ask.refusedBefore ? { refusedBefore: ask.refusedBefore } : {}),
        })),
      );
      return {
        bets: previews.map((preview, index) =>
          previewView(preview, {
            amount: asks[index]!.stake,
            currency,
            gameType: 'sports',
            product: 'sports',
          }),
        ),
      };
    },

    /** "My bets": newest first, open or settled. */
    async list(userId: number, query: BetsQuery, context: LocaleContext): Promise<BetsResponse> {
      const where = and(
        eq(bets.userId, userId),
        query.status === 'open' ? eq(bets.status, 'open') : undefined,
        query.status === 'settled' ? ne(bets.status, 'open') : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bets)
          .where(where)
          .orderBy(desc(bets.placedAt), desc(bets.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ value: count() }).from(bets).where(where),
      ]);
      return {
        items: await betViews(db, rows, context),
        page: query.page,
        perPage: query.perPage,
        total: total?.value ?? 0,
      };
    },
  };
}

/**
 * One of the player's bets as its receipt states it, names in English (a receipt is one text for everyone), with
 * the settlement version (each re-settlement reopens it); null when the player has no such bet.
 */
export async function betForReceipt(
  db: DbOrTx,
  userId: number,
  betId: string,
): Promise<{ bet: Bet; settlementVersion: number } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(betId)) return null;
  const [row] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.id, betId), eq(bets.userId, userId)));
  if (!row) return null;
  const [bet] = await betViews(db, [row], { locale: 'en', defaultLocale: 'en' });
  return { bet: bet!, settlementVersion: row.settlementVersion };
}
