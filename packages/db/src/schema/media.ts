import { bigint, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * bytea as a Node Buffer on both engines: node-postgres gives a Buffer, PGlite a Uint8Array (wrapped, not copied).
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The back office's picture library: images staff upload for slides, banners, bonus info and the like, served by the
 * api at /spa/media/<id>.<ext>. The bytes live in the database so every api instance serves the same files without a
 * shared disk, on PGlite and PostgreSQL alike. One row per distinct content (sha256): uploading the same bytes again
 * gives the existing picture.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** Made by the api (a random uuid), never by the uploader. */
    id: uuid().primaryKey(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /** The uploader's file name, only shown back; it is never part of a path. */
    originalName: text().notNull(),
    uploadedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_files_sha256_idx').on(t.sha256), index('media_files_created_idx').on(t.createdAt, t.id)],
);
