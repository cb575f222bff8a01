/** The assignments module's front door: what the rest of the server may use of it. */
export { replaceSeats, seatedInVehicle } from './assignment-queries.js';
export { assignmentRoutes } from './assignment-routes.js';
export { createAssignmentService, refuseWhileAssigned } from './assignment-service.js';
