import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashboxResponseSchema,
  createDepositBodySchema,
  createWithdrawalBodySchema,
  depositResponseSchema,
  idempotencyHeadersSchema,
  localeHeadersSchema,
  uuidParamsSchema,
  withdrawalResponseSchema,
  withdrawalsQuerySchema,
  withdrawalsResponseSchema,
} from '@playhouse/shared';
import { answerNoStore } from '../../../lib/route-hooks';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

/** /spa/cashbox: payment methods, deposits through the payment provider's hosted page, withdrawal requests. */
const cashboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  answerNoStore(app);

  app.get(
    '',
    {
      config: { localized: true },
      schema: {
        operationId: 'getCashbox',
        tags: ['cashbox'],
        summary: "Payment methods in the player's currency with bounds and presets, and the deposit limits",
        headers: localeHeadersSchema,
        response: { 200: cashboxResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/cashbox - what the cashbox page offers
      return app.services.cashbox.overview(signedInUser(request), request.localeContext);
    },
  );

  app.post(
    '/deposits',
    {
      config: { localized: true },
      schema: {
        operationId: 'createDeposit',
        tags: ['cashbox'],
        summary: "Starts a deposit: answers with the payment provider's hosted page to send the player to",
        headers: localeHeadersSchema.extend(idempotencyHeadersSchema.shape),
        body: createDepositBodySchema,
        response: { 201: depositResponseSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request, reply) => {
      // POST /spa/cashbox/deposits - a pending deposit and its checkout
      const deposit = await app.services.payments.createDeposit(signedInUser(request), {
        ...request.body,
        locale: request.localeContext.locale,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ deposit });
    },
  );

  app.get(
    '/deposits/:id',
    {
      schema: {
        operationId: 'getDeposit',
        tags: ['cashbox'],
        summary: "One of the player's deposits as it stands (the page the hosted checkout returns to)",
        params: uuidParamsSchema,
        response: { 200: depositResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      // GET /spa/cashbox/deposits/{id} - a deposit's status
      return { deposit: await app.services.payments.deposit(signedInUser(request).id, request.params.id) };
    },
  );

  app.post(
    '/withdrawals',
    {
      schema: {
        operationId: 'createWithdrawal',
        tags: ['cashbox'],
        summary: 'Requests a payout from the main balance (bonus money cannot be withdrawn); staff review it',
        headers: idempotencyHeadersSchema,
        body: createWithdrawalBodySchema,
        response: { 201: withdrawalResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/cashbox/withdrawals - a pending withdrawal, its amount held
      const withdrawal = await app.services.withdrawals.request(signedInUser(request), {
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ withdrawal });
    },
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        operationId: 'listWithdrawals',
        tags: ['cashbox'],
        summary: "The player's withdrawals, newest first",
        querystring: withdrawalsQuerySchema,
        response: { 200: withdrawalsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // GET /spa/cashbox/withdrawals - the player's withdrawal requests
      return app.services.withdrawals.listForUser(signedInUser(request).id, request.query);
    },
  );
};

export default cashboxRoutes;
