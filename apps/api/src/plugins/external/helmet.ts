import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The api answers JSON only, so its content policy allows nothing to load or frame it; the
 * reference page at /spa/docs sets its own, looser policy.
 */
export const helmetPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
    });
  },
  { name: 'helmet' },
);
