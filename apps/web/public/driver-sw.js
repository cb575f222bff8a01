/* global self, importScripts -- a service worker's own globals */
/*
 * The driver app's service worker (scope /driver): keeps the app's shell on the phone so that /driver opens in a
 * dead zone after one visit (app-shell-sw.js). It never keeps an API answer; the app keeps its own last manifest
 * and its outbox.
 */
// The shared shell keeping, and the build's list of this app's shell files (self.shellFiles: apps/web/phone-build.ts).
importScripts('/app-shell-sw.js', '/driver-shell-files.js');

self.keepAppShell({
  prefix: 'schoolride-driver-shell-',
  shell: self.shellFiles,
  shellPage: '/driver',
  isAppPage: (pathname) => pathname === '/driver' || pathname.startsWith('/driver/'),
});
