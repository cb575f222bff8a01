/**
 * What the apps of their own (the driver app at /driver, the parent portal at /parent) do to be installable and to
 * open offline: each has its service worker (apps/web/public) and a scope. Their pages (apps/web/driver/index.html,
 * apps/web/parent/index.html) link their web app manifests themselves.
 */
export interface InstallableApp {
  workerUrl: string;
  scope: string;
}

/** Whether this page may use service workers at all (plain http on another host than localhost may not). */
export const serviceWorkersAvailable = () => 'serviceWorker' in navigator && window.isSecureContext;

/** Registers the app's worker; resolves once a worker of the scope is active. */
export async function registerAppWorker(app: InstallableApp): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(app.workerUrl, { scope: app.scope });
  return navigator.serviceWorker.ready;
}

/**
 * Registers the service worker that keeps the app's shell on the phone, so it opens with no network after one
 * visit; then tells it which code files this page loaded, since they were fetched before it could see them.
 * `loaded` is the app's own screens, fetched at once so that all of them are kept, not only the first one seen.
 * Skipped where service workers are unavailable.
 */
export function registerAppServiceWorker(app: InstallableApp, loaded: Promise<unknown>, name: string): void {
  if (!serviceWorkersAvailable()) return;
  registerAppWorker(app)
    .then(async (registration) => {
      await loaded;
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      registration.active?.postMessage({ type: 'cache-assets', urls });
    })
    .catch((error: unknown) => console.error(`The ${name} could not be made available offline`, error));
}
