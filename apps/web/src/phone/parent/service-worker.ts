import {
  registerAppServiceWorker,
  registerAppWorker,
  type InstallableApp,
} from '../../lib/device/app-service-worker';

/**
 * Where the build puts the portal's service worker (apps/web/public), and the part of the site it runs. The
 * manifest is linked by the portal's HTML (apps/web/parent/index.html), not from here.
 */
const PARENT_APP: InstallableApp = {
  workerUrl: '/parent-sw.js',
  scope: '/parent',
};
export const PARENT_SCOPE = PARENT_APP.scope;
/** The worker's copy of the last Today answer (see parent-sw.js), dropped at sign-out. */
const TODAY_CACHE = 'schoolride-parent-today';

/** Keeps the portal's shell on the phone (see registerAppServiceWorker). */
export function registerParentServiceWorker(loaded: Promise<unknown>): void {
  registerAppServiceWorker(PARENT_APP, loaded, 'parent portal');
}

/** The portal's worker, registered if need be: push subscriptions belong to it. */
export const registerParentWorker = () => registerAppWorker(PARENT_APP);

/** At sign-out: the children's last state must not stay on the phone for the next person to read. */
export async function forgetToday(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(TODAY_CACHE);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
