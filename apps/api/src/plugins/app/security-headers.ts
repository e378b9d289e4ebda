import fp from 'fastify-plugin';

/**
 * The api answers JSON only: nothing may load, frame or sniff it. One fixed object set in a synchronous hook costs a
 * fraction of a per-request helmet middleware; the reference page at /spa/docs replaces the content policy with its
 * own. Every answer starts as `no-store`: publicly cacheable routes say so themselves (cache-control plugin), so a
 * personal answer can never be kept by a browser or a shared cache by omission.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // Browsers honour HSTS only over https; over plain http it would only mislead a reader of the headers.
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const headers = securityHeaders({ https });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
