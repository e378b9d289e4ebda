// The installed web app's service worker (see /{lng}/app-page): page loads go to the network first; when the network
// is gone, the last copy of that page the browser may keep (Cache-Control neither private nor no-store) is shown.
// Browsers offer the install prompt only to sites whose service worker handles fetches.
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

function shareable(response) {
  const cacheControl = response.headers.get('cache-control') || '';
  const type = response.headers.get('content-type') || '';
  return response.ok && type.includes('text/html') && !/private|no-store/i.test(cacheControl);
}

async function keepLatest(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(key);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (shareable(response)) {
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
