import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { StaffRole } from '@playhouse/shared';

const { staffMembers, staffSignIns, users } = schema;

export type StaffMemberRow = typeof staffMembers.$inferSelect;

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
