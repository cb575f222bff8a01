import type { DashboardSummary } from '@school-transport/shared';
import { dataQuery } from '../../lib/api/resource-queries';

/**
 * GET /api/dashboard/summary: every figure of the dashboard in one answer, fetched afresh on each visit. Apart
 * from its hook (dashboard-api.ts) because the dashboard's route starts it with the screen's code.
 */
export const dashboardSummaryQuery = dataQuery<DashboardSummary>(
  ['dashboard', 'summary'],
  '/dashboard/summary',
);
