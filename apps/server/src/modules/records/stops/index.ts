/** The stops module's front door: what the rest of the server may use of it. */
export { clearRun, lockExistingStops, lockRoute, replaceRunStops, setRunStart } from './schedule-queries.js';
export { createScheduleService, neutralStopName } from './schedule-service.js';
export { stopRoutes } from './stop-routes.js';
export { writeStopNote, writeStopPhoto } from './stop-queries.js';
export { createStopService } from './stop-service.js';
export type { StopService } from './stop-service.js';
