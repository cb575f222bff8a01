/* global self, importScripts -- a service worker's own globals */
/*
 * The driver app's service worker (scope /driver): keeps the app's shell on the phone so that /driver opens in a
 * dead zone after one visit (app-shell-sw.js). It never keeps an API answer; the app keeps its own last manifest
 * and its outbox.
 */
importScripts('/app-shell-sw.js');

self.keepAppShell({
  prefix: 'schoolride-driver-shell-',
  cache: 'schoolride-driver-shell-v1',
  shellPage: '/driver',
  files: [
    '/driver',
    '/app-shell-sw.js',
    '/logo.svg',
    '/driver.webmanifest',
    '/driver-icon-192.png',
    '/driver-icon-512.png',
    '/driver-icon-maskable-512.png',
  ],
  isAppPage: (pathname) => pathname === '/driver' || pathname.startsWith('/driver/'),
});
