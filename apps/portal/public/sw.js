// The smartphone app's service worker (served at /app/sw.js, scope /app/): the app opens and
// shows its offline codes without network. The page (/app/) is asked from the network first and
// kept for when there is none; the portal's files (hashed, so never stale) come from the cache
// first. The API is never cached: approvals and their answers are live or nothing.
const CACHE = 'portiere-app-v1';
const SHELL = [
  '/app/',
  '/app/manifest.webmanifest',
  '/portal/icons/app.svg',
  '/portal/icons/app-192.png',
  '/portal/icons/app-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const old = caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))));
  event.waitUntil(old.then(() => self.clients.claim()));
});

// The page names the files it loaded before this worker ran (flows/device/pwa.ts); older
// hashed files, from an earlier build, go.
self.addEventListener('message', (event) => {
  const files = event.data?.cache;
  if (!Array.isArray(files)) return;
  const keep = files.filter((f) => typeof f === 'string' && f.startsWith('/portal/'));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(keep);
      for (const request of await cache.keys()) {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/portal/assets/') && !keep.includes(pathname)) await cache.delete(request);
      }
    }),
  );
});

/** The answer, a copy of it kept under `key` when it is a good one. */
function keep(event, key, response) {
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // The page (every /app/ address is the same page) and the manifest: fresh when online.
  const page = request.mode === 'navigate' && url.pathname.startsWith('/app/');
  if (page || url.pathname === '/app/manifest.webmanifest') {
    const key = page ? '/app/' : request;
    event.respondWith(
      fetch(request)
        .then((response) => keep(event, key, response))
        .catch(() => caches.match(key).then((cached) => cached ?? Response.error())),
    );
  } else if (url.pathname.startsWith('/portal/')) {
    event.respondWith(
      caches
        .match(request)
        .then((cached) => cached ?? fetch(request).then((response) => keep(event, request, response))),
    );
  }
});
