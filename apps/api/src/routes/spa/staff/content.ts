import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffInfoPopupBodySchema, staffInfoPopupResponseSchema } from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { recordAudit } from '../../../services/accounts/audit';

/** /spa/staff/info-popups: the site's announcement (the info popup), published by staff (content.publish). */
const staffContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/info-popups',
    {
      config: { permission: 'content.publish' },
      schema: {
        operationId: 'staffPublishInfoPopup',
        tags: ['staff'],
        summary: 'Publishes a new announcement in place of the current one; visitors who closed that one see it',
        body: staffInfoPopupBodySchema,
        response: { 201: staffInfoPopupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/info-popups - publish a new announcement
      const actor = staffActor(request);
      const id = await app.services.content.publishInfoPopup(request.body, (tx, popupId) =>
        recordAudit(tx, {
          event: 'staff_publish_info_popup',
          actorId: actor.id,
          ip: actor.ip,
          metadata: { infoPopupId: popupId },
          after: request.body,
        }),
      );
      return reply.code(201).send({ id });
    },
  );
};

export default staffContentRoutes;
