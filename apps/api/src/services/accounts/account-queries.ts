import { and, eq, gt, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { liveToken } from '../../lib/live-token';
import { schema, type DbOrTx } from '@playhouse/db';
import type { StaffRole } from '@playhouse/shared';

const { users, passwordResetTokens, pendingRegistrations, userFingerprints } = schema;

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** By e-mail or username, case-insensitively (usernames cannot contain '@', so the two never collide). */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
  const needle = login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${needle} or lower(${users.username}) = ${needle}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** Whether an account (a player's, a staff member's) has this e-mail address or this username, in any letter case. */
export async function loginTaken(db: DbOrTx, email: string, username: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        username ? sql`lower(${users.username}) = ${username.toLowerCase()}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Inserts the user unless the e-mail or username is taken (the unique indexes decide, so racing sign-ups are safe). */
export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow | null> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updatePassword(db: DbOrTx, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
}

/** Stores a time zone and answers the one in force: a device's report leaves a zone the player chose alone. */
export async function updateTimezone(
  db: DbOrTx,
  userId: number,
  timezone: string,
  source: 'device' | 'player',
  now: Date,
): Promise<string> {
  const rows = await db
    .update(users)
    .set(
      source === 'player'
        ? { timezone, timezoneSource: 'player', timezoneCheckedAt: now }
        : {
            timezone: sql`case when ${users.timezoneSource} = 'player' then ${users.timezone} else ${timezone} end`,
            timezoneCheckedAt: now,
          },
    )
    .where(eq(users.id, userId))
    .returning({ timezone: users.timezone });
  return rows[0]?.timezone ?? timezone;
}

export async function updateHiddenProfileTabs(db: DbOrTx, userId: number, hidden: string[]): Promise<void> {
  await db.update(users).set({ hiddenProfileTabs: hidden }).where(eq(users.id, userId));
}

export async function updateOddType(db: DbOrTx, userId: number, oddType: string): Promise<void> {
  await db.update(users).set({ oddType }).where(eq(users.id, userId));
}

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

const resetTokenColumns = {
  tokenHash: passwordResetTokens.tokenHash,
  spentAt: passwordResetTokens.usedAt,
  expiresAt: passwordResetTokens.expiresAt,
};

/** The user a live (unused, unexpired) reset token belongs to. */
export async function findLiveResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<{ userId: number } | null> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(liveToken(resetTokenColumns, tokenHash, now))
    .limit(1);
  return rows[0] ?? null;
}

/** Spends a live token; null when it was already used or has expired (a racing second use loses here). */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<{ userId: number } | null> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveToken(resetTokenColumns, tokenHash, now))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0] ?? null;
}

/** Once the password changed, any other link still in someone's mailbox must stop working. */
export async function retireResetTokens(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function upsertFingerprint(db: DbOrTx, userId: number, fingerprint: string, now: Date): Promise<void> {
  await db
    .insert(userFingerprints)
    .values({ userId, fingerprint, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [userFingerprints.userId, userFingerprints.fingerprint],
      set: { lastSeenAt: now, timesSeen: sql`${userFingerprints.timesSeen} + 1` },
    });
}

/** The staff side of a staff account: its roles; the second factor is set up at the first sign-in. */
export async function insertStaffMember(
  db: DbOrTx,
  userId: number,
  roles: StaffRole[],
  createdBy: number | null,
): Promise<void> {
  await db.insert(schema.staffMembers).values({ userId, roles, createdBy });
}

export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

export async function insertPendingRegistration(
  db: DbOrTx,
  values: typeof pendingRegistrations.$inferInsert,
): Promise<void> {
  await db.insert(pendingRegistrations).values(values);
}

/** The live pending registration a confirmation token names, locked for the confirming transaction. */
export async function lockPendingRegistration(
  tx: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<PendingRegistrationRow | null> {
  const rows = await tx
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.tokenHash, tokenHash), gt(pendingRegistrations.expiresAt, now)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function deletePendingRegistration(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id));
}

export async function pruneExpiredPendingRegistrations(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
}

/**
 * A back-office search for a player's rows: `q` is part of the e-mail or username (case-insensitive, LIKE wildcards
 * taken literally) or the exact id. Use it in a query joined with users.
 */
export function playerMatches(q: string): SQL | undefined {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const id = /^\d{1,15}$/.test(q) ? Number(q) : null;
  return or(ilike(users.email, pattern), ilike(users.username, pattern), id === null ? undefined : eq(users.id, id));
}
