import type { Instrumentation } from 'next';
import { createErrorReporter, type ErrorReporter } from '@playhouse/shared/error-reporting';

let reporter: ErrorReporter | undefined;

/** The web server's reporter: SENTRY_DSN from the environment, else one that sends nothing. */
function webReporter(): ErrorReporter {
  reporter ??= createErrorReporter({
    dsn: process.env.SENTRY_DSN || undefined,
    service: 'web',
    environment: process.env.SENTRY_ENVIRONMENT || process.env.PLAYHOUSE_MODE || 'demo',
    release: process.env.SENTRY_RELEASE || undefined,
  });
  return reporter;
}

/**
 * Next calls this for every error a server render, route handler, server action or the proxy throws: it goes to the
 * error tracker with the route (never the request's headers or cookies). The page shows its error boundary, whose
 * digest the report carries too.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const tracker = webReporter();
  if (!tracker.enabled) return;
  const digest = typeof error === 'object' && error !== null && 'digest' in error ? String(error.digest) : undefined;
  tracker.capture(error, {
    tags: {
      route: context.routePath,
      routeType: context.routeType,
      method: request.method,
      ...(digest ? { digest } : {}),
    },
  });
  await tracker.flush();
};
