/** The resources module's front door: what the rest of the server may use of it. */
export {
  accountResource,
  accountSort,
  notAssigned,
  setProfileImage,
  tableResource,
} from './resource-queries.js';
export type { ResourceTable } from './resource-queries.js';
export { resourceRoutes } from './resource-routes.js';
export { createResourceService } from './resource-service.js';
