import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useBusRoute } from './schedule-api';

export const BusRouteGate = recordGate({
  useRecord: useBusRoute,
  noun: 'Route',
  back: { label: 'All Routes', to: paths.busRoutes.list },
});
