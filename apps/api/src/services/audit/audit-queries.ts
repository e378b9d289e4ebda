import {
  aliasedTable,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { columnsEqual } from '../../lib/columns-equal';
import { schema, type DbOrTx } from '@playhouse/db';
import { pageWindow, type AuditEntry, type AuditQuery } from '@playhouse/shared';
import type { AuditEvent } from './audit-events';

const { auditLog, users } = schema;
const actors = aliasedTable(users, 'actors');
const subjects = aliasedTable(users, 'subjects');

/** The columns a reader may sort by (the query's whitelist), each with the id as the tie-breaker. */
const SORTS = {
  createdAt: auditLog.createdAt,
  event: auditLog.event,
  actorId: auditLog.actorId,
  userId: auditLog.userId,
} as const;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The end of a `to` filter: a moment as given, or a whole day up to its end. */
function before(to: string): SQL {
  return DATE_ONLY.test(to)
    ? lt(auditLog.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000))
    : lte(auditLog.createdAt, new Date(to));
}

/**
 * The audit log by actor (id, or the start of a username or e-mail), account, event (or event prefix `name*`) and
 * time; one page, or for a CSV export the whole result (pageWindow). Newest first unless asked otherwise.
 */
export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const actor = query.actor ? `${likeEscaped(query.actor)}%` : undefined;
  const where = and(
    query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
    actor ? or(ilike(actors.username, actor), ilike(actors.email, actor)) : undefined,
    query.userId !== undefined ? eq(auditLog.userId, query.userId) : undefined,
    query.event === undefined
      ? undefined
      : query.event.endsWith('*')
        ? like(auditLog.event, `${likeEscaped(query.event.slice(0, -1))}%`)
        : eq(auditLog.event, query.event),
    query.from !== undefined ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? before(query.to) : undefined,
  );
  const order = query.dir === 'asc' ? asc : desc;
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, actorLogin: actors.username, userLogin: subjects.username })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(subjects, eq(subjects.id, auditLog.userId))
      .where(where)
      .orderBy(order(SORTS[query.sort ?? 'createdAt']), order(auditLog.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .where(where),
  ]);
  const items: AuditEntry[] = rows.map(({ entry, actorLogin, userLogin }) => ({
    id: entry.id,
    event: entry.event,
    userId: entry.userId,
    userLogin,
    actorId: entry.actorId,
    actorLogin,
    ip: entry.ip,
    metadata: entry.metadata,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 };
}

/** The newest entry of one event about a player (who did it, when, why), or null. */
export async function lastEventAbout(db: DbOrTx, userId: number, event: AuditEvent) {
  const [row] = await db
    .select({ metadata: auditLog.metadata, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

/** The entries of these events about a player whose metadata names the given value, oldest first. */
export function eventsAboutNaming(
  db: DbOrTx,
  userId: number,
  events: readonly AuditEvent[],
  named: { key: string; value: string },
) {
  return db
    .select({ event: auditLog.event, actorId: auditLog.actorId, at: auditLog.createdAt, metadata: auditLog.metadata })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        inArray(auditLog.event, [...events]),
        sql`${auditLog.metadata}->>${named.key} = ${named.value}`,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** When a player raised a limit (a `limit_change` with `raise`) since a time. */
export function limitRaisesSince(db: DbOrTx, userId: number, since: Date) {
  return db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        columnsEqual(auditLog, { userId, event: 'limit_change' }),
        gte(auditLog.createdAt, since),
        sql`(${auditLog.metadata} ->> 'raise') = 'true'`,
      ),
    );
}

/** The players one event was recorded about since a time. */
export function usersWithEventSince(db: DbOrTx, event: AuditEvent, since: Date) {
  return db
    .selectDistinct({ userId: auditLog.userId })
    .from(auditLog)
    .where(and(gt(auditLog.createdAt, since), eq(auditLog.event, event)));
}
