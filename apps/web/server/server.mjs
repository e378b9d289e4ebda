#!/usr/bin/env node
// The web's production server: Next.js, with the visitor's address settled at the door first (forwarding.mjs), so
// neither the pages nor the api behind the /spa rewrite ever see an address a browser wrote itself.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { refuseOversizeBody } from './body-limit.mjs';
import { createForwarding, parseTrustedProxies } from './forwarding.mjs';

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

const app = next({ dev: false, dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  if (refuseOversizeBody(request, response)) return;
  forwarding(request);
  void handle(request, response);
});
server.listen(port, host, () => {
  console.log(`web: listening on http://${host ?? 'localhost'}:${port}`);
});

// Stop taking connections, let the requests under way finish, then leave (a stream never finishes: 10 s at most).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
