import httpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';

/** Response header naming the instance (its index in the upstream list) the edge proxy sent a request to. */
export const INSTANCE_HEADER = 'x-test-instance';

export interface EdgeProxy {
  /** The proxy's own address, what a browser would reach. */
  url: string;
  close: () => Promise<void>;
}

/**
 * A small reverse proxy in front of N api instances, as production's edge is (docs/operations.md "Scaling out"):
 * @fastify/http-proxy (undici underneath), strict round robin per request, bodies streamed through unbuffered (the
 * server-sent event streams), the visitor's address appended to X-Forwarded-For (the one trusted hop, TRUST_PROXY on
 * the api). It answers with `INSTANCE_HEADER` so a test can tell which instance served each request.
 */
export async function startEdgeProxy(upstreams: string[]): Promise<EdgeProxy> {
  const proxy = Fastify({ logger: false });
  const chosen = new WeakMap<object, number>();
  let turn = 0;
  await proxy.register(httpProxy, {
    upstream: '',
    // Streams stay open as long as the browser keeps them: no body timeout at the edge.
    undici: { bodyTimeout: 0 },
    replyOptions: {
      getUpstream: (request) => {
        const index = turn % upstreams.length;
        turn += 1;
        chosen.set(request, index);
        return upstreams[index]!;
      },
      rewriteRequestHeaders: (request, headers) => {
        const forwarded = headers['x-forwarded-for'];
        const peer = request.raw.socket.remoteAddress ?? '';
        return { ...headers, 'x-forwarded-for': forwarded ? `${String(forwarded)}, ${peer}` : peer };
      },
      rewriteHeaders: (headers, request) => ({
        ...headers,
        [INSTANCE_HEADER]: String(request ? chosen.get(request) : ''),
      }),
    },
  });
  const url = await proxy.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => proxy.close() };
}
