import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { LimitKind as PlayerLimitKind, PlayerLimitPeriod as LimitPeriod } from '@playhouse/shared';

const { playerLimits, payments, ledgerEntries, ledgerAccounts, ledgerTransfers } = schema;

export type PlayerLimitRow = typeof playerLimits.$inferSelect;

export async function listLimitRows(db: DbOrTx, userId: number): Promise<PlayerLimitRow[]> {
  return db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
}

/**
 * The user's limit rows of the given kinds, locked: two limit changes, or a change and a deposit or a stake, for one
 * player take turns. A player without such limits locks nothing, so their play never waits here.
 */
export async function lockLimitRows(db: DbOrTx, userId: number, kinds: PlayerLimitKind[]): Promise<PlayerLimitRow[]> {
  return db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.userId, userId), inArray(playerLimits.kind, kinds)))
    .for('update');
}

export async function upsertLimitRow(
  db: DbOrTx,
  values: {
    userId: number;
    kind: PlayerLimitKind;
    period: LimitPeriod;
    currency: string;
    amount: bigint | null;
    pendingAmount: bigint | null;
    pendingEffectiveAt: Date | null;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(playerLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [playerLimits.userId, playerLimits.kind, playerLimits.period],
      set: {
        currency: values.currency,
        amount: values.amount,
        pendingAmount: values.pendingAmount,
        pendingEffectiveAt: values.pendingEffectiveAt,
        updatedAt: values.updatedAt,
      },
    });
}

/** Deposits that count against a limit (succeeded or still pending) made after `since`, with their times. */
export async function depositsSince(db: DbOrTx, userId: number, since: Date): Promise<{ at: Date; amount: bigint }[]> {
  const rows = await db
    .select({ at: payments.createdAt, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.status, ['pending', 'succeeded']),
        gt(payments.createdAt, since),
      ),
    );
  return rows;
}

/** Ledger transfer kinds that are play: stakes, their returns (rollback, void) and wins. */
export const STAKE_KINDS = ['casino_bet', 'sports_stake'] as const;
export const RETURN_KINDS = ['casino_rollback', 'sports_void'] as const;
export const WIN_KINDS = ['casino_win', 'sports_payout'] as const;
const PLAY_KINDS = [...STAKE_KINDS, ...RETURN_KINDS, ...WIN_KINDS];

/** One movement of play on the player's own accounts: `staked` is what the stake took (a return subtracts). */
export interface PlayEvent {
  at: Date;
  staked: bigint;
  won: bigint;
}

/**
 * The player's play after `since`, read from the ledger (the truth, not a copy): every entry on the player's main and
 * bonus accounts whose transfer is a stake, a return or a win. Free spins paid by the house are not the player's
 * stake; their wins are the player's.
 */
export async function playSince(db: DbOrTx, userId: number, since: Date): Promise<PlayEvent[]> {
  const rows = await db
    .select({ at: ledgerEntries.createdAt, kind: ledgerTransfers.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        gt(ledgerEntries.createdAt, since),
        inArray(ledgerTransfers.kind, PLAY_KINDS),
      ),
    )
    .orderBy(ledgerEntries.createdAt);
  return rows.map((row) => {
    const isWin = (WIN_KINDS as readonly string[]).includes(row.kind);
    return { at: row.at, staked: isWin ? 0n : -row.amount, won: isWin ? row.amount : 0n };
  });
}

/** Stakes and wins after `since`, summed in the database. */
export async function playTotalsSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<{ staked: bigint; won: bigint }> {
  const [row] = await db
    .select({
      staked: sql<string>`coalesce(sum(case when ${inArray(ledgerTransfers.kind, [...STAKE_KINDS, ...RETURN_KINDS])} then -${ledgerEntries.amount} else 0 end), 0)::text`,
      won: sql<string>`coalesce(sum(case when ${inArray(ledgerTransfers.kind, [...WIN_KINDS])} then ${ledgerEntries.amount} else 0 end), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        gt(ledgerEntries.createdAt, since),
        inArray(ledgerTransfers.kind, PLAY_KINDS),
      ),
    );
  return { staked: BigInt(row?.staked ?? '0'), won: BigInt(row?.won ?? '0') };
}
