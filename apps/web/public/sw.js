// The installed web app's service worker (see /{lng}/app-page): page loads go to the network first; when the network
// is gone, the last copy of a public page is shown. Every page is rendered per request (its content-policy nonce), so
// Cache-Control no longer tells public from personal pages: the personal areas are named here and never kept. A kept
// copy replays with its own policy header, so its nonce still matches. Browsers offer the install prompt only to sites
// whose service worker handles fetches.
const CACHE = 'playhouse-pages-v1';
const MAX_PAGES = 30;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Pages with a player's or staff member's own data (the path after the locale). */
const PERSONAL =
  /^\/[a-z]{2}\/(auth|cashbox|profile|transactions|withdrawals|bonuses|staff|psp|sports\/bets|search)(\/|$)/;

function shareable(request, response) {
  const type = response.headers.get('content-type') || '';
  return response.ok && type.includes('text/html') && !PERSONAL.test(new URL(request.url).pathname);
}

async function keepLatest(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(key);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (shareable(request, response)) {
      await cache.delete(request);
      await cache.put(request, response.clone());
      await keepLatest(cache);
    }
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/spa/')) return;
  event.respondWith(networkFirst(request));
});
