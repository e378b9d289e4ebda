import { and, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@playhouse/db';
import type { AuditEntry, AuditQuery } from '@playhouse/shared';

const { auditLog } = schema;

/** The audit log, newest first, by actor, account, event (or event prefix `name*`) and time. */
export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const conditions: (SQL | undefined)[] = [
    query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
    query.userId !== undefined ? eq(auditLog.userId, query.userId) : undefined,
    query.event === undefined
      ? undefined
      : query.event.endsWith('*')
        ? like(auditLog.event, `${query.event.slice(0, -1).replace(/_/g, '\\_')}%`)
        : eq(auditLog.event, query.event),
    query.from !== undefined ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
    query.to !== undefined ? lte(auditLog.createdAt, new Date(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  const items: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    event: row.event,
    userId: row.userId,
    actorId: row.actorId,
    ip: row.ip,
    metadata: row.metadata,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, page: query.page, perPage: query.perPage, total: count?.total ?? 0 };
}
