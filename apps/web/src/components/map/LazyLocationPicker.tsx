import { lazy, Suspense } from 'react';
import { MapPlaceholder } from './MapPlaceholder';
import type { LocationPickerProps } from './LocationPicker';

// Leaflet is a large download that no form needs before its fields: it comes in its own chunk, after them.
const LocationPicker = lazy(() => import('./LocationPicker'));

/** The map of LocationPicker, loaded on first use; a plain box of the same size holds its place meanwhile. */
export function LazyLocationPicker(props: LocationPickerProps) {
  return (
    <Suspense fallback={<MapPlaceholder height={props.height} />}>
      <LocationPicker {...props} />
    </Suspense>
  );
}
