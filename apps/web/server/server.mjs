#!/usr/bin/env node
// The web's production server: Next.js, with the visitor's address settled at the door first (forwarding.mjs), so
// neither the pages nor the api behind the /spa rewrite ever see an address a browser wrote itself.
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { refuseOversizeBody } from './body-limit.mjs';
import { createForwarding, parseTrustedProxies, WEB_SECRET_HEADER } from './forwarding.mjs';
import { createRenderCache, isKeepable, RENDER_NONCE_HEADER } from './render-cache.mjs';
import { configuredHeaders, createStaticBrotli } from './static-brotli.mjs';

// A production site's api refuses to start without WEB_SECRET; the web refuses too rather than be mistaken for a visitor.
if (process.env.PLAYHOUSE_MODE === 'production' && (process.env.WEB_SECRET ?? '').length < 32) {
  console.error("PLAYHOUSE_MODE=production refuses to start:\n  - WEB_SECRET: must be set (32+ characters, the api's)");
  process.exit(1);
}

const port = Number(process.env.WEB_PORT || 3000);
const host = process.env.WEB_HOST || undefined;
const forwarding = createForwarding({
  trustedProxies: parseTrustedProxies(process.env.TRUST_PROXY),
  webSecret: process.env.WEB_SECRET || undefined,
});

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = next({ dev: false, dir: webDir, port });
const handle = app.getRequestHandler();
await app.prepare();

// The door renders the pages it keeps through a listener of its own on loopback: the only way in for a rendering
// nonce (the public listener drops the header from every request).
const renderer = createServer((request, response) => void handle(request, response));
await new Promise((resolve) => renderer.listen(0, '127.0.0.1', resolve));
const rendererPort = renderer.address().port;

/** Renders a visitor's page with the given nonce: the request's own headers, the body unencoded. */
function render(request, nonce) {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers, [RENDER_NONCE_HEADER]: nonce };
    for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
    const call = httpRequest(
      { host: '127.0.0.1', port: rendererPort, method: 'GET', path: request.url, headers },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () =>
          resolve({ status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

const apiUrl = (process.env.API_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
let knownVersion = { readAt: 0, version: Promise.resolve(null) };
/** The api's content version, asked at most once a second (as the pages' own api client does). */
function contentVersion() {
  const now = Date.now();
  if (now - knownVersion.readAt > 1_000) {
    const secret = process.env.WEB_SECRET;
    const version = fetch(`${apiUrl}/spa/content-version`, {
      headers: { accept: 'application/json', ...(secret ? { [WEB_SECRET_HEADER]: secret } : {}) },
      signal: AbortSignal.timeout(2_000),
    })
      .then(async (answer) => (answer.ok ? String((await answer.json()).version) : null))
      .catch(() => null);
    knownVersion = { readAt: now, version };
  }
  return knownVersion.version;
}

const cache =
  process.env.RENDER_CACHE === 'off'
    ? null
    : createRenderCache({
        render,
        contentVersion,
        ttlMs: Number(process.env.RENDER_CACHE_TTL_MS || 10_000),
        maxBytes: Number(process.env.RENDER_CACHE_MAX_MB || 64) * 1024 * 1024,
      });

const distDir = path.join(webDir, process.env.NEXT_DIST_DIR || '.next');
const staticBrotli = createStaticBrotli({ distDir, headersFor: await configuredHeaders(distDir) });

async function answer(request, response) {
  if (refuseOversizeBody(request, response)) return;
  forwarding(request);
  delete request.headers[RENDER_NONCE_HEADER];
  if (await staticBrotli.serve(request, response).catch(() => false)) return;
  if (cache && isKeepable(request) && (await cache.serve(request, response).catch(() => false))) return;
  await handle(request, response);
}

const server = createServer((request, response) => void answer(request, response));
server.listen(port, host, () => {
  console.log(`web: listening on http://${host ?? 'localhost'}:${port}`);
  void staticBrotli.warm().catch(() => undefined);
});

// Stop taking connections, let the requests under way finish, then leave (a stream never finishes: 10 s at most).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    renderer.close();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
