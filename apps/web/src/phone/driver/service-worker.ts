import { registerAppServiceWorker } from '../../lib/device/app-service-worker';

/**
 * Where the build puts the driver app's service worker (apps/web/public), and the part of the site it runs. The
 * manifest is linked by the driver app's own HTML entry, so nothing here adds it; `manifestUrl` is named only while
 * lib/device/app-service-worker's InstallableApp still asks for it (the entry work drops it: then it goes here too).
 */
const DRIVER_APP = {
  workerUrl: '/driver-sw.js',
  scope: '/driver',
  manifestUrl: '/driver.webmanifest',
};

/** Keeps the driver app's shell on the phone (see registerAppServiceWorker). */
export function registerDriverServiceWorker(loaded: Promise<unknown>): void {
  registerAppServiceWorker(DRIVER_APP, loaded, 'driver app');
}
