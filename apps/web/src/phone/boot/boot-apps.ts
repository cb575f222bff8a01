/**
 * What each phone app's boot script asks for first: its stored session (the app's name and role, as its session
 * store reads them) and the API path of its first screen's data. The paths are written out, not imported from the
 * contract: the contract's modules bring their validation schemas (zod), far heavier than the boot script itself
 * (boot-apps.test.ts holds them to the contract).
 */
export const DRIVER_BOOT = { name: 'driver', role: 'driver', firstPath: '/driver/today' };
export const PARENT_BOOT = { name: 'parent', role: 'parent', firstPath: '/parent/children' };
