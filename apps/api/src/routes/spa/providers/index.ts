import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerParamsSchema, providerResponseSchema, providersResponseSchema } from '@playhouse/shared';
import { sendAnswer } from '../../../lib/answers';
import { errorResponses } from '../../../lib/route-schemas';
import walletRoutes from './wallet';

/** /spa/providers: the provider picker and producers list, and each provider's seamless wallet. */
const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'listProviders',
        tags: ['casino'],
        summary: 'The game providers (producers), in order',
        response: { 200: providersResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      // GET /spa/providers - the provider picker and the producers list
      return sendAnswer(request, reply, await app.services.catalogue.providers());
    },
  );

  app.get(
    '/:provider',
    {
      config: { publicCache: true },
      schema: {
        operationId: 'getProvider',
        tags: ['casino'],
        summary: 'One game provider',
        params: providerParamsSchema,
        response: { 200: providerResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/providers/{provider} - a provider page's heading
      return sendAnswer(request, reply, await app.services.catalogue.provider(request.params.provider));
    },
  );

  await app.register(walletRoutes);
};

export default providersRoutes;
