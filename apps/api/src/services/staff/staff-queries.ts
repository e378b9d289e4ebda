import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { liveToken } from '../../lib/live-token';
import { columnsEqual } from '../../lib/columns-equal';
import { schema, type DbOrTx } from '@playhouse/db';
import type { StaffRole } from '@playhouse/shared';

const { adjustmentThresholds, staffInvitations, staffMembers, staffRequests, staffSignIns, users } = schema;

export type StaffMemberRow = typeof staffMembers.$inferSelect;
export type InvitationRow = typeof staffInvitations.$inferSelect;
export type NewInvitation = typeof staffInvitations.$inferInsert;

/** Who acts: a signed-in staff member with their roles, and the address the request came from. */
export interface StaffActor {
  id: number;
  roles: StaffRole[];
  ip: string | null;
}

export async function findStaffMember(db: DbOrTx, userId: number, lock = false): Promise<StaffMemberRow | null> {
  const query = db.select().from(staffMembers).where(eq(staffMembers.userId, userId));
  const rows = await (lock ? query.for('update') : query);
  return rows[0] ?? null;
}

const staffColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  status: users.status,
  createdAt: users.createdAt,
  roles: staffMembers.roles,
  totpEnabledAt: staffMembers.totpEnabledAt,
  createdBy: staffMembers.createdBy,
};

export async function listStaff(db: DbOrTx) {
  return db
    .select(staffColumns)
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(asc(users.id));
}

export async function findStaffView(db: DbOrTx, userId: number) {
  const rows = await db
    .select(staffColumns)
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

export type StaffView = NonNullable<Awaited<ReturnType<typeof findStaffView>>>;

/** Active admins. */
export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(sql`'admin' = any(${staffMembers.roles})`, eq(users.status, 'active')));
  return row?.count ?? 0;
}

export async function insertSignIn(
  db: DbOrTx,
  values: {
    tokenHash: string;
    userId: number;
    step: 'totp' | 'totp_setup';
    ip: string | null;
    now: Date;
    ttlMs: number;
  },
) {
  await db.delete(staffSignIns).where(lt(staffSignIns.expiresAt, values.now));
  await db.insert(staffSignIns).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    step: values.step,
    ip: values.ip,
    createdAt: values.now,
    expiresAt: new Date(values.now.getTime() + values.ttlMs),
  });
}

export async function findLiveSignIn(db: DbOrTx, tokenHash: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(staffSignIns)
    .where(and(eq(staffSignIns.tokenHash, tokenHash), gt(staffSignIns.expiresAt, now)));
  const rows = await (lock ? query.for('update') : query);
  return rows[0] ?? null;
}

/** The player a deposit belongs to, or null when there is no such deposit. */
export async function paymentOwner(db: DbOrTx, paymentId: string): Promise<number | null> {
  const rows = await db
    .select({ userId: schema.payments.userId })
    .from(schema.payments)
    .where(eq(schema.payments.id, paymentId));
  return rows[0]?.userId ?? null;
}

export async function updateStaffMember(
  executor: DbOrTx,
  userId: number,
  values: Partial<typeof staffMembers.$inferInsert>,
): Promise<void> {
  await executor.update(staffMembers).set(values).where(eq(staffMembers.userId, userId));
}

/** The member's second-factor secret waiting for its first code: `fresh` unless one is waiting already. */
export async function pendingTotpSecret(executor: DbOrTx, userId: number, fresh: string): Promise<string | null> {
  const [row] = await executor
    .update(staffMembers)
    .set({ totpPendingSecret: sql`coalesce(${staffMembers.totpPendingSecret}, ${fresh})` })
    .where(eq(staffMembers.userId, userId))
    .returning({ secret: staffMembers.totpPendingSecret });
  return row?.secret ?? null;
}

export async function deleteSignIn(executor: DbOrTx, id: number): Promise<void> {
  await executor.delete(staffSignIns).where(eq(staffSignIns.id, id));
}

export async function setSignInFailures(executor: DbOrTx, id: number, failedAttempts: number): Promise<void> {
  await executor.update(staffSignIns).set({ failedAttempts }).where(eq(staffSignIns.id, id));
}

// Invitations

/** Earlier unanswered invitations to the address stop working. */
export async function expireOpenInvitations(executor: DbOrTx, email: string, now: Date): Promise<void> {
  await executor
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        sql`lower(${staffInvitations.email}) = ${email.toLowerCase()}`,
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
}

export async function insertInvitation(executor: DbOrTx, values: NewInvitation): Promise<InvitationRow> {
  const [row] = await executor.insert(staffInvitations).values(values).returning();
  return row!;
}

/** The invitation a token opens, while it is unanswered and unexpired. */
export async function findLiveInvitation(
  executor: DbOrTx,
  tokenHash: string,
  now: Date,
  lock = false,
): Promise<InvitationRow | undefined> {
  const query = executor
    .select()
    .from(staffInvitations)
    .where(
      liveToken(
        {
          tokenHash: staffInvitations.tokenHash,
          spentAt: staffInvitations.acceptedAt,
          expiresAt: staffInvitations.expiresAt,
        },
        tokenHash,
        now,
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Invitations not yet accepted, newest first. */
export function unansweredInvitations(executor: DbOrTx, limit: number): Promise<InvitationRow[]> {
  return executor
    .select()
    .from(staffInvitations)
    .where(isNull(staffInvitations.acceptedAt))
    .orderBy(desc(staffInvitations.createdAt))
    .limit(limit);
}

/** The invitation's second-factor secret: `fresh` unless it has one already (a reload shows the same QR code). */
export async function invitationTotpSecret(executor: DbOrTx, id: string, fresh: string): Promise<string | null> {
  const [row] = await executor
    .update(staffInvitations)
    .set({ totpPendingSecret: sql`coalesce(${staffInvitations.totpPendingSecret}, ${fresh})` })
    .where(eq(staffInvitations.id, id))
    .returning({ secret: staffInvitations.totpPendingSecret });
  return row?.secret ?? null;
}

export async function markInvitationAccepted(executor: DbOrTx, id: string, userId: number, now: Date): Promise<void> {
  await executor
    .update(staffInvitations)
    .set({ acceptedAt: now, userId, totpPendingSecret: null })
    .where(eq(staffInvitations.id, id));
}

/** Consoles founding the second admin take turns. */
export async function lockFounding(executor: DbOrTx): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(727500001)`);
}

// The four-eyes threshold of manual adjustments

/** A currency's threshold (minor units), undefined when the default holds; read, or locked `FOR SHARE`/`FOR UPDATE`. */
export async function thresholdAmount(
  executor: DbOrTx,
  currency: string,
  lock: 'share' | 'update' | null,
): Promise<bigint | undefined> {
  const query = executor
    .select({ amount: adjustmentThresholds.amount })
    .from(adjustmentThresholds)
    .where(eq(adjustmentThresholds.currency, currency));
  const [row] = await (lock ? query.for(lock) : query);
  return row?.amount;
}

/** The thresholds set for some currencies, with the login of who set each. */
export function thresholdsWithEditors(executor: DbOrTx, currencies: readonly string[]) {
  return executor
    .select({ threshold: adjustmentThresholds, login: users.email })
    .from(adjustmentThresholds)
    .innerJoin(users, eq(users.id, adjustmentThresholds.updatedBy))
    .where(inArray(adjustmentThresholds.currency, [...currencies]));
}

export async function upsertThreshold(executor: DbOrTx, values: typeof adjustmentThresholds.$inferInsert) {
  const { currency: _currency, ...set } = values;
  await executor
    .insert(adjustmentThresholds)
    .values(values)
    .onConflictDoUpdate({ target: adjustmentThresholds.currency, set });
}

/**
 * Locks a staff member's user row so that their requests are counted one after the other. NO KEY UPDATE: a request
 * row's foreign key holds a key-share lock on this row, which FOR UPDATE would wait for.
 */
export async function lockStaffMemberRow(executor: DbOrTx, userId: number): Promise<void> {
  await executor.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The amounts (as written in the payload) of the balance adjustments a member applied alone in a currency since `since`. */
export function adjustmentsAppliedAlone(executor: DbOrTx, actorId: number, currency: string, since: Date) {
  return executor
    .select({ amount: sql<string>`${staffRequests.payload} ->> 'amount'` })
    .from(staffRequests)
    .where(
      and(
        columnsEqual(staffRequests, { requestedBy: actorId, kind: 'balance_adjustment', appliedAlone: true }),
        sql`${staffRequests.payload} ->> 'currency' = ${currency}`,
        gte(staffRequests.decidedAt, since),
      ),
    );
}
