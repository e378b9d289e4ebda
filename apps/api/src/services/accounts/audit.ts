import { schema, type DbOrTx } from '@playhouse/db';

/**
 * Account events the audit log records; staff actions are prefixed `staff_`. Write the entry with the executor of the
 * change it records, so both commit or neither does. The table takes no UPDATE or DELETE (a database trigger).
 */
export type AuditEvent =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'register'
  | 'register_failed'
  | 'register_refused'
  | 'deposit_refused'
  | 'password_change'
  | 'password_change_failed'
  | 'password_reset'
  | 'password_recovery_requested'
  | 'limit_change'
  | `staff_${string}`;

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
