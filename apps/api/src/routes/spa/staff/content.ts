import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffArticleBodySchema,
  staffArticleSchema,
  staffArticlesQuerySchema,
  staffBonusInfoBodySchema,
  staffBonusInfoSchema,
  staffBonusInfosQuerySchema,
  staffContentPageSchema,
  staffInfoPopupBodySchema,
  staffInfoPopupItemSchema,
  staffInfoPopupResponseSchema,
  staffInfoPopupsQuerySchema,
  staffInfoPopupWithdrawResponseSchema,
  staffPageMetadataBodySchema,
  staffPageMetadataQuerySchema,
  staffPageMetadataSchema,
  staffSlideBodySchema,
  staffSlideSchema,
  staffSlidesQuerySchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import { recordAudit } from '../../../services/audit/audit-log';
import { editableRoutes } from './content-editable-routes';

/**
 * /spa/staff/info-popups: the site's announcement (the info popup), published by staff (content.publish);
 * /spa/staff/content/...: the back office's content editors (slides and banners, bonus info, articles, page
 * metadata, the announcements' history). Promotion places are content.promotions (content, marketing); articles and
 * metadata content.manage (content).
 */
const staffContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = () => app.services.contentAdmin;

  editableRoutes(app, {
    path: '/content/slides',
    name: 'Slide',
    plural: 'Slides',
    noun: 'home slide or banner',
    query: staffSlidesQuerySchema,
    body: staffSlideBodySchema,
    item: staffSlideSchema,
    csv: [
      { key: 'id', header: 'id' },
      { key: 'kind', header: 'slider' },
      { key: 'slug', header: 'name' },
      { key: 'position', header: 'order' },
      { key: 'active', header: 'shown' },
      { key: 'url', header: 'link' },
      { key: 'body', header: 'text' },
      { key: 'buttonText', header: 'button text' },
      { key: 'images', header: 'pictures' },
    ],
    read: 'content.read',
    write: 'content.promotions',
    service: () => admin().slides,
  });
  editableRoutes(app, {
    path: '/content/bonus-infos',
    name: 'BonusInfo',
    plural: 'BonusInfos',
    noun: 'bonus info entry',
    query: staffBonusInfosQuerySchema,
    body: staffBonusInfoBodySchema,
    item: staffBonusInfoSchema,
    csv: [
      { key: 'id', header: 'id' },
      { key: 'slug', header: 'name' },
      { key: 'position', header: 'order' },
      { key: 'active', header: 'shown' },
      { key: 'imageTitle', header: 'title' },
      { key: 'fullDescription', header: 'terms' },
      { key: 'omitGetBonusButton', header: 'no get bonus link' },
      { key: 'images', header: 'pictures' },
    ],
    read: 'content.read',
    write: 'content.promotions',
    service: () => admin().bonusInfos,
  });
  editableRoutes(app, {
    path: '/content/articles',
    name: 'Article',
    plural: 'Articles',
    noun: 'article',
    query: staffArticlesQuerySchema,
    body: staffArticleBodySchema,
    item: staffArticleSchema,
    csv: [
      { key: 'id', header: 'id' },
      { key: 'slug', header: 'name' },
      { key: 'routePath', header: 'page' },
      { key: 'isMain', header: 'main' },
      { key: 'position', header: 'order' },
      { key: 'active', header: 'shown' },
      { key: 'title', header: 'title' },
      { key: 'content', header: 'text' },
    ],
    read: 'content.read',
    write: 'content.manage',
    service: () => admin().articles,
  });
  editableRoutes(app, {
    path: '/content/page-metadata',
    name: 'PageMetadata',
    plural: 'PageMetadata',
    noun: 'page metadata entry',
    query: staffPageMetadataQuerySchema,
    body: staffPageMetadataBodySchema,
    item: staffPageMetadataSchema,
    csv: [
      { key: 'id', header: 'id' },
      { key: 'routePath', header: 'page' },
      { key: 'title', header: 'title' },
      { key: 'description', header: 'description' },
      { key: 'keywords', header: 'keywords' },
      { key: 'imageUrl', header: 'picture' },
      { key: 'robotsIndex', header: 'index' },
      { key: 'robotsFollow', header: 'follow' },
      { key: 'customMetaTags', header: 'meta tags' },
      { key: 'jsonLd', header: 'json-ld' },
    ],
    read: 'content.read',
    write: 'content.manage',
    service: () => admin().pageMetadata,
  });

  app.get(
    '/content/info-popups',
    {
      config: { permission: 'content.read' },
      schema: {
        operationId: 'staffListInfoPopups',
        tags: ['staff'],
        summary: 'Every announcement published, the one shown first, then the newest',
        querystring: staffInfoPopupsQuerySchema,
        response: { 200: staffContentPageSchema(staffInfoPopupItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/content/info-popups - the announcements
      return admin().infoPopups.list(request.query);
    },
  );

  app.delete(
    '/content/info-popups/current',
    {
      config: { permission: 'content.publish' },
      schema: {
        operationId: 'staffWithdrawInfoPopup',
        tags: ['staff'],
        summary: 'Takes the shown announcement down; none shows until the next is published (audited)',
        response: { 200: staffInfoPopupWithdrawResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      // DELETE /spa/staff/content/info-popups/current - take the announcement down
      return admin().infoPopups.withdraw(staffActor(request));
    },
  );

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
