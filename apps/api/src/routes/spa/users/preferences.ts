import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isOddType,
  oddTypeBodySchema,
  oddTypeResponseSchema,
  tabDisplaySettingsBodySchema,
  tabDisplaySettingsSchema,
  timezoneBodySchema,
  timezoneResponseSchema,
} from '@playhouse/shared';
import { errorResponses } from '../../../lib/route-schemas';
import { signedInUser } from '../../../plugins/auth';

const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/timezone',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'setTimezone',
        tags: ['users'],
        summary:
          "Stores the player's IANA time zone: source player from the profile, device from the daily report (SPEC.md §4), which leaves a zone the player chose alone",
        body: timezoneBodySchema,
        response: { 200: timezoneResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // PUT /spa/users/timezone - remember the player's time zone
      return {
        timezone: await app.services.accounts.setTimezone(
          signedInUser(request).id,
          request.body.timezone,
          request.body.source,
        ),
      };
    },
  );

  app.get(
    '/odd-type',
    {
      config: { localized: true },
      schema: {
        operationId: 'getOddType',
        tags: ['users'],
        summary: "The signed-in player's odds format, else the one the operator set for the request's language",
        response: { 200: oddTypeResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      // GET /spa/users/odd-type - the odds format to display
      reply.header('cache-control', 'private, no-cache');
      const stored = request.user?.oddType;
      return {
        oddType: isOddType(stored) ? stored : await app.services.locales.oddTypeOf(request.localeContext.locale),
      };
    },
  );

  app.put(
    '/odd-type',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'setOddType',
        tags: ['users'],
        summary: "Changes the signed-in player's odds format",
        body: oddTypeBodySchema,
        response: { 200: oddTypeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // PUT /spa/users/odd-type - change the odds format
      return { oddType: await app.services.accounts.setOddType(signedInUser(request).id, request.body.oddType) };
    },
  );

  app.get(
    '/profile/tab-display-settings',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'getTabDisplaySettings',
        tags: ['users'],
        summary: "Which tabs of the player's account area show; the required ones always do",
        response: { 200: tabDisplaySettingsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // GET /spa/users/profile/tab-display-settings - the player's account tabs
      reply.header('cache-control', 'private, no-cache');
      return app.services.accounts.tabDisplaySettings(signedInUser(request).hiddenProfileTabs);
    },
  );

  app.put(
    '/profile/tab-display-settings',
    {
      preHandler: app.requireUser,
      schema: {
        operationId: 'setTabDisplaySettings',
        tags: ['users'],
        summary: 'Hides the listed optional account tabs and shows every other one',
        body: tabDisplaySettingsBodySchema,
        response: { 200: tabDisplaySettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      // PUT /spa/users/profile/tab-display-settings - choose the account tabs
      return app.services.accounts.setTabDisplaySettings(signedInUser(request).id, request.body.hidden);
    },
  );
};

export default preferenceRoutes;
