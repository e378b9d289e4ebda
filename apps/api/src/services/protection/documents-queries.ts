import { and, asc, desc, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { kycDocuments, users } = schema;

/** The verification documents' SQL: a player's files and the staff's review queue. */

export type DocumentRow = typeof kycDocuments.$inferSelect;

/** A player's documents, newest first. */
export function documentsOf(executor: DbOrTx, userId: number): Promise<DocumentRow[]> {
  return executor
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, userId))
    .orderBy(desc(kycDocuments.uploadedAt), desc(kycDocuments.id));
}

/** A document with its owner's login and locale. */
export async function documentWithOwner(executor: DbOrTx, id: string) {
  const [row] = await executor
    .select({ document: kycDocuments, login: users.email, locale: users.locale })
    .from(kycDocuments)
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .where(eq(kycDocuments.id, id));
  return row;
}

export async function insertDocument(executor: DbOrTx, values: typeof kycDocuments.$inferInsert) {
  const [row] = await executor.insert(kycDocuments).values(values).returning();
  return row;
}

/** One of a player's own documents (undefined when it is not theirs). */
export async function playerDocument(executor: DbOrTx, userId: number, id: string): Promise<DocumentRow | undefined> {
  const [row] = await executor
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.userId, userId)));
  return row;
}

/** Documents in one status with their owners' logins: pending the oldest first, reviewed the latest first. */
export function documentsInStatus(executor: DbOrTx, status: 'pending' | 'verified' | 'rejected', limit: number) {
  return executor
    .select({ document: kycDocuments, login: users.email })
    .from(kycDocuments)
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .where(eq(kycDocuments.status, status))
    .orderBy(status === 'pending' ? asc(kycDocuments.uploadedAt) : desc(kycDocuments.reviewedAt))
    .limit(limit);
}

export async function lockDocument(executor: DbOrTx, id: string): Promise<DocumentRow | undefined> {
  const [row] = await executor.select().from(kycDocuments).where(eq(kycDocuments.id, id)).for('update');
  return row;
}

export async function setDocumentReview(
  executor: DbOrTx,
  id: string,
  review: Pick<DocumentRow, 'status' | 'reason' | 'reviewedBy' | 'reviewedAt'>,
): Promise<DocumentRow | undefined> {
  const [row] = await executor.update(kycDocuments).set(review).where(eq(kycDocuments.id, id)).returning();
  return row;
}
