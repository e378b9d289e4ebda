import type { Db, Tx } from '@playhouse/db';
import {
  pageWindow,
  parseDecimal,
  staffMay,
  type StaffAdjustment,
  type StaffAdjustmentsQuery,
  type StaffFourEyesRequest,
  type StaffRequest,
  type StaffRequestKind,
  type StaffRequestStatus,
} from '@playhouse/shared';
import { boundOf } from '../../lib/period';
import { playerMatches } from '../accounts/account-queries';
import { mayApplyAlone } from './adjustment-thresholds';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findUserByLogin } from '../accounts/account-queries';
import { recordAudit } from '../audit/audit-log';
import { asCurrency, formatAmount } from '../../lib/amounts';
import type { Clock } from '../../lib/clock';
import { FourEyesError, OwnAccountError } from '../auth/auth-errors';
import { StaffRequestStateError } from './staff-errors';
import type { StaffActor } from './staff-queries';
import {
  decideStaffRequest,
  listStaffRequests,
  openStaffRequest,
  staffRequestFilter,
  staffRequestPage,
  staffRequestWithPlayer,
  type StaffRequestRow,
} from '../approvals/staff-request-queries';
import { findCampaignBySlug } from '../bonuses/bonus-queries';

type RequestRow = StaffRequestRow;

/**
 * What approving a request of one kind does, inside the approval's transaction (which has marked it approved and
 * locked it): the result is stored on the request and audited; `after` runs once the approval committed (an e-mail).
 */
export type RequestExecutor = (
  tx: Tx,
  request: RequestRow,
  approver: StaffActor,
) => Promise<{ result: Record<string, unknown>; after?: () => Promise<void> }>;

/** The executors of the kinds other domains own (staff invitations, settings, campaigns, results). */
export type RequestExecutors = Partial<Record<StaffRequestKind, RequestExecutor>>;

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
  executors = {},
}: {
  db: Db;
  clock: Clock;
  adjustBalance: AdjustBalance;
  offerBonus: OfferBonus;
  /** Filled by the staff plugin with the other domains' executors (they exist once those domains are built). */
  executors?: RequestExecutors;
}) {
  function toRequest(row: RequestRow, login: string | null): StaffRequest {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      subject: row.subjectUserId === null ? null : { id: row.subjectUserId, login: login ?? '' },
      payload: row.payload,
      requestedBy: row.requestedBy,
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
      result: row.result,
    };
  }

  async function load(executor: Db | Tx, kinds: readonly StaffRequestKind[], id: string, lock = false) {
    const row = await staffRequestWithPlayer(executor, kinds, id, lock);
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
      const opened = await openStaffRequest(tx, {
        kind,
        subjectUserId: subject.id,
        payload,
        actor,
        idempotencyKey,
        at: current,
      });
      const created = opened.row;
      if (!opened.created) return toRequest(created, subject.email);
      if (!(await alone(tx))) return toRequest(created, subject.email);
      // Below the four-eyes threshold: the requester applies it at once, in this transaction.
      const decided = { ...created, status: 'approved' as const, decidedBy: actor.id, decidedAt: current };
      const { result } = await execute(tx, decided, subject.email, actor);
      const applied = await decideStaffRequest(tx, created.id, {
        status: 'approved',
        decidedBy: actor.id,
        decidedAt: current,
        result,
        appliedAlone: true,
      });
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
  async function execute(
    tx: Tx,
    row: RequestRow,
    login: string | null,
    approver: StaffActor,
  ): Promise<{ result: Record<string, unknown>; after?: () => Promise<void> }> {
    if (row.kind === 'balance_adjustment') {
      const adjusted = await adjustBalance({
        login: login ?? '',
        amount: String(row.payload.amount),
        reason: String(row.payload.reason),
        idempotencyKey: `request:${row.id}`,
        actor: { id: row.decidedBy, ip: null },
        metadata: { requestId: row.id, requestedBy: row.requestedBy, approvedBy: row.decidedBy },
        executor: tx,
      });
      return { result: { transferId: adjusted.transferId, mainBalance: adjusted.mainBalance } };
    }
    if (row.kind === 'bonus_offer') {
      const offered = await offerBonus(tx, login ?? '', String(row.payload.campaign), `request:${row.id}`);
      return { result: { bonusId: offered.id } };
    }
    const executor = executors[row.kind];
    if (!executor) throw new NotFoundError('Requests of this kind cannot be approved here.');
    return executor(tx, row, approver);
  }

  async function decide(
    kinds: StaffRequestKind | readonly StaffRequestKind[],
    id: string,
    actor: StaffActor,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<StaffRequest> {
    const wanted = typeof kinds === 'string' ? [kinds] : kinds;
    const current = clock.now();
    const after = await db.transaction(async (tx) => {
      const { request, login } = await load(tx, wanted, id, true);
      if (request.status !== 'pending') throw new StaffRequestStateError(request.status);
      if (request.subjectUserId === actor.id) throw new OwnAccountError();
      // Withdrawing one's own request is allowed; approving it is not.
      if (decision.approve && request.requestedBy === actor.id) throw new FourEyesError();
      const status: StaffRequestStatus = decision.approve ? 'approved' : 'rejected';
      const decided = { ...request, status, decidedBy: actor.id, decidedAt: current };
      const done = decision.approve ? await execute(tx, decided, login, actor) : null;
      const result = done?.result ?? null;
      await decideStaffRequest(tx, id, {
        status,
        decidedBy: actor.id,
        decidedAt: current,
        decisionReason: decision.approve ? null : decision.reason,
        result,
      });
      await recordAudit(tx, {
        event: `staff_${status === 'approved' ? 'approve' : 'reject'}_${request.kind}`,
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
      return done?.after;
    });
    if (after) await after();
    const { request, login } = await load(db, wanted, id);
    return toRequest(request, login);
  }

  /** Requests of some kinds, newest first, with who asked and who decided (the back office's request lists). */
  async function listWithStaff(
    kinds: readonly StaffRequestKind[],
    query: { status?: StaffRequestStatus | undefined; page: number; perPage: number },
  ): Promise<{ items: StaffFourEyesRequest[]; page: number; perPage: number; total: number }> {
    const where = staffRequestFilter({ kinds, status: query.status });
    const { rows, total } = await listStaffRequests(db, where, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    });
    return {
      items: rows.map((row) => ({
        ...toRequest(row.request, row.login),
        requester: row.requester,
        decider: row.decider,
      })),
      page: query.page,
      perPage: query.perPage,
      total,
    };
  }

  /** Asks, in its own transaction, for something a second staff member carries out (a grant, a setting). */
  async function ask(
    actor: StaffActor,
    kind: StaffRequestKind,
    subjectUserId: number | null,
    payload: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<StaffRequest> {
    if (subjectUserId === actor.id) throw new OwnAccountError();
    const { row } = await db.transaction((tx) =>
      openStaffRequest(tx, { kind, subjectUserId, payload, actor, idempotencyKey, at: clock.now() }),
    );
    const { request, login } = await load(db, [kind], row.id);
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
      const campaign = await findCampaignBySlug(db, body.campaign);
      if (!campaign) throw new NotFoundError(`No bonus campaign "${body.campaign}".`);
      return create(actor, 'bonus_offer', body.login, { campaign: campaign.slug }, idempotencyKey);
    },

    ask,

    approve: (kinds: StaffRequestKind | readonly StaffRequestKind[], id: string, actor: StaffActor) =>
      decide(kinds, id, actor, { approve: true }),

    reject: (kinds: StaffRequestKind | readonly StaffRequestKind[], id: string, actor: StaffActor, reason: string) =>
      decide(kinds, id, actor, { approve: false, reason }),

    listWithStaff,

    /** One request of these kinds, as the api answers it. */
    async get(kinds: StaffRequestKind | readonly StaffRequestKind[], id: string): Promise<StaffRequest> {
      const { request, login } = await load(db, typeof kinds === 'string' ? [kinds] : kinds, id);
      return toRequest(request, login);
    },

    /** Registers the executor of a kind another domain owns (the staff plugin wires them once those exist). */
    register(kind: StaffRequestKind, executor: RequestExecutor) {
      executors[kind] = executor;
    },

    /** The manual adjustments, filtered and sorted, with the staff members who asked and decided. */
    async listAdjustments(
      query: StaffAdjustmentsQuery,
    ): Promise<{ items: StaffAdjustment[]; total: number; page: number; pageSize: number }> {
      const from = boundOf(query.from, 'from');
      const to = boundOf(query.to, 'to');
      const where = staffRequestFilter({
        kinds: ['balance_adjustment'],
        status: query.status,
        currency: query.currency,
        from,
        to,
        player: query.player,
        playerWhere: query.q ? playerMatches(query.q) : undefined,
      });
      const { rows, total } = await listStaffRequests(db, where, { ...pageWindow(query), order: query.dir });
      return {
        items: rows.map((row) => ({
          ...toRequest(row.request, row.login),
          appliedAlone: row.request.appliedAlone,
          requester: row.requester,
          decider: row.decider,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async list(
      kind: StaffRequestKind,
      query: { status?: StaffRequestStatus | undefined; page: number; perPage: number },
    ) {
      const { rows, total } = await staffRequestPage(db, staffRequestFilter({ kinds: [kind], status: query.status }), {
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        items: rows.map((row) => toRequest(row.request, row.login)),
        page: query.page,
        perPage: query.perPage,
        total,
      };
    },
  };
}
