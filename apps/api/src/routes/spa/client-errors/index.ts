import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaErrorBodySchema, clientErrorBodySchema, errorReportAcceptedSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';

/** A page reports a handful of errors at most; beyond that per address and minute it is noise or abuse. */
const REPORTS_PER_MINUTE = 10;
const rateLimit = { max: REPORTS_PER_MINUTE, timeWindow: 60_000 };

const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      config: { rateLimit },
      schema: {
        operationId: 'reportClientError',
        tags: ['errors'],
        summary: "Forwards an error the browser met to the operator's error tracker",
        body: clientErrorBodySchema,
        response: { 202: errorReportAcceptedSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      // POST /spa/client-errors - an error met in the browser
      app.services.clientErrors.report(request.body, request.id);
      return reply.code(202).send({ accepted: true });
    },
  );
};

export const captchaErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create',
    {
      config: { rateLimit },
      schema: {
        operationId: 'reportCaptchaError',
        tags: ['errors'],
        summary: "Records the captcha widget's client error in the error tracker",
        body: captchaErrorBodySchema,
        response: { 202: errorReportAcceptedSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      // POST /spa/hcaptchaError/create - the captcha widget failed in the browser
      app.services.clientErrors.reportCaptcha(request.body, request.id);
      return reply.code(202).send({ accepted: true });
    },
  );
};

export default clientErrorRoutes;
