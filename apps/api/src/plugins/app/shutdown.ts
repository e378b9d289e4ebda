import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../../lib/errors';

/**
 * Graceful shutdown on keep-alive connections. Responses finished after shutdown began close their connection, so an
 * idle keep-alive socket cannot hold the server open until its timeout; a request that still arrives on one is told
 * to retry elsewhere in the usual error envelope (Fastify's own 503 would not carry it). Synchronous hooks: they run
 * on every request.
 */
export const shutdownPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', (_request, _reply, done) => {
      done(closing ? new ServiceUnavailableError('The server is shutting down; please retry.') : undefined);
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'shutdown' },
);
