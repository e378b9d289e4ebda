import { count, desc, eq } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';

const { mediaFiles, users } = schema;

export type MediaRow = typeof mediaFiles.$inferSelect;
export type NewMediaRow = typeof mediaFiles.$inferInsert;

/** What a list shows of a picture: everything but its bytes, and the uploader's e-mail. */
const listed = {
  id: mediaFiles.id,
  contentType: mediaFiles.contentType,
  size: mediaFiles.size,
  originalName: mediaFiles.originalName,
  createdAt: mediaFiles.createdAt,
  uploadedBy: users.email,
};
/** Inserts a picture unless the same bytes are already stored; the row that holds them either way. */
export async function insertMediaFile(db: DbOrTx, row: NewMediaRow): Promise<{ row: MediaRow; created: boolean }> {
  const [inserted] = await db
    .insert(mediaFiles)
    .values(row)
    .onConflictDoNothing({ target: mediaFiles.sha256 })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db.select().from(mediaFiles).where(eq(mediaFiles.sha256, row.sha256));
  if (!existing) throw new Error('a picture with this sha256 conflicted but cannot be read');
  return { row: existing, created: false };
}

export async function mediaFileById(db: DbOrTx, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row;
}

export async function listedMediaFileById(db: DbOrTx, id: string) {
  const [row] = await db
    .select(listed)
    .from(mediaFiles)
    .leftJoin(users, eq(users.id, mediaFiles.uploadedBy))
    .where(eq(mediaFiles.id, id));
  return row;
}
export type ListedMediaRow = NonNullable<Awaited<ReturnType<typeof listedMediaFileById>>>;

/** One page of the library, newest first. */
export async function pageOfMediaFiles(db: DbOrTx, window: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listed)
      .from(mediaFiles)
      .leftJoin(users, eq(users.id, mediaFiles.uploadedBy))
      .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(mediaFiles),
  ]);
  return { rows, total: total?.n ?? 0 };
}
