import { and, asc, eq, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { receipts, receiptKeys } = schema;

/** The receipts' SQL: the operator's signing keys and the receipts issued to players. */

export type ReceiptKeyRow = typeof receiptKeys.$inferSelect;
export type NewReceipt = typeof receipts.$inferInsert;

export async function receiptKey(executor: DbOrTx, id: string): Promise<ReceiptKeyRow | undefined> {
  const [row] = await executor.select().from(receiptKeys).where(eq(receiptKeys.id, id));
  return row;
}

/** The key that signs now (one at most: a unique index on the keys not retired). */
export async function currentReceiptKey(executor: DbOrTx): Promise<ReceiptKeyRow | undefined> {
  const [row] = await executor.select().from(receiptKeys).where(isNull(receiptKeys.retiredAt));
  return row;
}

/** Retires the current key and makes `key` the current one (again, if it was retired). */
export async function replaceCurrentReceiptKey(
  executor: DbOrTx,
  key: Pick<ReceiptKeyRow, 'id' | 'publicKey' | 'privateKey' | 'createdAt'>,
  at: Date,
): Promise<void> {
  await executor.update(receiptKeys).set({ retiredAt: at }).where(isNull(receiptKeys.retiredAt));
  await executor
    .insert(receiptKeys)
    .values(key)
    .onConflictDoUpdate({ target: receiptKeys.id, set: { retiredAt: null } });
}

/** Every key's public half, oldest first. */
export function publishedReceiptKeys(executor: DbOrTx) {
  return executor
    .select({
      id: receiptKeys.id,
      publicKey: receiptKeys.publicKey,
      createdAt: receiptKeys.createdAt,
      retiredAt: receiptKeys.retiredAt,
    })
    .from(receiptKeys)
    .orderBy(asc(receiptKeys.createdAt));
}

/** The event keys a player's receipts about one subject already cover. */
export async function receiptEventKeys(executor: DbOrTx, userId: number, subject: string): Promise<Set<string>> {
  const rows = await executor
    .select({ eventKey: receipts.eventKey })
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.subject, subject)));
  return new Set(rows.map((row) => row.eventKey));
}

/** Stores receipts; one already stored for the same (subject, event) stays and the new one is dropped. */
export async function insertReceipts(executor: DbOrTx, rows: NewReceipt[]): Promise<void> {
  await executor
    .insert(receipts)
    .values(rows)
    .onConflictDoNothing({ target: [receipts.subject, receipts.eventKey] });
}

/** A player's receipts about one subject, in the order they were issued. */
export function receiptsAbout(executor: DbOrTx, userId: number, subject: string) {
  return executor
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.subject, subject)))
    .orderBy(asc(receipts.id));
}

/** The stored receipt with exactly this payload and signature, if the site issued it. */
export async function issuedReceipt(executor: DbOrTx, payload: string, signature: string) {
  const [row] = await executor
    .select({ id: receipts.id, userId: receipts.userId, createdAt: receipts.createdAt })
    .from(receipts)
    .where(and(eq(receipts.payload, payload), eq(receipts.signature, signature)))
    .limit(1);
  return row;
}
