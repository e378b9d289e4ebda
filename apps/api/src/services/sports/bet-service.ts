import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
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
  return rows.map((row) => {
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
      selections: selections
        .filter((selection) => selection.betId === row.id)
        .map((selection) => ({
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
  });
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
   * table by table in id order, the order the ingest writes them in, so the two never deadlock.
   */
  async function priced(tx: Tx, body: PlaceBetBody, now: Date) {
    const ids = body.selections.map((selection) => selection.outcomeId);
    if (new Set(ids).size !== ids.length) {
      throw new ValidationError({ selections: 'a selection appears twice' }, 'A selection appears twice on the slip.');
    }
    const links = await tx
      .select({ outcomeId: outcomes.id, marketId: markets.id, matchId: markets.matchId })
      .from(outcomes)
      .innerJoin(markets, eq(markets.id, outcomes.marketId))
      .where(inArray(outcomes.id, ids));
    const rows = await lockedBook(tx, links);
    const byId = new Map(rows.map((row) => [row.outcomeId, row]));
    const seenMatches = new Set<number>();
    const changed: Record<string, string> = {};
    const accepted: { outcomeId: number; matchId: number; odd: number }[] = [];
    for (const selection of body.selections) {
      const row = byId.get(selection.outcomeId);
      if (!row) throw new OutcomeNotFoundError(selection.outcomeId);
      if (row.matchStatus !== 'scheduled' || row.startsAt.getTime() <= now.getTime()) {
        throw new MatchStartedError(row.matchId);
      }
      if (row.marketStatus !== 'open' || row.outcomeStatus !== 'open') throw new MarketSuspendedError(row.outcomeId);
      if (seenMatches.has(row.matchId)) throw new SameMatchTwiceError(row.matchId);
      seenMatches.add(row.matchId);
      const seen = toThousandths(selection.odd);
      const refused =
        body.oddsChangePolicy === 'none'
          ? row.odd !== seen
          : body.oddsChangePolicy === 'higher'
            ? seen === null || row.odd < seen
            : false;
      if (refused) changed[String(row.outcomeId)] = oddText(row.odd);
      accepted.push({ outcomeId: row.outcomeId, matchId: row.matchId, odd: row.odd });
    }
    if (Object.keys(changed).length > 0) throw new OddsChangedError(changed);
    return accepted;
  }

  /** The slip's rows as they are once share-locked: matches, then markets, then outcomes, each in id order. */
  async function lockedBook(tx: Tx, links: { outcomeId: number; marketId: number; matchId: number }[]) {
    if (links.length === 0) return [];
    const sorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
    const matchRows = await tx
      .select({ id: matches.id, status: matches.status, startsAt: matches.startsAt })
      .from(matches)
      .where(inArray(matches.id, sorted(links.map((link) => link.matchId))))
      .orderBy(asc(matches.id))
      .for('share');
    const marketRows = await tx
      .select({ id: markets.id, status: markets.status })
      .from(markets)
      .where(inArray(markets.id, sorted(links.map((link) => link.marketId))))
      .orderBy(asc(markets.id))
      .for('share');
    const outcomeRows = await tx
      .select({ id: outcomes.id, odd: outcomes.oddThousandths, status: outcomes.status })
      .from(outcomes)
      .where(inArray(outcomes.id, sorted(links.map((link) => link.outcomeId))))
      .orderBy(asc(outcomes.id))
      .for('share');
    const matchById = new Map(matchRows.map((row) => [row.id, row]));
    const marketById = new Map(marketRows.map((row) => [row.id, row]));
    const outcomeById = new Map(outcomeRows.map((row) => [row.id, row]));
    return links.map((link) => {
      const match = matchById.get(link.matchId)!;
      const outcome = outcomeById.get(link.outcomeId)!;
      return {
        outcomeId: link.outcomeId,
        odd: outcome.odd,
        outcomeStatus: outcome.status,
        marketStatus: marketById.get(link.marketId)!.status,
        matchId: link.matchId,
        matchStatus: match.status,
        startsAt: match.startsAt,
      };
    });
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
        const [row] = await tx
          .insert(bets)
          .values({
            id,
            userId: user.id,
            kind: body.kind,
            stake,
            currency,
            totalOddThousandths: totalOddThousandths(odds),
            potentialPayout,
            oddsChangePolicy: body.oddsChangePolicy,
            idempotencyKey,
            requestHash: hash,
            placedAt: now,
          })
          .onConflictDoNothing({ target: [bets.userId, bets.idempotencyKey] })
          .returning();
        if (!row) return null;
        await tx.insert(betSelections).values(
          accepted.map((selection, position) => ({
            betId: id,
            outcomeId: selection.outcomeId,
            matchId: selection.matchId,
            oddThousandths: selection.odd,
            position,
          })),
        );
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
        });
        return row;
      });
      // A racing request with the same key won the insert: answer as it did.
      if (!created) return replay((await findByKey(db, user.id, idempotencyKey))!);
      const [bet] = await betViews(db, [created], context);
      return { bet: bet!, replayed: false };
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
