import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  betSelections,
  bets,
  markets,
  matches,
  outcomes,
  sports,
  tournaments,
  type LocalizedText,
} from '@playhouse/db/schema';
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
  type PlaceBetBody,
} from '@playhouse/shared';
import { ValidationError } from '../../lib/errors';
import { localize, type LocaleContext } from '../../lib/localize';
import type { Clock } from '../../lib/clock';
import type { StakePipeline } from '../stakes/stake-pipeline';
import { IdempotencyConflictError } from '../wallet/wallet-errors';
import { oddText, payoutFor, totalOddThousandths } from './bet-math';
import {
  MarketSuspendedError,
  MatchStartedError,
  OddsChangedError,
  OutcomeNotFoundError,
  PayoutAboveMaximumError,
  SameMatchTwiceError,
  SelectionCountError,
  StakeAboveMaximumError,
  StakeBelowMinimumError,
} from './sports-errors';

export const stakeTransferKey = (betId: string) => `bet:${betId}`;
/** The bonus engine's key of a sports stake's wagering contribution. */
export const sportsSourceKey = (betId: string) => `sports:${betId}`;

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

function requestHash(body: PlaceBetBody, stake: bigint): string {
  const selections = body.selections
    .map((selection) => [selection.outcomeId, toThousandths(selection.odd)])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
  return createHash('sha256')
    .update(JSON.stringify([body.kind, stake.toString(), body.oddsChangePolicy, selections]))
    .digest('hex');
}

type BetRow = typeof bets.$inferSelect;

/** What a bet's view shows of one selection: the facts stored with it and the names of its match and market. */
interface SelectionFacts {
  outcomeId: number;
  matchId: number;
  odd: number;
  result: (typeof betSelections.$inferSelect)['result'];
  label: string;
  betName: LocalizedText;
  startsAt: Date;
  team1: LocalizedText;
  team2: LocalizedText;
  sportName: LocalizedText;
  tournamentName: LocalizedText;
}

/** A bet as the player sees it, names in the request's language; `selections` in slip order. */
function betView(row: BetRow, selections: SelectionFacts[], context: LocaleContext): Bet {
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
  };
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
      result: betSelections.result,
      label: outcomes.label,
      betName: markets.name,
      startsAt: matches.startsAt,
      team1: matches.team1,
      team2: matches.team2,
      sportName: sports.name,
      tournamentName: tournaments.name,
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
  return rows.map((row) =>
    betView(
      row,
      selections.filter((selection) => selection.betId === row.id),
      context,
    ),
  );
}

/** The rows of a raw statement's answer (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An SQL array of bound values: `array[$1, $2, ...]` (cast it to the element type at the call). */
function arrayOf(values: number[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]`;
}

/** One row of `sports_slip_book` (migration 0022): an outcome of the slip, share-locked with its market and match. */
interface SlipBookRow {
  outcome_id: string | number;
  odd_thousandths: number;
  outcome_status: string;
  label: string;
  market_id: string | number;
  market_status: string;
  market_name: LocalizedText;
  match_id: string | number;
  match_status: string;
  starts_at: string | Date;
  team1: LocalizedText;
  team2: LocalizedText;
  sport_name: LocalizedText;
  tournament_name: LocalizedText;
}

export type BetService = ReturnType<typeof createBetService>;

export function createBetService({ db, clock, stakes }: { db: Db; clock: Clock; stakes: StakePipeline }) {
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
   * of `sports_slip_book`, one round trip.
   */
  async function priced(tx: Tx, body: PlaceBetBody, now: Date) {
    const ids = body.selections.map((selection) => selection.outcomeId);
    if (new Set(ids).size !== ids.length) {
      throw new ValidationError({ selections: 'a selection appears twice' }, 'A selection appears twice on the slip.');
    }
    const book = await tx.execute(sql`select * from sports_slip_book(${arrayOf(ids)}::bigint[])`);
    const byId = new Map(rowsOf<SlipBookRow>(book).map((row) => [Number(row.outcome_id), row]));
    const seenMatches = new Set<number>();
    const changed: Record<string, string> = {};
    const accepted: (SelectionFacts & { odd: number })[] = [];
    for (const selection of body.selections) {
      const row = byId.get(selection.outcomeId);
      if (!row) throw new OutcomeNotFoundError(selection.outcomeId);
      const matchId = Number(row.match_id);
      const startsAt = new Date(row.starts_at);
      if (row.match_status !== 'scheduled' || startsAt.getTime() <= now.getTime()) {
        throw new MatchStartedError(matchId);
      }
      if (row.market_status !== 'open' || row.outcome_status !== 'open')
        throw new MarketSuspendedError(selection.outcomeId);
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
      accepted.push({
        outcomeId: selection.outcomeId,
        matchId,
        odd,
        result: null,
        label: row.label,
        betName: row.market_name,
        startsAt,
        team1: row.team1,
        team2: row.team2,
        sportName: row.sport_name,
        tournamentName: row.tournament_name,
      });
    }
    if (Object.keys(changed).length > 0) throw new OddsChangedError(changed);
    return accepted;
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
      const hash = requestHash(body, stake);
      const replay = async (row: BetRow) => {
        if (row.requestHash !== hash) throw new IdempotencyConflictError();
        const [bet] = await betViews(db, [row], context);
        return { bet: bet!, replayed: true };
      };
      const existing = await findByKey(db, user.id, idempotencyKey);
      if (existing) return replay(existing);

      if (stake < limits.minStakeMinor) throw new StakeBelowMinimumError(limits.minStake, currency);
      if (stake > limits.maxStakeMinor) throw new StakeAboveMaximumError(limits.maxStake, currency);

      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const accepted = await priced(tx, body, now);
        const odds = accepted.map((selection) => selection.odd);
        const potentialPayout = payoutFor(stake, odds);
        if (potentialPayout > limits.maxPayoutMinor) throw new PayoutAboveMaximumError(limits.maxPayout, currency);
        const id = randomUUID();
        const row: BetRow = {
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
          requestHash: hash,
          placedAt: now,
          settledAt: null,
          // A new bet is at its first settlement version (the column's default; the insert below leaves it to it).
          settlementVersion: 0,
          shortfall: 0n,
          withheld: 0n,
        };
        // The bet and its selections in one statement; nothing when a racing request with the same key got there first.
        const inserted = await tx.execute(sql`
          with bet as (
            insert into ${bets} (id, user_id, kind, stake, currency, total_odd_thousandths, potential_payout,
              odds_change_policy, idempotency_key, request_hash, placed_at)
            values (${id}, ${user.id}, ${body.kind}, ${stake}, ${currency}, ${row.totalOddThousandths},
              ${potentialPayout}, ${body.oddsChangePolicy}, ${idempotencyKey}, ${hash}, ${now})
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
        if (rowsOf<{ id: string }>(inserted).length === 0) return null;
        // The stake pipeline: player protection's guards, the bonus (max bet), main money first, the ledger, the stake
        // record. The stake counts towards a bonus's wagering when the bet settles.
        await stakes.stake(tx, {
          product: 'sports',
          sourceKey: sportsSourceKey(id),
          transferKey: stakeTransferKey(id),
          userId: user.id,
          currency,
          amount: stake,
          gameType: 'sports',
          oddThousandths: totalOddThousandths(odds),
          sessionId: options.sessionId ?? null,
          metadata: { betId: id, kind: body.kind },
          newSource: true,
          refusalEndsTransaction: true,
        });
        return { row, accepted };
      });
      // A racing request with the same key won the insert: answer as it did.
      if (!created) return replay((await findByKey(db, user.id, idempotencyKey))!);
      return { bet: betView(created.row, created.accepted, context), replayed: false };
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
