import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOCALES,
  staffContentPageSchema,
  staffLocaleBodySchema,
  staffLocaleOddTypeBodySchema,
  staffLocaleParamsSchema,
  staffLocalesResponseSchema,
  staffTranslationBodySchema,
  staffTranslationParamsSchema,
  staffTranslationPreviewBodySchema,
  staffTranslationPreviewResponseSchema,
  staffTranslationSchema,
  staffTranslationsQuerySchema,
} from '@playhouse/shared';
import { sendCsv } from '../../../lib/csv';
import { errorResponses } from '../../../lib/route-schemas';
import { staffActor } from '../../../plugins/auth';

/**
 * /spa/staff/content/translations and /spa/staff/content/locales: the UI texts per locale (each checked as an ICU
 * message before it is stored, with a preview) and the site's locales (add one, choose the default).
 */
const staffTranslationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = () => app.services.i18nAdmin;

  app.get(
    '/content/translations',
    {
      config: { permission: 'content.read' },
      schema: {
        operationId: 'staffListTranslations',
        tags: ['staff'],
        summary:
          'One page of UI text keys with their text in every locale: searched by key or text (in one locale when ' +
          'named), or only the keys a locale has no text of its own for; format=csv exports every key the search ' +
          'matches (at most 10,000), a column per locale',
        querystring: staffTranslationsQuerySchema,
        response: { 200: staffContentPageSchema(staffTranslationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // GET /spa/staff/content/translations - a page of texts
      const page = await admin().translations(request.query);
      if (request.query.format !== 'csv') return page;
      const rows = page.items.map((item) => ({ key: item.key, ...item.texts }));
      return sendCsv(
        reply,
        'texts.csv',
        [{ key: 'key', header: 'key' }, ...LOCALES.map((code) => ({ key: code, header: code }))],
        rows,
      );
    },
  );

  app.put(
    '/content/translations/:locale/:key',
    {
      config: { permission: 'content.translations' },
      schema: {
        operationId: 'staffSetTranslation',
        tags: ['staff'],
        summary:
          "Sets a key's text in a locale; a text that is no valid ICU message, or uses an argument the site does " +
          'not supply, is a 400 naming the error. The site shows it at once (audited with before and after)',
        params: staffTranslationParamsSchema,
        body: staffTranslationBodySchema,
        response: { 200: staffTranslationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PUT /spa/staff/content/translations/:locale/:key - edit a text
      const { locale, key } = request.params;
      return admin().setText(staffActor(request), locale, key, request.body.value);
    },
  );

  app.delete(
    '/content/translations/:locale/:key',
    {
      config: { permission: 'content.translations' },
      schema: {
        operationId: 'staffRemoveTranslation',
        tags: ['staff'],
        summary: "Removes a locale's own text of a key, so the site shows the default locale's (audited)",
        params: staffTranslationParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      // DELETE /spa/staff/content/translations/:locale/:key - back to the default text
      const { locale, key } = request.params;
      await admin().removeText(staffActor(request), locale, key);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/content/translations/preview',
    {
      config: { permission: 'content.read' },
      schema: {
        operationId: 'staffPreviewTranslation',
        tags: ['staff'],
        summary:
          'Renders a message as the site would in a locale, with the given values and a sample for each argument ' +
          'left out; stores nothing',
        body: staffTranslationPreviewBodySchema,
        response: { 200: staffTranslationPreviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // POST /spa/staff/content/translations/preview - render a message
      return admin().preview(request.body);
    },
  );

  app.get(
    '/content/locales',
    {
      config: { permission: 'content.read' },
      schema: {
        operationId: 'staffListLocales',
        tags: ['staff'],
        summary: 'Every locale the site supports: added or not, enabled, default, and how much of it is translated',
        response: { 200: staffLocalesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // GET /spa/staff/content/locales - the locales
      return { locales: await admin().locales() };
    },
  );

  app.post(
    '/content/locales',
    {
      config: { permission: 'content.locales' },
      schema: {
        operationId: 'staffAddLocale',
        tags: ['staff'],
        summary: "Adds a supported locale to the site; its missing texts show the default locale's (audited)",
        body: staffLocaleBodySchema,
        response: { 201: staffLocalesResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // POST /spa/staff/content/locales - add a locale
      await admin().addLocale(staffActor(request), request.body);
      return reply.code(201).send({ locales: await admin().locales() });
    },
  );

  app.post(
    '/content/locales/:code/default',
    {
      config: { permission: 'content.locales' },
      schema: {
        operationId: 'staffSetDefaultLocale',
        tags: ['staff'],
        summary: 'Makes an enabled locale the default (the fallback of every missing text) (audited)',
        params: staffLocaleParamsSchema,
        response: { 200: staffLocalesResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      // POST /spa/staff/content/locales/:code/default - choose the default locale
      await admin().setDefaultLocale(staffActor(request), request.params.code);
      return { locales: await admin().locales() };
    },
  );

  app.put(
    '/content/locales/:code/odd-type',
    {
      config: { permission: 'content.locales' },
      schema: {
        operationId: 'staffSetLocaleOddType',
        tags: ['staff'],
        summary: 'Sets the odds format visitors of a locale see until they pick their own (audited)',
        params: staffLocaleParamsSchema,
        body: staffLocaleOddTypeBodySchema,
        response: { 200: staffLocalesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // PUT /spa/staff/content/locales/:code/odd-type - the locale's odds format for visitors
      await admin().setLocaleOddType(staffActor(request), request.params.code, request.body.oddType);
      return { locales: await admin().locales() };
    },
  );
};

export default staffTranslationRoutes;
