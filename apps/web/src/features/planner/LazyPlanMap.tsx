import { lazy, Suspense } from 'react';
import { MapPlaceholder } from '../../components/map/MapPlaceholder';
import type { PlanMapProps } from './PlanMap';

// Leaflet comes in its own chunk, after the review's figures and tables, which read without the map.
const PlanMap = lazy(() => import('./PlanMap'));

/** The map of PlanMap, loaded on first use; a plain box of the same size holds its place meanwhile. */
export function LazyPlanMap(props: PlanMapProps) {
  return (
    <Suspense fallback={<MapPlaceholder height={props.height} />}>
      <PlanMap {...props} />
    </Suspense>
  );
}
