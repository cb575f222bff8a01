/* global self, caches -- a service worker's own globals */
/*
 * The driver app's service worker (scope /driver): keeps the app's shell on the phone so that /driver opens in a
 * dead zone after one visit. It never keeps an API answer (they carry children's data and are marked no-store);
 * the app keeps its own last manifest and its outbox. Pages outside /driver (the back-office, including
 * /driver-details/…) are left to the network untouched.
 */
const CACHE = 'schoolride-driver-shell-v1';
const SHELL_PAGE = '/driver';
const SHELL_FILES = [
  SHELL_PAGE,
  '/logo.svg',
  '/driver.webmanifest',
  '/driver-icon-192.png',
  '/driver-icon-512.png',
  '/driver-icon-maskable-512.png',
];

const isDriverPage = (pathname) => pathname === '/driver' || pathname.startsWith('/driver/');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The page lists the code files it loaded before this worker could see them (its first visit). */
self.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type !== 'cache-assets' || !Array.isArray(urls)) return;
  const assets = urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        assets.map(async (url) => {
          if (!(await cache.match(url))) await cache.add(url);
        }),
      ),
    ),
  );
});

/** Network first, so a new release shows at once; the kept copy when there is no network. */
async function networkFirst(request, cacheKey) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(cacheKey, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(cacheKey);
    if (kept) return kept;
    throw error;
  }
}

/** Files under /assets/ carry their content's hash in their name: a kept copy is always right. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Every driver address is the same single-page app: one kept copy of the page serves them all.
    if (isDriverPage(url.pathname)) event.respondWith(networkFirst(request, SHELL_PAGE));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
});
