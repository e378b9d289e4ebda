// The /spa rewrite forwards at most Next's proxy body size (experimental.proxyClientMaxBodySize, 10 MiB): past it
// Next cuts the body short and the api waits for bytes that never come, so the visitor got a bare 500. A request to
// the api announcing a larger body is answered here instead, before Next reads any of it: 413 in the api's error
// envelope. Plain JavaScript: the server runs it before anything is compiled.
import { randomUUID } from 'node:crypto';

/** Next's default proxyClientMaxBodySize; the api's own limits are lower (uploads take at most 5 MiB). */
export const SPA_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Answers a /spa request whose Content-Length is over the limit with 413 payload_too_large (the envelope every api
 * error has, with a request id of its own; Node discards the unread body): true when it did, false to go on.
 */
export function refuseOversizeBody(request, response, limit = SPA_BODY_LIMIT_BYTES) {
  if (!(request.url ?? '').startsWith('/spa/')) return false;
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared <= limit) return false;
  const requestId = randomUUID();
  const body = JSON.stringify({
    error: {
      code: 'payload_too_large',
      message: `The request body is too large: at most ${Math.floor(limit / 1024 / 1024)} MiB here.`,
    },
    requestId,
  });
  response.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': requestId,
    'cache-control': 'no-store',
  });
  response.end(body);
  console.warn(
    JSON.stringify({
      level: 'warn',
      msg: 'request body too large',
      url: request.url.split('?')[0],
      declared,
      requestId,
    }),
  );
  return true;
}
