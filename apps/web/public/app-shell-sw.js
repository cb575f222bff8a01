/* global self, caches -- a service worker's own globals */
/*
 * What the service workers of the installable apps (driver-sw.js for /driver, parent-sw.js for /parent) share,
 * loaded by each with importScripts (as self.keepAppShell): the app's shell kept on the phone so that it opens with
 * no network after one visit. API answers are never kept here (they carry children's data and are marked no-store);
 * pages outside the app's scope (the back-office, including /driver-details/…) are left to the network untouched.
 *
 * `app.shell`: what the build lists in /<app>-shell-files.js (apps/web/phone-build.ts): `files`, the app's page,
 * its public files and exactly the hashed chunks and styles its page and screens load; `version`, which changes
 * with them. The worker imports that script, so a release that changes the shell changes the worker: the browser
 * installs the new one, which keeps the new shell in a cache of its own (`<app.prefix><version>`) and, once active,
 * drops the app's older caches (never another app's on the same site).
 * `app.shellPage`: the page every address of the app is served from; `app.isAppPage(pathname)`: whether a
 * navigation is the app's.
 *
 * The page is served network first, the kept copy only without a network: the web app and the API are released
 * together by the same server, so an online phone always runs the release its API speaks; the hashed files are
 * served from the cache first (their name changes with their content).
 */
self.keepAppShell = function keepAppShell(app) {
  const cacheName = `${app.prefix}${app.shell.version}`;
  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) => cache.addAll(app.shell.files))
        .then(() => self.skipWaiting()),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(app.prefix) && name !== cacheName)
              .map((name) => caches.delete(name)),
          ),
        )
        .then(() => self.clients.claim()),
    );
  });

  /**
   * The page lists the code files it loaded before this worker could see them (its first visit): the build's list
   * covers the shell; this keeps anything else the page loaded too.
   */
  self.addEventListener('message', (event) => {
    const { type, urls } = event.data ?? {};
    if (type !== 'cache-assets' || !Array.isArray(urls)) return;
    const assets = urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
    event.waitUntil(
      caches.open(cacheName).then((cache) =>
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
    const cache = await caches.open(cacheName);
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
    const cache = await caches.open(cacheName);
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
      // Every address of the app is the same single-page app: one kept copy of the page serves them all.
      if (app.isAppPage(url.pathname)) event.respondWith(networkFirst(request, app.shellPage));
      return;
    }
    if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
    else if (app.shell.files.includes(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
  });
};
