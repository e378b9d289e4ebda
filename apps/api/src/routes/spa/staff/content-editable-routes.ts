import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, staffContentPageSchema, type StaffPermission } from '@playhouse/shared';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';
import type { ContentActor } from '../../../services/content/content-admin-service';

type App = Parameters<FastifyPluginAsyncZod>[0];
/** A list query of the paging contract: whatever its filters, it says whether it asks for CSV. */
type ListQuery = z.ZodType<{ format: 'json' | 'csv' }>;

interface EditableService<Query, Body, Item> {
  list: (query: Query) => Promise<{ items: Item[]; total: number; page: number; pageSize: number }>;
  get: (id: number) => Promise<Item>;
  create: (actor: ContentActor, body: Body) => Promise<Item>;
  update: (actor: ContentActor, id: number, body: Body) => Promise<Item>;
  remove: (actor: ContentActor, id: number) => Promise<void>;
}

interface EditableRoutes<Q extends ListQuery, B extends z.ZodType, I extends z.ZodType> {
  /** Under /spa/staff: "/content/slides". */
  path: string;
  /** The operationIds' noun: "Slide" → staffListSlides, staffCreateSlide... */
  name: string;
  plural: string;
  /** What the summaries call one item. */
  noun: string;
  query: Q;
  body: B;
  item: I;
  /** The columns of the list's CSV export (`format=csv`: every row the filters match, up to the cap). */
  csv: CsvColumn<z.infer<I>>[];
  read: StaffPermission;
  write: StaffPermission;
  service: () => EditableService<z.infer<Q>, z.infer<B>, z.infer<I>>;
}

/**
 * The five routes of one kind of content the back office edits: a page of the list, one item, create, replace and
 * delete. Reads need `read`, writes `write`; every write is audited by the service in its transaction.
 */
export function editableRoutes<Q extends ListQuery, B extends z.ZodType, I extends z.ZodType>(
  app: App,
  spec: EditableRoutes<Q, B, I>,
) {
  const one = `${spec.path}/:id`;
  const page = staffContentPageSchema(spec.item);
  // The schemas below validate and serialize as on every route; the handlers read the validated values through the
  // same schemas (idempotent), which keeps their types without the type provider resolving generic schemas.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const idOf = (params: unknown) => idParamsSchema.parse(params).id;

  routes.get(
    spec.path,
    {
      config: { permission: spec.read },
      schema: {
        operationId: `staffList${spec.plural}`,
        tags: ['staff'],
        summary:
          `One page of the ${spec.noun} list, filtered by q and sorted by a listed column; format=csv exports ` +
          'every row the filters match (at most 10,000)',
        querystring: spec.query,
        response: { 200: page, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/content/<kind> - a page of the list
      const query = spec.query.parse(request.query);
      const page = await spec.service().list(query);
      if (query.format === 'csv') return sendCsv(reply, `${spec.path.split('/').at(-1)}.csv`, spec.csv, page.items);
      return page;
    },
  );

  routes.get(
    one,
    {
      config: { permission: spec.read },
      schema: {
        operationId: `staffGet${spec.name}`,
        tags: ['staff'],
        summary: `One ${spec.noun} with its texts in every locale`,
        params: idParamsSchema,
        response: { 200: spec.item, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // GET /spa/staff/content/<kind>/:id - one item
      return spec.service().get(idOf(request.params));
    },
  );

  routes.post(
    spec.path,
    {
      config: { permission: spec.write },
      schema: {
        operationId: `staffCreate${spec.name}`,
        tags: ['staff'],
        summary: `Adds a ${spec.noun}; the site shows it at once when active (audited)`,
        body: spec.body,
        response: { 201: spec.item, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/content/<kind> - create
      const created = await spec.service().create(staffActor(request), spec.body.parse(request.body));
      return reply.code(201).send(created);
    },
  );

  routes.put(
    one,
    {
      config: { permission: spec.write },
      schema: {
        operationId: `staffUpdate${spec.name}`,
        tags: ['staff'],
        summary: `Replaces a ${spec.noun}; the site shows the change at once (audited with before and after)`,
        params: idParamsSchema,
        body: spec.body,
        response: { 200: spec.item, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // PUT /spa/staff/content/<kind>/:id - replace
      return spec.service().update(staffActor(request), idOf(request.params), spec.body.parse(request.body));
    },
  );

  routes.delete(
    one,
    {
      config: { permission: spec.write },
      schema: {
        operationId: `staffDelete${spec.name}`,
        tags: ['staff'],
        summary: `Deletes a ${spec.noun} (audited with what it was)`,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // DELETE /spa/staff/content/<kind>/:id - delete
      await spec.service().remove(staffActor(request), idOf(request.params));
      return reply.code(204).send(null);
    },
  );
}
