import { useQuery } from '@tanstack/react-query';
import { dashboardSummaryQuery } from './dashboard-query';

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery);
}
