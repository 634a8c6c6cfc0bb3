/* global __PRECACHE__ -- replaced by the list of built files when the worker is built */
/* Garage's service worker (built to /sw.js by web/scripts/service-worker.ts, which fills in the
   precache list and the version). Plain JavaScript: it runs in the worker, outside the app bundle.

   - The app's files (index.html and every built asset) are cached at install: the app opens offline.
   - Pages: the network first, else the cached app, whose router shows the page.
   - GET /api/*: the network first, else the last answer kept for that address (a saved route plan,
     its sales, favourites...). Sign-out empties that cache (the app deletes it).
   - Photos (/api/images/*): cached on first sight; their names never change.
*/
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const APP_CACHE = `garage-app-${VERSION}`;
const API_CACHE = 'garage-api'; // also in src/lib/storage.ts (OFFLINE_API_CACHE): sign-out deletes it
const IMAGE_CACHE = 'garage-images';
const MAX_IMAGES = 300;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(APP_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('garage-app-') && key !== APP_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, cacheName, fallback) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request)) ?? (fallback ? await caches.match(fallback) : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
    if (cacheName === IMAGE_CACHE) {
      const keys = await cache.keys();
      // Oldest first: keep the photo cache bounded.
      await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_IMAGES)).map((key) => cache.delete(key)));
    }
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, APP_CACHE, '/index.html'));
  } else if (url.pathname.startsWith('/api/images/')) {
    event.respondWith(cacheFirst(request, IMAGE_CACHE));
  } else if (url.pathname.startsWith('/api/')) {
    // The development mailbox and metrics are never kept; nor is the live stream, which never
    // ends (kept first, it would never reach the page) and whose address carries the token.
    if (url.pathname.startsWith('/api/dev/') || url.pathname === '/api/updates') return;
    event.respondWith(networkFirst(request, API_CACHE));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, APP_CACHE));
  }
});
