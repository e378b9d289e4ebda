import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formParamsSchema, formResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { describeForm } from '../../../services/accounts/forms';

const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: { localized: true, publicCache: true },
      schema: {
        operationId: 'getForm',
        tags: ['forms'],
        summary: 'A form: its fields, their constraints (the rules the api validates with) and translated labels',
        params: formParamsSchema,
        response: { 200: formResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      // GET /spa/forms/{id} - describe one form in the request's language
      return { form: await describeForm(app.db, request.params.id, request.localeContext, new Date()) };
    },
  );
};

export default formsRoutes;
