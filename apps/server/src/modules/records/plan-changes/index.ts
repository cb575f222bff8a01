/** The plan-changes module's front door: what the rest of the server may use of it (decision 068). */
export { planChangeRoutes } from './plan-change-routes.js';
export { createPlanChangeService } from './plan-change-service.js';
export type { AnnounceOptions, PlanAnnouncer, PlanChangeService } from './plan-change-service.js';
