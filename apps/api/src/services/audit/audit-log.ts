import { schema, type DbOrTx } from '@playhouse/db';
import type { AuditEvent } from './audit-events';

export type { AuditEvent } from './audit-events';

/**
 * The audit log's one writer: every domain records its events here, in the transaction of the change it records, so
 * both commit or neither does. The table takes no UPDATE or DELETE (a database trigger).
 */
export interface AuditEntry {
  event: AuditEvent;
  /** The account the event is about. */
  userId?: number | null;
  /** Who did it, when that is not the account holder (staff). */
  actorId?: number | null;
  ip?: string | null;
  metadata?: Record<string, unknown>;
  /** What the action changed: the state before and after (staff actions). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at?: Date;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    event: entry.event,
    userId: entry.userId ?? null,
    actorId: entry.actorId ?? null,
    ip: entry.ip ?? null,
    metadata: entry.metadata ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/**
 * The audit writer of a staff desk: each call records one staff change (what it concerns, the state before and after)
 * under the event the desk names for the action, at the desk's clock.
 */
export function staffChangeAudit<Action>(eventOf: (action: Action) => AuditEvent, now: () => Date) {
  return (
    db: DbOrTx,
    actor: { id: number; ip: string | null },
    action: Action,
    metadata: Record<string, unknown>,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) => recordAudit(db, { event: eventOf(action), actorId: actor.id, ip: actor.ip, metadata, before, after, at: now() });
}
