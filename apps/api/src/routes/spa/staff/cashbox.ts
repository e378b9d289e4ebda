import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  staffAdjustmentBodySchema,
  staffAdjustmentResponseSchema,
  staffLedgerParamsSchema,
  staffLedgerQuerySchema,
  staffLedgerResponseSchema,
  staffPspSettleBodySchema,
  staffPspSettleResponseSchema,
  staffRejectWithdrawalBodySchema,
  staffWithdrawalResponseSchema,
  staffWithdrawalsResponseSchema,
  uuidParamsSchema,
  withdrawalsQuerySchema,
} from '@playhouse/shared';
import { PSP_WEBHOOK_JOB } from '../../../services/payments/payment-jobs';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

/** Staff money actions: withdrawals review, balance adjustments, a player's ledger, settling sandbox payments. */
const staffCashboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: Parameters<typeof signedInUser>[0]) => ({
    id: signedInUser(request).id,
    ip: request.clientAddress || null,
  });

  app.get(
    '/withdrawals',
    {
      schema: {
        operationId: 'staffListWithdrawals',
        tags: ['staff'],
        summary: 'Withdrawals of all players, newest first, optionally by status',
        querystring: withdrawalsQuerySchema,
        response: { 200: staffWithdrawalsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/withdrawals - the review queue
      reply.header('cache-control', 'no-store');
      return app.services.withdrawals.listForStaff(request.query);
    },
  );

  for (const [action, summary] of [
    ['approve', 'Approves a pending withdrawal'],
    ['pay', 'Marks an approved withdrawal paid: the held money leaves the house'],
  ] as const) {
    app.post(
      `/withdrawals/:id/${action}`,
      {
        schema: {
          operationId: action === 'approve' ? 'staffApproveWithdrawal' : 'staffPayWithdrawal',
          tags: ['staff'],
          summary,
          params: uuidParamsSchema,
          response: { 200: staffWithdrawalResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        // POST /spa/staff/withdrawals/{id}/approve|pay - one review step
        const { withdrawals } = app.services;
        const withdrawal =
          action === 'approve'
            ? await withdrawals.approve(request.params.id, actor(request))
            : await withdrawals.markPaid(request.params.id, actor(request));
        return { withdrawal };
      },
    );
  }

  app.post(
    '/withdrawals/:id/reject',
    {
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
        withdrawal: await app.services.withdrawals.reject(request.params.id, actor(request), request.body.reason),
      };
    },
  );

  app.post(
    '/adjustments',
    {
      schema: {
        operationId: 'staffAdjustBalance',
        tags: ['staff'],
        summary: "Credits (positive) or debits (negative) a player's main balance, with a reason",
        headers: idempotencyHeadersSchema,
        body: staffAdjustmentBodySchema,
        response: { 200: staffAdjustmentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/adjustments - a manual adjustment through the wallet
      const adjustment = await app.services.balances.adjust({
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
        actor: actor(request),
      });
      return { adjustment };
    },
  );

  app.get(
    '/ledger/:login',
    {
      schema: {
        operationId: 'staffPlayerLedger',
        tags: ['staff'],
        summary: "A player's balances and ledger entries, newest first",
        params: staffLedgerParamsSchema,
        querystring: staffLedgerQuerySchema,
        response: { 200: staffLedgerResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/ledger/{login} - balances and history of one player
      reply.header('cache-control', 'no-store');
      return app.services.balances.ledger(request.params.login, request.query);
    },
  );

  app.post(
    '/payments/:id/psp-settle',
    {
      schema: {
        operationId: 'staffSettleSandboxPayment',
        tags: ['staff'],
        summary: 'Completes a sandbox payment that stayed pending, as the provider would: succeed or decline',
        params: uuidParamsSchema,
        body: staffPspSettleBodySchema,
        response: { 200: staffPspSettleResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/payments/{id}/psp-settle - the sandbox completes a pending payment
      const sessionStatus = await app.services.psp.settle(request.params.id, request.body.outcome);
      // Deliver the event now, so the answer already shows the deposit moved (when the webhook got through).
      await app.jobs.trigger(PSP_WEBHOOK_JOB);
      return { sessionStatus, deposit: await app.services.payments.depositById(request.params.id) };
    },
  );
};

export default staffCashboxRoutes;
