/* global self, caches, clients, importScripts -- a service worker's own globals */
/*
 * The parent portal's service worker (scope /parent): keeps the portal's shell on the phone (app-shell-sw.js),
 * shows the push notifications the server sends, and keeps the last Today answer so that a parent without a
 * connection still sees how things last stood (marked as such; dropped at sign-out by the page).
 */
// The shared shell keeping, and the build's list of this app's shell files (self.shellFiles: apps/web/phone-build.ts).
importScripts('/app-shell-sw.js', '/parent-shell-files.js');

self.keepAppShell({
  prefix: 'schoolride-parent-shell-',
  shell: self.shellFiles,
  shellPage: '/parent',
  isAppPage: (pathname) => pathname === '/parent' || pathname.startsWith('/parent/'),
});

/** The one API answer kept: today's children and runs (GET /api/parent/children without a date). */
const TODAY_CACHE = 'schoolride-parent-today';
const TODAY_PATH = '/api/parent/children';

/**
 * Network first; with no network, the kept answer with `offlineSince` (when it was kept) added to its JSON so the
 * page says it is not live. A refusal (401) is passed on as it is, and clears what was kept.
 */
async function todayAnswer(request) {
  const cache = await caches.open(TODAY_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await cache.match(TODAY_PATH);
    if (!kept) throw error;
    const body = await kept.json();
    return new Response(JSON.stringify({ ...body, offlineSince: kept.headers.get('X-Kept-At') }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  if (response.ok) {
    const headers = new Headers(response.headers);
    headers.set('X-Kept-At', new Date().toISOString());
    await cache.put(TODAY_PATH, new Response(await response.clone().blob(), { status: 200, headers }));
  } else if (response.status === 401 || response.status === 403) {
    await caches.delete(TODAY_CACHE);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname === TODAY_PATH && url.search === '') {
    event.respondWith(todayAnswer(request));
  }
});

/** A push message: { title, body, url, tag }; the tag makes a message sent again replace the one shown. */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'SchoolRide';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/parent-icon-192.png',
      badge: '/parent-icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/parent' },
    }),
  );
});

/** A tap on a notification: the portal's window already open is brought to its address, or a new one opened. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/parent', self.location.origin);
  // Only the portal's own pages: a message can never send the parent elsewhere.
  const url =
    target.origin === self.location.origin && target.pathname.startsWith('/parent') ? target.href : '/parent';
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/parent'));
      if (open) {
        await open.focus();
        if (open.url !== url && 'navigate' in open) await open.navigate(url);
        return;
      }
      await clients.openWindow(url);
    }),
  );
});
