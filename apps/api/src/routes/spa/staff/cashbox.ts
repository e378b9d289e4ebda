import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentThresholdBodySchema,
  staffRequestAcceptedSchema,
  idempotencyHeadersSchema,
  type StaffAdjustment,
  type StaffPayment,
  type StaffWithdrawal,
  moneySettingsResponseSchema,
  staffAdjustmentPageSchema,
  staffAdjustmentsQuerySchema,
  staffPaymentDetailSchema,
  staffPaymentPageSchema,
  staffPaymentsQuerySchema,
  staffWithdrawalDetailSchema,
  staffWithdrawalPageSchema,
  staffWithdrawalsQuerySchema,
  staffAdjustmentBodySchema,
  staffLedgerParamsSchema,
  staffLedgerQuerySchema,
  staffLedgerResponseSchema,
  staffPspSettleBodySchema,
  staffPspSettleResponseSchema,
  staffReasonBodySchema,
  staffRejectWithdrawalBodySchema,
  staffRequestParamsSchema,
  staffRequestResponseSchema,
  staffWithdrawalResponseSchema,
  uuidParamsSchema,
} from '@playhouse/shared';
import { PSP_WEBHOOK_JOB } from '../../../services/payments/payment-jobs';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';

const WITHDRAWAL_CSV: CsvColumn<StaffWithdrawal>[] = [
  { key: 'id', header: 'id' },
  { key: 'createdAt', header: 'requested' },
  { key: 'userId', header: 'player id' },
  { key: 'login', header: 'player' },
  { key: 'amount', header: 'amount' },
  { key: 'currency', header: 'currency' },
  { key: 'method', header: 'method' },
  { key: 'details', header: 'payout details' },
  { key: 'status', header: 'status' },
  { key: 'approvedBy', header: 'approved by (id)' },
  { key: 'approvedAt', header: 'approved' },
  { key: 'paidBy', header: 'paid by (id)' },
  { key: 'paidAt', header: 'paid' },
  { key: 'rejectedAt', header: 'rejected' },
  { key: 'reason', header: 'reason' },
];

const PAYMENT_CSV: CsvColumn<StaffPayment>[] = [
  { key: 'id', header: 'id' },
  { key: 'createdAt', header: 'created' },
  { key: 'userId', header: 'player id' },
  { key: 'login', header: 'player' },
  { key: 'amount', header: 'amount' },
  { key: 'currency', header: 'currency' },
  { key: 'method', header: 'method' },
  { key: 'provider', header: 'provider' },
  { key: 'status', header: 'status' },
  { key: 'failureReason', header: 'failure reason' },
  { key: 'settledAt', header: 'settled' },
];

/** An adjustment as one CSV row: the request's payload and the members who asked and decided, flat. */
type AdjustmentCsvRow = Pick<StaffAdjustment, 'id' | 'requestedAt' | 'status' | 'appliedAlone' | 'decidedAt'> & {
  player: string;
  amount: unknown;
  currency: unknown;
  reason: unknown;
  requester: string;
  decider: string | null;
  decisionReason: string | null;
};
const ADJUSTMENT_CSV: CsvColumn<AdjustmentCsvRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'requestedAt', header: 'requested' },
  { key: 'player', header: 'player' },
  { key: 'amount', header: 'amount' },
  { key: 'currency', header: 'currency' },
  { key: 'reason', header: 'reason' },
  { key: 'requester', header: 'asked by' },
  { key: 'status', header: 'status' },
  { key: 'appliedAlone', header: 'applied alone' },
  { key: 'decider', header: 'decided by' },
  { key: 'decidedAt', header: 'decided' },
  { key: 'decisionReason', header: 'decision reason' },
];

const adjustmentCsvRow = (item: StaffAdjustment): AdjustmentCsvRow => ({
  id: item.id,
  requestedAt: item.requestedAt,
  player: item.subject?.login ?? '',
  amount: item.payload.amount,
  currency: item.payload.currency,
  reason: item.payload.reason,
  requester: item.requester.login,
  status: item.status,
  appliedAlone: item.appliedAlone,
  decider: item.decider?.login ?? null,
  decidedAt: item.decidedAt,
  decisionReason: item.decisionReason,
});

/** What a list view records in the audit log: the rows shown, or for an export how many rows left. */
function shownOrExported(format: 'json' | 'csv', items: readonly { id: string }[]) {
  return format === 'csv' ? { exported: items.length } : { shown: items.map((item) => item.id) };
}

/**
 * Staff money actions: the withdrawal review (approve, then a second staff member pays), manual adjustments (asked
 * for, then approved by a second staff member), a player's ledger, settling sandbox payments.
 */
const staffCashboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/withdrawals',
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        operationId: 'staffListWithdrawals',
        tags: ['staff'],
        summary:
          'The withdrawal queue: by status, currency, period and player (q: e-mail, username or id), sorted by ' +
          'createdAt, amount or status; format=csv exports the whole filtered result (the view is audited)',
        querystring: staffWithdrawalsQuerySchema,
        response: { 200: staffWithdrawalPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/withdrawals - the review queue
      reply.header('cache-control', 'no-store');
      const page = await app.services.withdrawals.listForStaff(request.query);
      await app.services.staff.audit.viewed(staffActor(request), 'withdrawals', null, {
        ...request.query,
        ...shownOrExported(request.query.format, page.items),
      });
      if (request.query.format === 'csv') return sendCsv(reply, 'withdrawals.csv', WITHDRAWAL_CSV, page.items);
      return page;
    },
  );

  app.get(
    '/withdrawals/:id',
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        operationId: 'staffWithdrawal',
        tags: ['staff'],
        summary:
          'One withdrawal: the player, the amount, its history and the staff members who approved, paid or rejected ' +
          'it (the view is audited)',
        params: uuidParamsSchema,
        response: { 200: staffWithdrawalDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/withdrawals/{id} - a withdrawal's page
      reply.header('cache-control', 'no-store');
      const detail = await app.services.withdrawals.detailForStaff(request.params.id);
      await app.services.staff.audit.viewed(staffActor(request), 'withdrawal', detail.player.id, {
        withdrawalId: request.params.id,
      });
      return detail;
    },
  );

  app.post(
    '/withdrawals/:id/approve',
    {
      config: { permission: 'withdrawals.approve', freshSecondFactor: true },
      schema: {
        operationId: 'staffApproveWithdrawal',
        tags: ['staff'],
        summary: 'Approves a pending withdrawal: the first of two staff members (a second one pays it)',
        params: uuidParamsSchema,
        response: { 200: staffWithdrawalResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/withdrawals/{id}/approve - the first pair of eyes
      return { withdrawal: await app.services.withdrawals.approve(request.params.id, staffActor(request)) };
    },
  );

  app.post(
    '/withdrawals/:id/pay',
    {
      config: { permission: 'withdrawals.pay', freshSecondFactor: true },
      schema: {
        operationId: 'staffPayWithdrawal',
        tags: ['staff'],
        summary:
          'Marks an approved withdrawal paid (the held money leaves the house); never by the staff member who ' +
          'approved it',
        params: uuidParamsSchema,
        response: { 200: staffWithdrawalResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/withdrawals/{id}/pay - the second pair of eyes
      return { withdrawal: await app.services.withdrawals.markPaid(request.params.id, staffActor(request)) };
    },
  );

  app.post(
    '/withdrawals/:id/reject',
    {
      config: { permission: 'withdrawals.reject' },
      schema: {
        operationId: 'staffRejectWithdrawal',
        tags: ['staff'],
        summary: "Rejects a pending or approved withdrawal: the money returns to the player's main balance",
        params: uuidParamsSchema,
        body: staffRejectWithdrawalBodySchema,
        response: { 200: staffWithdrawalResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/withdrawals/{id}/reject - reject with a reason
      return {
        withdrawal: await app.services.withdrawals.reject(request.params.id, staffActor(request), request.body.reason),
      };
    },
  );

  app.post(
    '/adjustments',
    {
      config: { permission: 'adjustments.request', freshSecondFactor: true },
      schema: {
        operationId: 'staffRequestAdjustment',
        tags: ['staff'],
        summary:
          "Asks for a credit (positive) or debit (negative) of a player's main balance, with a reason. Nothing moves " +
          'until a second staff member approves it; the same Idempotency-Key asks once',
        headers: idempotencyHeadersSchema,
        body: staffAdjustmentBodySchema,
        response: { 201: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/adjustments - ask for a manual adjustment (four eyes)
      const adjustment = await app.services.staff.requests.requestAdjustment(
        staffActor(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send({ request: adjustment });
    },
  );

  app.get(
    '/adjustments',
    {
      config: { permission: 'adjustments.read' },
      schema: {
        operationId: 'staffListAdjustments',
        tags: ['staff'],
        summary:
          'Manual adjustments (pending ones wait for a second member), by status, currency, period and player, ' +
          'with who asked and who decided; format=csv exports the whole filtered result (the view is audited)',
        querystring: staffAdjustmentsQuerySchema,
        response: { 200: staffAdjustmentPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/adjustments - the adjustment requests
      reply.header('cache-control', 'no-store');
      const page = await app.services.staff.requests.listAdjustments(request.query);
      await app.services.staff.audit.viewed(staffActor(request), 'adjustments', null, {
        ...request.query,
        ...shownOrExported(request.query.format, page.items),
      });
      if (request.query.format === 'csv') {
        return sendCsv(reply, 'adjustments.csv', ADJUSTMENT_CSV, page.items.map(adjustmentCsvRow));
      }
      return page;
    },
  );

  app.post(
    '/adjustments/:id/approve',
    {
      config: { permission: 'adjustments.approve', freshSecondFactor: true },
      schema: {
        operationId: 'staffApproveAdjustment',
        tags: ['staff'],
        summary: 'Approves and carries out a pending adjustment: never by the staff member who asked for it',
        params: staffRequestParamsSchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/adjustments/{id}/approve - the second pair of eyes moves the money
      return {
        request: await app.services.staff.requests.approve(
          'balance_adjustment',
          request.params.id,
          staffActor(request),
        ),
      };
    },
  );

  app.post(
    '/adjustments/:id/reject',
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        operationId: 'staffRejectAdjustment',
        tags: ['staff'],
        summary: 'Rejects (or, by the one who asked, withdraws) a pending adjustment, with a reason',
        params: staffRequestParamsSchema,
        body: staffReasonBodySchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/adjustments/{id}/reject - nothing moves
      return {
        request: await app.services.staff.requests.reject(
          'balance_adjustment',
          request.params.id,
          staffActor(request),
          request.body.reason,
        ),
      };
    },
  );

  app.get(
    '/ledger/:login',
    {
      config: { permission: 'players.ledger.read' },
      schema: {
        operationId: 'staffPlayerLedger',
        tags: ['staff'],
        summary: "A player's balances and ledger entries, newest first (the view is audited)",
        params: staffLedgerParamsSchema,
        querystring: staffLedgerQuerySchema,
        response: { 200: staffLedgerResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/ledger/{login} - balances and history of one player
      reply.header('cache-control', 'no-store');
      const ledger = await app.services.balances.ledger(request.params.login, request.query);
      await app.services.staff.audit.viewed(staffActor(request), 'ledger', ledger.user.id, {
        page: request.query.page,
      });
      return ledger;
    },
  );

  app.get(
    '/payments',
    {
      config: { permission: 'payments.read' },
      schema: {
        operationId: 'staffListPayments',
        tags: ['staff'],
        summary:
          'Deposits of all players: by status, currency, period and player (q: e-mail, username or id), sorted by ' +
          'createdAt, amount or status; format=csv exports the whole filtered result (the view is audited)',
        querystring: staffPaymentsQuerySchema,
        response: { 200: staffPaymentPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/payments - the payments list
      reply.header('cache-control', 'no-store');
      const page = await app.services.paymentReview.list(request.query);
      await app.services.staff.audit.viewed(staffActor(request), 'payments', null, {
        ...request.query,
        ...shownOrExported(request.query.format, page.items),
      });
      if (request.query.format === 'csv') return sendCsv(reply, 'payments.csv', PAYMENT_CSV, page.items);
      return page;
    },
  );

  app.get(
    '/payments/:id',
    {
      config: { permission: 'payments.read' },
      schema: {
        operationId: 'staffPayment',
        tags: ['staff'],
        summary:
          'One deposit with every webhook event received for it (and what it did) and the provider side delivery ' +
          'attempts (the view is audited)',
        params: uuidParamsSchema,
        response: { 200: staffPaymentDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/payments/{id} - a payment's webhook history
      reply.header('cache-control', 'no-store');
      const detail = await app.services.paymentReview.detail(request.params.id);
      await app.services.staff.audit.viewed(staffActor(request), 'payment', detail.payment.userId, {
        paymentId: request.params.id,
      });
      return detail;
    },
  );

  app.get(
    '/settings/money',
    {
      config: { permission: 'settings.money' },
      schema: {
        operationId: 'staffMoneySettings',
        tags: ['staff'],
        summary:
          'The four-eyes threshold of manual adjustments per currency: below it one finance member applies an ' +
          'adjustment alone (default 0: every adjustment needs a second member)',
        response: { 200: moneySettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      // GET /spa/staff/settings/money - the thresholds
      reply.header('cache-control', 'no-store');
      return { thresholds: await app.services.staff.thresholds.list() };
    },
  );

  app.put(
    '/settings/money',
    {
      config: { permission: 'settings.money', freshSecondFactor: true },
      schema: {
        operationId: 'staffSetAdjustmentThreshold',
        tags: ['staff'],
        summary:
          "Asks for one currency's four-eyes threshold of manual adjustments: it widens what one finance member " +
          'applies alone, so a second admin approves it (/spa/staff/settings/requests)',
        body: adjustmentThresholdBodySchema,
        response: { 202: staffRequestAcceptedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // PUT /spa/staff/settings/money - an admin asks for a threshold
      return reply
        .code(202)
        .send({ request: await app.services.staff.thresholds.request(staffActor(request), request.body) });
    },
  );

  app.post(
    '/payments/:id/psp-settle',
    {
      config: { permission: 'payments.sandbox-settle' },
      schema: {
        operationId: 'staffSettleSandboxPayment',
        tags: ['staff'],
        summary:
          'Completes a sandbox payment that stayed pending, as the provider would: succeed or decline (never a ' +
          "staff member's own)",
        params: uuidParamsSchema,
        body: staffPspSettleBodySchema,
        response: { 200: staffPspSettleResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/payments/{id}/psp-settle - the sandbox completes a pending payment
      const actor = staffActor(request);
      const owner = await app.services.staff.paymentOwner(actor, request.params.id);
      const sessionStatus = await app.services.psp.settle(request.params.id, request.body.outcome);
      await app.services.staff.audit.record(actor, 'psp_settle', {
        userId: owner,
        metadata: { paymentId: request.params.id, outcome: request.body.outcome },
        after: { sessionStatus },
      });
      // Deliver the event now, so the answer already shows the deposit moved (when the webhook got through).
      await app.jobs.trigger(PSP_WEBHOOK_JOB);
      return { sessionStatus, deposit: await app.services.payments.depositById(request.params.id) };
    },
  );
};

export default staffCashboxRoutes;
