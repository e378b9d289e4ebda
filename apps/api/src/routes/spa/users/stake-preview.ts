import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stakePreviewQuerySchema, stakePreviewResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

const stakePreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stake-preview',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'previewStake',
        tags: ['balances'],
        summary:
          "How a casino stake on a game would be funded now (cash, bonus money or a free spin, and the running bonus's " +
          'rules for the game), or the refusal the bet would meet, named in the answer; without an amount, what the ' +
          'money and the bonus hold for the game. A dry run of the stake pipeline: it locks and writes nothing.',
        querystring: stakePreviewQuerySchema,
        response: { 200: stakePreviewResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/stake-preview - a casino stake's funding before it is made
      reply.header('cache-control', 'no-store');
      return { preview: await app.services.stakePreview.casino(signedInUser(request), request.query) };
    },
  );
};

export default stakePreviewRoutes;
