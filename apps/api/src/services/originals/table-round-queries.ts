import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type PendingTableAction } from '@playhouse/db';
import { roundsToSettle, type OriginalsRoundRow, type OriginalsRoundStatus } from './originals-queries';

const { originalsRounds } = schema;

/*
 * A table round moves on only from the state its writer read: every write names the action count it expects and
 * whether an action is with the wallet, so two requests (or a request and the settlement job) can never both move it.
 */

/** A table round of the session (rounds with actions are table rounds). */
export async function findTableRound(db: DbOrTx, roundId: number, sessionId: number) {
  const [row] = await db
    .select()
    .from(originalsRounds)
    .where(
      and(
        eq(originalsRounds.id, roundId),
        eq(originalsRounds.sessionId, sessionId),
        isNotNull(originalsRounds.actions),
      ),
    )
    .limit(1);
  return row;
}

/** The session's table round still in play (placed or open), if any. */
export async function findOpenTableRound(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select()
    .from(originalsRounds)
    .where(
      and(
        eq(originalsRounds.sessionId, sessionId),
        isNotNull(originalsRounds.actions),
        sql`${originalsRounds.status} in ('placed', 'open')`,
      ),
    )
    .orderBy(asc(originalsRounds.id))
    .limit(1);
  return row;
}

/** The round as its writer read it: open, with this many actions, and nothing (or exactly this) with the wallet. */
function expected(roundId: number, actions: number, pending: PendingTableAction | null) {
  return and(
    eq(originalsRounds.id, roundId),
    eq(originalsRounds.status, 'open'),
    sql`jsonb_array_length(${originalsRounds.actions}) = ${actions}`,
    pending === null
      ? isNull(originalsRounds.pendingAction)
      : sql`${originalsRounds.pendingAction} @> ${JSON.stringify({
          index: pending.index,
          attempt: pending.attempt,
          rollback: pending.rollback,
        })}::jsonb`,
  );
}

export type TableRoundMove = Partial<
  Pick<
    OriginalsRoundRow,
    'actions' | 'pendingAction' | 'actionAttempts' | 'bet' | 'payout' | 'outcome' | 'lastActionAt' | 'settledAt'
  >
> & { status?: OriginalsRoundStatus; defaultedAt?: Date };

/**
 * Moves an open round on (records an action, claims or clears the action with the wallet, finishes it) when it is
 * still as the caller read it; undefined when somebody else moved it first.
 */
export async function moveTableRound(
  db: DbOrTx,
  roundId: number,
  from: { actions: number; pending: PendingTableAction | null },
  values: TableRoundMove,
) {
  const [row] = await db
    .update(originalsRounds)
    .set(values)
    .where(expected(roundId, from.actions, from.pending))
    .returning();
  return row;
}

/** Open real-money rounds whose action bet has waited for the wallet since before `before`: the job rolls each back. */
export function findStalePendingActions(db: DbOrTx, before: Date, limit: number) {
  return roundsToSettle(
    db,
    and(
      eq(originalsRounds.status, 'open'),
      isNotNull(originalsRounds.pendingAction),
      sql`(${originalsRounds.pendingAction} ->> 'at')::timestamptz <= ${before.toISOString()}::timestamptz`,
    ),
    limit,
  );
}

/** Open rounds nobody moved since `before` and with nothing at the wallet: the job finishes them by their defaults. */
export function findAbandonedTableRounds(db: DbOrTx, before: Date, limit: number) {
  return db
    .select()
    .from(originalsRounds)
    .where(
      and(
        eq(originalsRounds.status, 'open'),
        isNull(originalsRounds.pendingAction),
        lte(originalsRounds.lastActionAt, before),
      ),
    )
    .orderBy(asc(originalsRounds.id))
    .limit(limit);
}
