/** Where the build puts the driver app's service worker (apps/web/public), and the part of the site it runs. */
const WORKER_URL = '/driver-sw.js';
const SCOPE = '/driver';
const MANIFEST_URL = '/driver.webmanifest';

/**
 * Makes /driver installable: the web app manifest is linked only while the driver app is shown, so the
 * back-office (same index.html) is not offered as the driver app.
 */
export function linkDriverManifest(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  const theme = document.createElement('meta');
  theme.name = 'theme-color';
  theme.content = '#FFB419';
  document.head.append(link, theme);
  return () => {
    link.remove();
    theme.remove();
  };
}

/**
 * Registers the service worker that keeps the driver app's shell on the phone, so /driver opens with no network
 * after one visit; then tells it which code files this page loaded, since they were fetched before it could see
 * them. `loaded` is the app's own screens, fetched at once so that all of them are kept, not only the first one
 * seen. Skipped where service workers are unavailable (plain http on another host than localhost).
 */
export function registerDriverServiceWorker(loaded: Promise<unknown>): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register(WORKER_URL, { scope: SCOPE })
    .then(async () => {
      const registration = await navigator.serviceWorker.ready;
      await loaded;
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      registration.active?.postMessage({ type: 'cache-assets', urls });
    })
    .catch((error: unknown) => console.error('The driver app could not be made available offline', error));
}
