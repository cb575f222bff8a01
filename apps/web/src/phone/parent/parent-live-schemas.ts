import { PARENT_LIVE_EVENTS, schemasOf } from '@school-transport/shared';

/**
 * The schemas the parent's stream checks its events with (PARENT_LIVE_EVENTS), in a module of their own: the
 * stream imports it with its first connection (parent-live.ts), so zod is not loaded before the first screen.
 */
export const parentLiveSchemas = schemasOf(PARENT_LIVE_EVENTS);
