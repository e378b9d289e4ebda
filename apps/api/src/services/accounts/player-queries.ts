import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { PlayerSort, StaffPlayerSearchQuery } from '@playhouse/shared';
import { lastEventAbout } from '../audit/audit-queries';

const { users, sessions, playerNotes, playerTags } = schema;

/** `like` wildcards in a search term are literal. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const SORT_COLUMNS = {
  id: users.id,
  email: sql`lower(${users.email})`,
  username: sql`lower(${users.username})`,
  createdAt: users.createdAt,
  status: users.status,
  country: users.country,
} satisfies Record<PlayerSort, unknown>;

/** Players only: a staff account never appears in the players screen, nor is it acted on there. */
const isPlayer = eq(users.role, 'player');

function searchWhere(query: Pick<StaffPlayerSearchQuery, 'q' | 'status' | 'tag'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPlayer];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const digits = q.replace(/[\s().+-]/g, '');
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.username, pattern),
        /^\d+$/.test(digits) ? ilike(users.phone, `%${escapeLike(digits)}%`) : undefined,
        /^\d{1,15}$/.test(q) ? eq(users.id, Number(q)) : undefined,
      ),
    );
  }
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.tag) {
    conditions.push(
      sql`exists (select 1 from ${playerTags} where ${playerTags.userId} = ${users.id} and ${playerTags.tag} = ${query.tag})`,
    );
  }
  return and(...conditions);
}

const rowColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  phone: users.phone,
  country: users.country,
  currency: users.currency,
  status: users.status,
  createdAt: users.createdAt,
};

/** The players a search matches, sorted by a whitelisted column (then id), one page (or up to `limit` for CSV). */
export async function searchPlayers(
  db: DbOrTx,
  query: Pick<StaffPlayerSearchQuery, 'q' | 'status' | 'tag' | 'sort' | 'dir'>,
  page: { limit: number; offset: number },
) {
  const where = searchWhere(query);
  const order = query.dir === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), order(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export type PlayerSearchRow = Awaited<ReturnType<typeof searchPlayers>>['rows'][number];

/** A player (never a staff account); `lock` holds the row until the transaction ends. */
export async function findPlayer(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({
      ...rowColumns,
      dateOfBirth: users.dateOfBirth,
      fullName: users.fullName,
      locale: users.locale,
      timezone: users.timezone,
      promoCode: users.promoCode,
      termsAcceptedAt: users.termsAcceptedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), isPlayer));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** Blocks or unblocks an account, a player's or a staff member's. */
export async function setAccountStatus(db: DbOrTx, id: number, status: 'active' | 'blocked'): Promise<void> {
  await db.update(users).set({ status }).where(eq(users.id, id));
}

/** The newest block of a player, from the audit log (who blocked, when, why). */
export const lastBlock = (db: DbOrTx, userId: number) => lastEventAbout(db, userId, 'staff_player_blocked');

/** A player's live site sessions, newest first. */
export async function liveSessions(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

const authors = sql`(select ${users.username} from ${users} where ${users.id} = `;

export async function listNotes(db: DbOrTx, userId: number) {
  return db
    .select({
      id: playerNotes.id,
      body: playerNotes.body,
      author: sql<string>`${authors}${playerNotes.authorId})`,
      createdAt: playerNotes.createdAt,
    })
    .from(playerNotes)
    .where(eq(playerNotes.userId, userId))
    .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id));
}

export async function insertNote(db: DbOrTx, values: { userId: number; authorId: number; body: string; at: Date }) {
  const [row] = await db
    .insert(playerNotes)
    .values({ userId: values.userId, authorId: values.authorId, body: values.body, createdAt: values.at })
    .returning({ id: playerNotes.id });
  return row!.id;
}

export async function listTags(db: DbOrTx, userId: number) {
  return db
    .select({
      tag: playerTags.tag,
      addedBy: sql<string>`${authors}${playerTags.addedBy})`,
      addedAt: playerTags.addedAt,
    })
    .from(playerTags)
    .where(eq(playerTags.userId, userId))
    .orderBy(asc(playerTags.tag));
}

/** Adds a tag; false when the player has it already. */
export async function insertTag(db: DbOrTx, values: { userId: number; tag: string; addedBy: number; at: Date }) {
  const rows = await db
    .insert(playerTags)
    .values({ userId: values.userId, tag: values.tag, addedBy: values.addedBy, addedAt: values.at })
    .onConflictDoNothing()
    .returning({ tag: playerTags.tag });
  return rows.length > 0;
}

/** Removes a tag; false when the player did not have it. */
export async function deleteTag(db: DbOrTx, userId: number, tag: string) {
  const rows = await db
    .delete(playerTags)
    .where(and(eq(playerTags.userId, userId), eq(playerTags.tag, tag)))
    .returning({ tag: playerTags.tag });
  return rows.length > 0;
}
