import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/spa/openapi.json';
export const DOCS_PREFIX = '/spa/docs';

/** Swagger UI's bundle is served from here and styles itself inline; nothing else is allowed. */
const DOCS_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** The OpenAPI document, built from the same zod schemas that validate requests and filter responses. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Playhouse api',
          description:
            'The api behind the Playhouse site. Locale-aware calls take an `X-Locale` header (missing: the default ' +
            'locale; unknown: 400 `unknown_locale`). Every error is `{ error: { code, message, fields? }, requestId }`.',
          version: '1.0.0',
        },
        tags: [
          { name: 'system', description: 'Health of the service' },
          { name: 'locales', description: 'Enabled locales and their UI texts' },
          { name: 'content', description: 'Navigation, sliders, articles and the info popup' },
          { name: 'seo', description: 'Page metadata, head data, sitemap and the web app manifest' },
          { name: 'auth', description: 'Sign in and out (session cookie ph_session)' },
          { name: 'users', description: 'Registration, the signed-in user, passwords and account settings' },
          { name: 'forms', description: 'Form descriptions: fields, constraints and translated labels' },
          { name: 'captcha', description: 'Proof-of-work challenges for registration and recovery' },
          {
            name: 'staff',
            description:
              'Back office and operator actions: a staff session (signed in with TOTP) whose roles grant the ' +
              "route's permission (packages/shared/src/staff/permissions.ts)",
          },
          { name: 'balances', description: 'Main and bonus balances, their live stream, the transaction history' },
          { name: 'cashbox', description: 'Payment methods, deposits, withdrawals and deposit limits' },
          { name: 'payments', description: 'Webhooks of the payment providers (signed)' },
          { name: 'psp', description: "The sandbox payment provider's hosted checkout" },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: DOCS_CSP,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
