/** The covers module's front door: what the rest of the server may use of it (decision 054). */
export { coverRoutes } from './cover-routes.js';
export { createCoverService } from './cover-service.js';
export type { CoverService } from './cover-service.js';
