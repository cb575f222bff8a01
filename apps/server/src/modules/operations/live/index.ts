/** The live module's front door: what the rest of the server may use of it. */
export { createLiveAccess } from './live-access.js';
export { LiveHub } from './live-hub.js';
export type { LiveEvent, LiveHubOptions } from './live-hub.js';
export { liveEventsPruneJob } from './live-events-prune-job.js';
export { createLiveLog } from './live-log.js';
export type { LiveEventInput, LiveLog } from './live-log.js';
export { liveRoutes } from './live-routes.js';
export {
  STREAMS_PER_ADDRESS,
  STREAMS_PER_SESSION,
  STREAMS_PER_USER,
  STREAMS_SHARE_OF_CONNECTIONS,
  createLiveStreams,
} from './live-service.js';
export type { LiveStreamOptions, LiveStreams, StreamCaps, StreamScope } from './live-service.js';
