import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  harmFlagsResponseSchema,
  reviewDocumentBodySchema,
  staffDocumentSchema,
  staffDocumentsQuerySchema,
  staffDocumentsResponseSchema,
  staffPlayerProtectionSchema,
} from '@playhouse/shared';
import { NotFoundError } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';

/**
 * /spa/staff: identity documents to review and markers of harm, for the ops command line and the back office. Staff
 * see players' limits and breaks but nothing here raises a limit or ends a break. Permissions documents.read,
 * documents.review, protection.read and protection.flags; every view of a player's data is audited.
 */
const staffProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app.services;
  const tags = ['staff'];
  app.get(
    '/documents',
    {
      config: { permission: 'documents.read' },
      schema: {
        operationId: 'staffListDocuments',
        tags,
        summary: 'Identity documents by status (pending first-in first-out, the others newest review first)',
        querystring: staffDocumentsQuerySchema,
        response: { 200: staffDocumentsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/documents - the review queue (players' names and files: the view is audited)
      const items = await protection.documents.staffList(request.query.status);
      await app.services.staff.audit.viewed(staffActor(request), 'documents', null, { status: request.query.status });
      return { items };
    },
  );

  app.get(
    '/documents/:id/file',
    {
      config: { permission: 'documents.read' },
      schema: {
        operationId: 'staffGetDocumentFile',
        tags,
        summary: "A document's file, as a download (each view is written to the audit log)",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/documents/{id}/file - look at a document
      const { document, body } = await protection.documents.staffFile(request.params.id, staffActor(request));
      return reply
        .type(document.contentType)
        .header('content-disposition', `attachment; filename="${document.id}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.post(
    '/documents/:id/review',
    {
      config: { permission: 'documents.review' },
      schema: {
        operationId: 'staffReviewDocument',
        tags,
        summary: 'Approves a pending document, or rejects it with a reason; the player is told by e-mail',
        params: z.object({ id: z.uuid() }),
        body: reviewDocumentBodySchema,
        response: { 200: z.object({ document: staffDocumentSchema }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/documents/{id}/review - approve or reject
      return { document: await protection.documents.review(request.params.id, request.body, staffActor(request)) };
    },
  );

  app.get(
    '/protection/flags',
    {
      config: { permission: 'protection.read' },
      schema: {
        operationId: 'staffListHarmFlags',
        tags,
        summary: 'Markers of harm raised for players, newest first',
        querystring: z.object({
          open: z.stringbool().default(false),
          userId: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: harmFlagsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // GET /spa/staff/protection/flags - players flagged for review (the view is audited)
      const items = await protection.harm.list({
        open: request.query.open,
        ...(request.query.userId === undefined ? {} : { userId: request.query.userId }),
      });
      await app.services.staff.audit.viewed(staffActor(request), 'harm_flags', request.query.userId ?? null, {
        open: request.query.open,
      });
      return { items };
    },
  );

  app.post(
    '/protection/flags/check',
    {
      config: { permission: 'protection.flags' },
      schema: {
        operationId: 'staffRunHarmCheck',
        tags,
        summary: 'Runs the markers-of-harm rules now for every player active in the last day',
        response: { 200: z.object({ flagged: z.number().int() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      // POST /spa/staff/protection/flags/check - evaluate the rules now (the job's own run, asked for by hand: the
      // audit row follows it)
      const flagged = await protection.harm.evaluateRecent();
      await app.services.staff.audit.record(staffActor(request), 'harm_check', { userId: null, metadata: { flagged } });
      return { flagged };
    },
  );

  app.post(
    '/protection/flags/:id/review',
    {
      config: { permission: 'protection.flags' },
      schema: {
        operationId: 'staffReviewHarmFlag',
        tags,
        summary: 'Marks a flag as reviewed',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/protection/flags/{id}/review - a staff member looked at it
      await protection.harm.markReviewed(request.params.id, staffActor(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/players/:id/protection',
    {
      config: { permission: 'protection.read' },
      schema: {
        operationId: 'staffGetPlayerProtection',
        tags,
        summary:
          "A player's limits, reality check, break, verification and flags, and their other accounts that are " +
          'self-excluded or closed for gambling, and the national register (read only)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: staffPlayerProtectionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // GET /spa/staff/players/{id}/protection - what protects a player
      const player = await protection.guard.player(app.db, request.params.id).catch(() => {
        throw new NotFoundError('There is no such player.');
      });
      const profile = protection.jurisdictions.forCountry(player.country);
      await app.services.staff.audit.viewed(staffActor(request), 'player_protection', player.id);
      const [limits, realityCheckMinutes, restriction, verification, flags, screened] = await Promise.all([
        protection.limits.list(player),
        protection.realityChecks.intervalOf(app.db, player.id, profile),
        protection.restrictions.view(player.id),
        protection.documents.statuses(app.db, player.id),
        protection.harm.list({ userId: player.id }),
        protection.exclusions
          .identityOf(app.db, player.id)
          .then((identity) => (identity ? protection.exclusions.screen(app.db, identity, player.id) : null)),
      ]);
      return {
        userId: player.id,
        profile: profile.code,
        limits,
        realityCheckMinutes,
        restriction,
        verification,
        flags,
        exclusionMatches: screened?.matches ?? [],
        nationalRegister: screened?.nationalRegister ?? false,
      };
    },
  );
};

export default staffProtectionRoutes;
