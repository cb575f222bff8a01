/** The planner module's front door: what the rest of the server may use of it. */
export { createPlanRunner } from './plan-runner.js';
export type { PlanRunner } from './plan-runner.js';
export { plannerRoutes } from './planner-routes.js';
export { createPlannerService } from './planner-service.js';
