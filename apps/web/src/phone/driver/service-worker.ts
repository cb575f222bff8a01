import { registerAppServiceWorker } from '../../lib/device/app-service-worker';

/**
 * Where the build puts the driver app's service worker (apps/web/public), and the part of the site it runs. The
 * manifest is linked by the driver app's own HTML page.
 */
const DRIVER_APP = { workerUrl: '/driver-sw.js', scope: '/driver' };

/** Keeps the driver app's shell on the phone (see registerAppServiceWorker). */
export function registerDriverServiceWorker(loaded: Promise<unknown>): void {
  registerAppServiceWorker(DRIVER_APP, loaded, 'driver app');
}
