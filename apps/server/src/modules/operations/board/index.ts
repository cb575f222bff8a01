/** The board module's front door: what the rest of the server may use of it. */
export { boardRoutes } from './board-routes.js';
export { createBoardService } from './board-service.js';
export type { BoardService } from './board-service.js';
export { createLateCheck } from './late-check.js';
export { createRoadDurations } from './road-durations.js';
