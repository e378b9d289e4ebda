/**
 * Error reporting for the server processes (the api and the web's server): events in Sentry's protocol, sent by the
 * SDK's own core client to the DSN the environment names. Without a DSN nothing is built and nothing is sent. The
 * browser's errors reach the api (POST /spa/client-errors, /spa/hcaptchaError/create), which reports them here, so the
 * pages carry no SDK and no DSN.
 */
import { createStackParser, createTransport, dedupeIntegration, linkedErrorsIntegration, Scope } from '@sentry/core';
import { ServerRuntimeClient, nodeStackLineParser } from '@sentry/core/server';

export interface ErrorReportContext {
  /** Searchable labels: the request id, the route, where the error happened. */
  tags?: Record<string, string>;
  /** Anything else worth reading beside the stack; never secrets or personal data. */
  extra?: Record<string, unknown>;
  level?: 'error' | 'warning';
}

export interface ErrorReporter {
  /** False without a DSN: capture does nothing. */
  readonly enabled: boolean;
  capture: (error: unknown, context?: ErrorReportContext) => void;
  /** Waits (at most `timeoutMs`) until what was captured has been sent; true when nothing is left. */
  flush: (timeoutMs?: number) => Promise<boolean>;
}

export interface ErrorReporterOptions {
  dsn: string | undefined;
  /** Which process reports: `api` or `web`. */
  service: string;
  environment?: string;
  release?: string;
}

const SEND_TIMEOUT_MS = 5_000;

const disabled: ErrorReporter = { enabled: false, capture: () => undefined, flush: async () => true };

export function createErrorReporter({ dsn, service, environment, release }: ErrorReporterOptions): ErrorReporter {
  if (!dsn) return disabled;
  const client = new ServerRuntimeClient({
    dsn,
    environment,
    release,
    serverName: service,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    integrations: [dedupeIntegration(), linkedErrorsIntegration()],
    stackParser: createStackParser(nodeStackLineParser()),
    // Requests, cookies and addresses stay out of reports: only what `capture` is given is sent.
    sendDefaultPii: false,
    transport: (transportOptions) =>
      createTransport(transportOptions, async (request) => {
        const response = await fetch(transportOptions.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          // Events and their envelopes are JSON text: this reporter attaches no binary items.
          body: typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        return {
          statusCode: response.status,
          headers: {
            'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'),
            'retry-after': response.headers.get('retry-after'),
          },
        };
      }),
  });
  client.init();
  return {
    enabled: true,
    capture(error, context = {}) {
      const scope = new Scope();
      scope.setClient(client);
      scope.setTag('service', service);
      for (const [key, value] of Object.entries(context.tags ?? {})) scope.setTag(key, value);
      if (context.extra) scope.setExtras(context.extra);
      scope.setLevel(context.level ?? 'error');
      client.captureException(error, undefined, scope);
    },
    flush: async (timeoutMs = SEND_TIMEOUT_MS) => client.flush(timeoutMs),
  };
}
