import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { LocationPickerProps } from './LocationPicker';

// Leaflet is a large download that no form needs before its fields: it comes in its own chunk, after them.
const LocationPicker = lazy(() => import('./LocationPicker'));

/** The map of LocationPicker, loaded on first use; a plain box of the same size holds its place meanwhile. */
export function LazyLocationPicker(props: LocationPickerProps) {
  return (
    <Suspense
      fallback={
        <Box
          sx={{
            height: props.height,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography sx={{ color: 'text.secondary' }}>Loading map…</Typography>
        </Box>
      }
    >
      <LocationPicker {...props} />
    </Suspense>
  );
}
