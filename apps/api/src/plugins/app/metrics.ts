import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { httpRequestDuration, httpRequests, metricsRegistry } from '../../lib/metrics';

/**
 * Counts every answer of the api by route pattern (never the raw URL: ids and tokens stay out of the figures and the
 * label count stays bounded) and times it.
 */
export const requestMetricsPlugin = fp(
  async (app) => {
    // A synchronous hook: no promise per request.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      httpRequests.inc({ method: request.method, route, status: String(status) });
      httpRequestDuration.observe(
        { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: 'request-metrics' },
);

/**
 * The metrics listener: `GET /metrics` in Prometheus's text format, on its own port (METRICS_PORT) that the edge
 * never forwards, so scrapers need no staff session and players never reach it. server.ts listens on it.
 */
export async function buildMetricsServer() {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store');
    return metricsRegistry.metrics();
  });
  return server;
}
