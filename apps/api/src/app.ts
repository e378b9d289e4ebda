import cookie from '@fastify/cookie';
import Fastify, { type FastifyPluginCallback, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '@playhouse/db';
import { createErrorReporter } from '@playhouse/shared/error-reporting';
import type { Config } from './config';
import { cacheControlPlugin } from './plugins/app/cache-control';
import { contentChangesPlugin } from './plugins/app/content-changes';
import { dbPlugin } from './plugins/app/db';
import { bodyLimitPlugin } from './plugins/app/body-limit';
import { errorHandlerPlugin } from './plugins/app/error-handler';
import { localePlugin } from './plugins/app/locale';
import { originCheckPlugin } from './plugins/app/origin-check';
import { clientAddressPlugin } from './plugins/app/client-address';
import { genReqId, requestIdPlugin } from './plugins/app/request-id';
import { jobsPlugin } from './plugins/app/jobs';
import { requestMetricsPlugin } from './plugins/app/metrics';
import { RequestLogController } from './plugins/app/request-log';
import { securityHeadersPlugin } from './plugins/app/security-headers';
import { servicesPlugin } from './plugins/app/services';
import { shutdownPlugin } from './plugins/app/shutdown';
import { streamLimitsPlugin } from './plugins/app/stream-limits';
import { authPlugin } from './plugins/auth';
import { redactUrl } from './lib/redact-url';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { swaggerPlugin } from './plugins/external/swagger';
import { spaRoutes } from './routes/spa/index';
import { accountsPlugin } from './services/accounts/accounts-plugin';
import { bonusesPlugin } from './services/bonuses/bonuses-plugin';
import { cashboxPlugin } from './services/cashbox/cashbox-plugin';
import { cataloguePlugin } from './services/catalogue/catalogue-plugin';
import { chatPlugin } from './services/chat/chat-plugin';
import { staffPlugin } from './services/staff/staff-plugin';
import { contentPlugin } from './services/content/content-plugin';
import { gamesPlugin } from './services/games/games-plugin';
import { i18nPlugin } from './services/i18n/i18n-plugin';
import { errorReportsPlugin } from './services/error-reports/error-reports-plugin';
import { mediaPlugin } from './services/media/media-plugin';
import { originalsPlugin } from './services/originals/originals-plugin';
import { paymentsPlugin } from './services/payments/payments-plugin';
import { playersPlugin } from './services/accounts/players-plugin';
import { protectionPlugin } from './services/protection/protection-plugin';
import { providersPlugin } from './services/providers/providers-plugin';
import { reconciliationPlugin } from './services/reconciliation/reconciliation-plugin';
import { receiptsPlugin } from './services/receipts/receipts-plugin';
import { seoPlugin } from './services/seo/seo-plugin';
import { sportsPlugin } from './services/sports/sports-plugin';
import { stakesPlugin } from './services/stakes/stakes-plugin';
import { walletPlugin } from './services/wallet/wallet-plugin';

/**
 * The domains, each a plugin (services/<domain>/<domain>-plugin.ts) that puts its services on `app.services`, adds
 * its hooks and hands its jobs to the scheduler. A domain comes after the domains it uses (each plugin names them
 * as dependencies, so a wrong order fails at start-up).
 */
const DOMAINS = [
  i18nPlugin,
  contentPlugin,
  mediaPlugin,
  accountsPlugin,
  walletPlugin,
  stakesPlugin,
  protectionPlugin,
  cashboxPlugin,
  paymentsPlugin,
  bonusesPlugin,
  cataloguePlugin,
  seoPlugin,
  gamesPlugin,
  providersPlugin,
  originalsPlugin,
  sportsPlugin,
  chatPlugin,
  reconciliationPlugin,
  staffPlugin,
  playersPlugin,
  errorReportsPlugin,
  receiptsPlugin,
] satisfies FastifyPluginCallback<{ config: Config }>[];

/** Bodies are small JSON documents; anything larger is refused before it is read. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** An open database to use instead of opening one from the config; the caller closes it. */
  dbHandle?: DbHandle;
  /** false silences the log (tests); a stream receives the JSON lines instead of stdout. */
  logger?: false | { stream?: { write(line: string): void }; level?: string };
}

function loggerOptions(config: Config, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    level: logger?.level ?? config.logLevel,
    ...(logger?.stream ? { stream: logger.stream } : {}),
    // Requests are logged by the request-log plugin, one allow-listed line each; a `req` logged anywhere else carries
    // no headers (cookies, X-Game-Session, X-Feed-Token, X-Web-Secret) and a redacted URL (reset tokens).
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url) }),
    },
  };
}

/**
 * The whole api as one Fastify instance, not yet listening: external plugins, then the app's own, then the routes.
 * server.ts listens on it; tests call `inject` on it.
 */
export async function buildApp({ config, dbHandle, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    genReqId,
    requestIdHeader: false,
    logController: new RequestLogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // The shutdown plugin answers requests that arrive while closing, in the error envelope.
    return503OnClosing: false,
    // Opening the database runs the migrations and may seed it: far longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const https = new URL(config.siteUrl).protocol === 'https:';
  await app.register(clientAddressPlugin, { trustedProxies: config.trustedProxies, webSecret: config.webSecret });
  await app.register(requestIdPlugin);
  await app.register(requestMetricsPlugin);
  await app.register(securityHeadersPlugin, { https });
  await app.register(shutdownPlugin);
  // Before the rate limiter: it takes publicly cacheable routes out of the api's own per-address limit.
  await app.register(cacheControlPlugin);
  await app.register(rateLimitPlugin, config.rateLimit);
  await app.register(errorHandlerPlugin, {
    reporter: createErrorReporter({ ...config.errorReports, service: 'api' }),
  });
  await app.register(bodyLimitPlugin, { defaultLimit: BODY_LIMIT_BYTES });
  await app.register(cookie);
  await app.register(swaggerPlugin);

  await app.register(dbPlugin, { config, dbHandle });
  await app.register(jobsPlugin, { enabled: config.jobs.enabled });
  await app.register(contentChangesPlugin, { enabled: config.contentCache });
  await app.register(servicesPlugin);
  for (const domain of DOMAINS) await app.register(domain, { config });
  await app.register(originCheckPlugin, { allowedOrigins: config.allowedOrigins });
  await app.register(localePlugin);
  await app.register(authPlugin, {
    secureCookies: https,
    limits: config.auth.limits,
    freshSecondFactorMs: config.auth.freshSecondFactorMs,
  });
  await app.register(streamLimitsPlugin, config.streams);

  await app.register(spaRoutes, { prefix: '/spa' });
  return app;
}
