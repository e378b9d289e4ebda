/*
 * The four-eyes requests (staff_requests): opened by whoever asks (staff, marketing, trading), decided by the staff
 * domain's request service. Below every domain that opens one, so none of them reaches up into staff/.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@playhouse/db';
import type { StaffRequestKind, StaffRequestStatus } from '@playhouse/shared';
import { recordAudit } from '../audit/audit-log';
import { keyedRequest } from '../../lib/idempotency';

const { staffRequests, users } = schema;

export type StaffRequestRow = typeof staffRequests.$inferSelect;

/** A flat payload as text with its keys in order (jsonb does not keep the order they were written in). */
export function canonicalPayload(payload: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(payload)
      .sort()
      .map((key) => [key, payload[key]]),
  );
}

export interface OpenRequest {
  kind: StaffRequestKind;
  /** The account it concerns (a player, a staff member whose roles change); null for settings and campaigns. */
  subjectUserId: number | null;
  payload: Record<string, unknown>;
  actor: { id: number; ip: string | null };
  idempotencyKey: string;
  at: Date;
}

/**
 * Writes a pending four-eyes request and its audit row in the caller's transaction: the staff domain owns the
 * requests, and a domain whose change waits for a second member (a campaign, a result) opens one with its own write.
 * The same requester and key answer the request already written when it asks the same (`created: false`), else 409.
 */
export async function openStaffRequest(
  tx: DbOrTx,
  request: OpenRequest,
): Promise<{ row: StaffRequestRow; created: boolean }> {
  const [created] = await tx
    .insert(staffRequests)
    .values({
      kind: request.kind,
      subjectUserId: request.subjectUserId,
      payload: request.payload,
      requestedBy: request.actor.id,
      requestedAt: request.at,
      idempotencyKey: request.idempotencyKey,
    })
    .onConflictDoNothing({ target: [staffRequests.requestedBy, staffRequests.idempotencyKey] })
    .returning();
  if (!created) {
    const once = keyedRequest(
      async () => {
        const [existing] = await tx
          .select()
          .from(staffRequests)
          .where(
            and(
              eq(staffRequests.requestedBy, request.actor.id),
              eq(staffRequests.idempotencyKey, request.idempotencyKey),
            ),
          );
        return existing;
      },
      (existing) =>
        existing.kind === request.kind &&
        existing.subjectUserId === request.subjectUserId &&
        canonicalPayload(existing.payload) === canonicalPayload(request.payload),
    );
    return { row: (await once.winner(created)).row, created: false };
  }
  await recordAudit(tx, {
    event: `staff_request_${request.kind}`,
    userId: request.subjectUserId,
    actorId: request.actor.id,
    ip: request.actor.ip,
    metadata: { requestId: created.id },
    before: null,
    after: { status: 'pending', kind: request.kind, ...request.payload },
    at: request.at,
  });
  return { row: created, created: true };
}

/** Writes a request's decision (approved or rejected, by whom, when, why, and what applying it gave); the row after. */
export async function decideStaffRequest(
  executor: DbOrTx,
  id: string,
  decision: Pick<
    typeof staffRequests.$inferInsert,
    'status' | 'decidedBy' | 'decidedAt' | 'decisionReason' | 'result' | 'appliedAlone'
  >,
): Promise<StaffRequestRow | undefined> {
  const [row] = await executor.update(staffRequests).set(decision).where(eq(staffRequests.id, id)).returning();
  return row;
}

/** The pending requests of one kind whose payload names `field` = `value` (a campaign's, a market's). */
export async function pendingRequestsFor(
  executor: DbOrTx,
  kind: StaffRequestKind,
  field: string,
  value: string | number,
): Promise<StaffRequestRow[]> {
  return executor
    .select()
    .from(staffRequests)
    .where(
      and(
        eq(staffRequests.kind, kind),
        eq(staffRequests.status, 'pending'),
        sql`${staffRequests.payload} ->> ${field} = ${String(value)}`,
      ),
    )
    .orderBy(asc(staffRequests.requestedAt), asc(staffRequests.id));
}

/**
 * Requests matching `where`, newest first (or oldest with `order: 'asc'`), one window, each with its player's login
 * and the staff members who asked and decided; and how many match.
 */
export async function listStaffRequests(
  db: DbOrTx,
  where: SQL | undefined,
  window: { limit: number; offset: number; order?: 'asc' | 'desc' },
) {
  const requester = alias(users, 'requester');
  const decider = alias(users, 'decider');
  const order = window.order === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        request: staffRequests,
        login: users.email,
        requester: { id: requester.id, login: requester.email },
        decider: { id: decider.id, login: decider.email },
      })
      .from(staffRequests)
      .leftJoin(users, eq(users.id, staffRequests.subjectUserId))
      .innerJoin(requester, eq(requester.id, staffRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, staffRequests.decidedBy))
      .where(where)
      .orderBy(order(staffRequests.requestedAt), order(staffRequests.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(staffRequests)
      .leftJoin(users, eq(users.id, staffRequests.subjectUserId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A request of some kinds with its player's login; `lock` takes the request row `FOR UPDATE`. */
export async function staffRequestWithPlayer(
  executor: DbOrTx,
  kinds: readonly StaffRequestKind[],
  id: string,
  lock = false,
) {
  const query = executor
    .select({ request: staffRequests, login: users.email })
    .from(staffRequests)
    .leftJoin(users, eq(users.id, staffRequests.subjectUserId))
    .where(and(eq(staffRequests.id, id), inArray(staffRequests.kind, [...kinds])));
  const [row] = await (lock ? query.for('update', { of: staffRequests }) : query);
  return row;
}

/** Which requests a list shows: of some kinds, in a status, a payload currency, asked in [from, to), about a player. */
export interface StaffRequestFilter {
  kinds: readonly StaffRequestKind[];
  status?: StaffRequestStatus | undefined;
  currency?: string | undefined;
  from?: Date | null | undefined;
  to?: Date | null | undefined;
  player?: number | undefined;
  /** A condition on the player (users), e.g. a search by login. */
  playerWhere?: SQL | undefined;
}

export function staffRequestFilter(filter: StaffRequestFilter): SQL | undefined {
  return and(
    inArray(staffRequests.kind, [...filter.kinds]),
    filter.status ? eq(staffRequests.status, filter.status) : undefined,
    filter.currency ? sql`${staffRequests.payload}->>'currency' = ${filter.currency}` : undefined,
    filter.from ? gte(staffRequests.requestedAt, filter.from) : undefined,
    filter.to ? lt(staffRequests.requestedAt, filter.to) : undefined,
    filter.player ? eq(staffRequests.subjectUserId, filter.player) : undefined,
    filter.playerWhere,
  );
}

/** Requests about players matching `where`, newest first, one page, each with its player's login; and how many match. */
export async function staffRequestPage(
  executor: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, [counted]] = await Promise.all([
    executor
      .select({ request: staffRequests, login: users.email })
      .from(staffRequests)
      .innerJoin(users, eq(users.id, staffRequests.subjectUserId))
      .where(where)
      .orderBy(desc(staffRequests.requestedAt), desc(staffRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(staffRequests)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
