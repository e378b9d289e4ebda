import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@playhouse/db';
import {
  pageWindow,
  parseDecimal,
  staffMay,
  type StaffAdjustment,
  type StaffAdjustmentsQuery,
  type StaffRequest,
  type StaffRequestKind,
  type StaffRequestStatus,
} from '@playhouse/shared';
import { boundOf } from '../../lib/period';
import { playerMatches } from '../accounts/account-queries';
import { mayApplyAlone } from './adjustment-thresholds';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findUserByLogin } from '../accounts/account-queries';
import { recordAudit } from '../accounts/audit';
import { asCurrency, formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { IdempotencyConflictError } from '../wallet/wallet-errors';
import { FourEyesError, OwnAccountError } from '../auth/auth-errors';
import { StaffRequestStateError } from './staff-errors';
import type { StaffActor } from './staff-queries';

const { staffRequests, users, bonusCampaigns } = schema;

type RequestRow = typeof staffRequests.$inferSelect;

/** A flat payload as text with its keys in order (jsonb does not keep the order they were written in). */
function canonical(payload: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(payload)
      .sort()
      .map((key) => [key, payload[key]]),
  );
}

/** Moves a manual adjustment inside the approval's transaction (the balance service's own, keyed once). */
export type AdjustBalance = (request: {
  login: string;
  amount: string;
  reason: string;
  idempotencyKey: string;
  actor: { id: number | null; ip: string | null };
  metadata: Record<string, unknown>;
  executor: Tx;
}) => Promise<{ transferId: number; mainBalance: string }>;

/** Offers a campaign to a player inside the approval's transaction (the bonus engine's own offer, keyed once). */
export type OfferBonus = (
  executor: Tx,
  login: string,
  campaign: string,
  key: string,
) => Promise<{ id: string; created: boolean }>;

export type StaffRequestService = ReturnType<typeof createStaffRequestService>;

/**
 * Four eyes on staff money actions. Asking (a manual credit or debit, a bonus offer) writes a pending request and
 * moves nothing; a second staff member's approval carries it out, in the transaction that marks it approved and
 * writes the audit entry. The requester never approves their own request, and nobody requests or approves anything
 * for their own account (checked here and by the table's constraints).
 */
export function createStaffRequestService({
  db,
  clock,
  adjustBalance,
  offerBonus,
}: {
  db: Db;
  clock: Clock;
  adjustBalance: AdjustBalance;
  offerBonus: OfferBonus;
}) {
  function toRequest(row: RequestRow, login: string): StaffRequest {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      subject: { id: row.subjectUserId, login },
      payload: row.payload,
      requestedBy: row.requestedBy,
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
      result: row.result,
    };
  }

  async function load(executor: Db | Tx, kind: StaffRequestKind, id: string, lock = false) {
    const query = executor
      .select({ request: staffRequests, login: users.email })
      .from(staffRequests)
      .innerJoin(users, eq(users.id, staffRequests.subjectUserId))
      .where(and(eq(staffRequests.id, id), eq(staffRequests.kind, kind)));
    const [row] = await (lock ? query.for('update', { of: staffRequests }) : query);
    if (!row) throw new NotFoundError('There is no such request.');
    return row;
  }

  /** The player an action concerns: never the acting staff member, never a staff account. */
  async function playerByLogin(actor: StaffActor, login: string) {
    const subject = await findUserByLogin(db, login);
    if (subject?.id === actor.id) throw new OwnAccountError();
    if (!subject || subject.role !== 'player') throw new NotFoundError('There is no such player.');
    return subject;
  }

  /** Writes a pending request once per requester and key; a replay with the same key and content answers the same. */
  async function create(
    actor: StaffActor,
    kind: StaffRequestKind,
    login: string,
    payload: Record<string, unknown>,
    idempotencyKey: string,
    /** Asked inside the request's transaction: whether the requester may carry it out alone (small adjustments). */
    alone: (tx: Tx) => Promise<boolean> = async () => false,
  ): Promise<StaffRequest> {
    const subject = await playerByLogin(actor, login);
    const current = clock.now();
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(staffRequests)
        .values({
          kind,
          subjectUserId: subject.id,
          payload,
          requestedBy: actor.id,
          requestedAt: current,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: [staffRequests.requestedBy, staffRequests.idempotencyKey] })
        .returning();
      if (!created) {
        const [existing] = await tx
          .select()
          .from(staffRequests)
          .where(and(eq(staffRequests.requestedBy, actor.id), eq(staffRequests.idempotencyKey, idempotencyKey)));
        const same =
          existing &&
          existing.kind === kind &&
          existing.subjectUserId === subject.id &&
          canonical(existing.payload) === canonical(payload);
        if (!same) throw new IdempotencyConflictError();
        return toRequest(existing, subject.email);
      }
      await recordAudit(tx, {
        event: `staff_request_${kind}`,
        userId: subject.id,
        actorId: actor.id,
        ip: actor.ip,
        metadata: { requestId: created.id },
        before: null,
        after: { status: 'pending', kind, ...payload },
        at: current,
      });
      if (!(await alone(tx))) return toRequest(created, subject.email);
      // Below the four-eyes threshold: the requester applies it at once, in this transaction.
      const decided = { ...created, status: 'approved' as const, decidedBy: actor.id, decidedAt: current };
      const result = await execute(tx, decided, subject.email);
      const [applied] = await tx
        .update(staffRequests)
        .set({ status: 'approved', decidedBy: actor.id, decidedAt: current, result, appliedAlone: true })
        .where(eq(staffRequests.id, created.id))
        .returning();
      await recordAudit(tx, {
        event: `staff_approve_${kind}`,
        userId: subject.id,
        actorId: actor.id,
        ip: actor.ip,
        metadata: { requestId: created.id, requestedBy: actor.id, appliedAlone: true },
        before: { status: 'pending', ...payload },
        after: { status: 'approved', ...payload, ...result },
        at: current,
      });
      return toRequest(applied!, subject.email);
    });
  }

  /** What approving a request does, inside the approval's transaction; returns what it did. */
  async function execute(tx: Tx, row: RequestRow, login: string): Promise<Record<string, unknown>> {
    if (row.kind === 'balance_adjustment') {
      const adjusted = await adjustBalance({
        login,
        amount: String(row.payload.amount),
        reason: String(row.payload.reason),
        idempotencyKey: `request:${row.id}`,
        actor: { id: row.decidedBy, ip: null },
        metadata: { requestId: row.id, requestedBy: row.requestedBy, approvedBy: row.decidedBy },
        executor: tx,
      });
      return { transferId: adjusted.transferId, mainBalance: adjusted.mainBalance };
    }
    const offered = await offerBonus(tx, login, String(row.payload.campaign), `request:${row.id}`);
    return { bonusId: offered.id };
  }

  async function decide(
    kind: StaffRequestKind,
    id: string,
    actor: StaffActor,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<StaffRequest> {
    const current = clock.now();
    await db.transaction(async (tx) => {
      const { request, login } = await load(tx, kind, id, true);
      if (request.status !== 'pending') throw new StaffRequestStateError(request.status);
      if (request.subjectUserId === actor.id) throw new OwnAccountError();
      // Withdrawing one's own request is allowed; approving it is not.
      if (decision.approve && request.requestedBy === actor.id) throw new FourEyesError();
      const status: StaffRequestStatus = decision.approve ? 'approved' : 'rejected';
      const decided = { ...request, status, decidedBy: actor.id, decidedAt: current };
      const result = decision.approve ? await execute(tx, decided, login) : null;
      await tx
        .update(staffRequests)
        .set({
          status,
          decidedBy: actor.id,
          decidedAt: current,
          decisionReason: decision.approve ? null : decision.reason,
          result,
        })
        .where(eq(staffRequests.id, id));
      await recordAudit(tx, {
        event: `staff_${status === 'approved' ? 'approve' : 'reject'}_${kind}`,
        userId: request.subjectUserId,
        actorId: actor.id,
        ip: actor.ip,
        metadata: {
          requestId: id,
          requestedBy: request.requestedBy,
          ...(decision.approve ? {} : { reason: decision.reason }),
        },
        before: { status: 'pending', ...request.payload },
        after: { status, ...request.payload, ...(result ?? {}) },
        at: current,
      });
    });
    const { request, login } = await load(db, kind, id);
    return toRequest(request, login);
  }

  return {
    /** Asks for a manual credit (positive) or debit (negative) of a player's main balance. */
    async requestAdjustment(
      actor: StaffActor,
      body: { login: string; amount: string; reason: string },
      idempotencyKey: string,
    ): Promise<StaffRequest> {
      const subject = await playerByLogin(actor, body.login);
      const currency = asCurrency(subject.currency);
      const amount = parseDecimal(body.amount, currency);
      if (amount === null || amount === 0n) throw new ValidationError({ amount: 'must be a non-zero decimal amount' });
      const size = amount < 0n ? -amount : amount;
      return create(
        actor,
        'balance_adjustment',
        body.login,
        { amount: formatAmount(amount, currency), currency, reason: body.reason },
        idempotencyKey,
        // A member who may approve adjustments applies one alone while it and what they applied alone in the last
        // 24 hours stay below the currency's threshold; the rest wait for a second member.
        async (tx) =>
          staffMay(actor.roles, 'adjustments.approve') &&
          (await mayApplyAlone(tx, { actorId: actor.id, currency, size, now: clock.now() })),
      );
    },

    /** Asks for a bonus campaign to be offered to a player. */
    async requestBonusOffer(
      actor: StaffActor,
      body: { login: string; campaign: string },
      idempotencyKey: string,
    ): Promise<StaffRequest> {
      const [campaign] = await db
        .select({ slug: bonusCampaigns.slug })
        .from(bonusCampaigns)
        .where(eq(bonusCampaigns.slug, body.campaign));
      if (!campaign) throw new NotFoundError(`No bonus campaign "${body.campaign}".`);
      return create(actor, 'bonus_offer', body.login, { campaign: campaign.slug }, idempotencyKey);
    },

    approve: (kind: StaffRequestKind, id: string, actor: StaffActor) => decide(kind, id, actor, { approve: true }),

    reject: (kind: StaffRequestKind, id: string, actor: StaffActor, reason: string) =>
      decide(kind, id, actor, { approve: false, reason }),

    /** The manual adjustments, filtered and sorted, with the staff members who asked and decided. */
    async listAdjustments(
      query: StaffAdjustmentsQuery,
    ): Promise<{ items: StaffAdjustment[]; total: number; page: number; pageSize: number }> {
      const requester = alias(users, 'requester');
      const decider = alias(users, 'decider');
      const from = boundOf(query.from, 'from');
      const to = boundOf(query.to, 'to');
      const where = and(
        eq(staffRequests.kind, 'balance_adjustment'),
        query.status ? eq(staffRequests.status, query.status) : undefined,
        query.currency ? sql`${staffRequests.payload}->>'currency' = ${query.currency}` : undefined,
        from ? gte(staffRequests.requestedAt, from) : undefined,
        to ? lt(staffRequests.requestedAt, to) : undefined,
        query.player ? eq(staffRequests.subjectUserId, query.player) : undefined,
        query.q ? playerMatches(query.q) : undefined,
      );
      const order = query.dir === 'asc' ? asc : desc;
      const window = pageWindow(query);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            request: staffRequests,
            login: users.email,
            requester: { id: requester.id, login: requester.email },
            decider: { id: decider.id, login: decider.email },
          })
          .from(staffRequests)
          .innerJoin(users, eq(users.id, staffRequests.subjectUserId))
          .innerJoin(requester, eq(requester.id, staffRequests.requestedBy))
          .leftJoin(decider, eq(decider.id, staffRequests.decidedBy))
          .where(where)
          .orderBy(order(staffRequests.requestedAt), order(staffRequests.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(staffRequests)
          .innerJoin(users, eq(users.id, staffRequests.subjectUserId))
          .where(where),
      ]);
      return {
        items: rows.map((row) => ({
          ...toRequest(row.request, row.login),
          appliedAlone: row.request.appliedAlone,
          requester: row.requester,
          decider: row.decider,
        })),
        total: count?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async list(
      kind: StaffRequestKind,
      query: { status?: StaffRequestStatus | undefined; page: number; perPage: number },
    ) {
      const where = and(
        eq(staffRequests.kind, kind),
        query.status ? eq(staffRequests.status, query.status) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({ request: staffRequests, login: users.email })
          .from(staffRequests)
          .innerJoin(users, eq(users.id, staffRequests.subjectUserId))
          .where(where)
          .orderBy(desc(staffRequests.requestedAt), desc(staffRequests.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(staffRequests)
          .where(where),
      ]);
      return {
        items: rows.map((row) => toRequest(row.request, row.login)),
        page: query.page,
        perPage: query.perPage,
        total: count?.total ?? 0,
      };
    },
  };
}
