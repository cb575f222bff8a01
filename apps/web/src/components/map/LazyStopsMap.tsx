import { lazy, Suspense } from 'react';
import { MapPlaceholder } from './MapPlaceholder';
import type { StopsMapProps } from './StopsMap';

// Leaflet comes in its own chunk, after the page's text: a schedule is read and edited without the map.
const StopsMap = lazy(() => import('./StopsMap'));

/** The map of StopsMap, loaded on first use; a plain box of the same size holds its place meanwhile. */
export function LazyStopsMap(props: StopsMapProps) {
  return (
    <Suspense fallback={<MapPlaceholder height={props.height} />}>
      <StopsMap {...props} />
    </Suspense>
  );
}
