import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ledgerTransfers } from './wallet';

/*
 * Receipts the player can verify (issue 19): the facts of each money movement of a bet or a casino round, signed with
 * the operator's Ed25519 key. Keys are kept after rotation (their public halves stay published), so every receipt
 * ever issued still verifies.
 */

/**
 * The signing keys: `id` is the first 16 hex digits of the SHA-256 of the raw public key. `privateKey` (PKCS#8 PEM)
 * is kept only for a key the api generated itself (the demo); a key from the environment (RECEIPT_SIGNING_KEY) leaves
 * only its public half here. The one without `retiredAt` signs.
 */
export const receiptKeys = pgTable(
  'receipt_keys',
  {
    id: text().primaryKey(),
    /** The 32 raw bytes, base64: what the well-known key list publishes. */
    publicKey: text().notNull(),
    privateKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp({ withTimezone: true }),
  },
  // One key signs at a time, even when several api instances start on a new database together.
  (t) => [
    uniqueIndex('receipt_keys_current_idx')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * The receipts issued, each once and never changed: the player gets the same bytes every time. `subject` names the
 * bet (`sports_bet:<id>`) or the round (`casino_round:<provider>:<round id>`); `eventKey` the event within it: a money
 * movement (`transfer:<id>`, with `transferId`) or a result that moved no money (`result:<version>`, a lost bet).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subject: text().notNull(),
    eventKey: text().notNull(),
    event: text().notNull(),
    transferId: bigint({ mode: 'number' }).references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    keyId: text()
      .notNull()
      .references(() => receiptKeys.id, { onDelete: 'restrict' }),
    /** The signed facts (canonical JSON), base64, and the Ed25519 signature over them, base64. */
    payload: text().notNull(),
    signature: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_event_idx').on(t.subject, t.eventKey),
    index('receipts_user_subject_idx').on(t.userId, t.subject),
  ],
);
