import type { ComplianceSummary } from '@school-transport/shared';
import { dataQuery } from '../../lib/api/resource-queries';

/** The compliance module's queries all start with it, so a change refreshes them at once. */
export const COMPLIANCE = 'compliance';

/**
 * GET /api/compliance/summary, the dashboard's compliance panel. Apart from its hook (credentials-api.ts) because
 * the dashboard's route starts it with the screen's code.
 */
export const complianceSummaryQuery = dataQuery<ComplianceSummary>(
  [COMPLIANCE, 'summary'],
  '/compliance/summary',
);
