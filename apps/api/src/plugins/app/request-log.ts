import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../../lib/redact-url';

/**
 * One short line per request instead of Fastify's two with every header: method, route (the pattern, so no token in
 * a path reaches the log; the redacted URL when no route matched), status, time, the error code of a refused
 * request, the client address, and the request id (bound to the request's logger). No header is ever logged, so
 * session cookies, X-Game-Session, X-Feed-Token, X-Web-Secret and credentials cannot leak through it.
 */
const LOGS_INFO = new Set(['info', 'debug', 'trace']);

export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A body too large is the sender's doing, but worth watching (a misconfigured client or proxy, a probe).
    const warn = reply.statusCode === 413;
    if (!error && !warn && !LOGS_INFO.has(reply.log.level)) return;
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      ...(route ? { route } : { url: redactUrl(request.url) }),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.errorCode ? { code: request.errorCode } : {}),
      client: request.clientAddress,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (warn) reply.log.warn(line, 'request');
    else reply.log.info(line, 'request');
  }
}
