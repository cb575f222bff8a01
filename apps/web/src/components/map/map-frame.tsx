import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Leaflet measures its container only when the window resizes; a dialog opening, a tab or the drawer folding
 * changes the map's size too, and without a new measure part of it would stay blank.
 */
export function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** The box around every map: its height, a thin border, and attribution links that do not rely on colour alone. */
export const mapFrameSx = (height: number) => ({
  height,
  borderRadius: 1,
  overflow: 'hidden',
  border: 1,
  borderColor: 'divider',
  '& .leaflet-container': { height: '100%' },
  // Leaflet tells its attribution links apart by colour alone (WCAG 1.4.1): underlined, they need not be.
  '& .leaflet-control-attribution a': { textDecoration: 'underline' },
});
