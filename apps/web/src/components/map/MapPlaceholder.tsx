import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * What holds a map's place while Leaflet (a chunk of its own) downloads: a plain box of the same size. Free of
 * Leaflet itself, so the lazy wrappers that show it keep Leaflet out of the pages' own chunks.
 */
export function MapPlaceholder({ height }: { height: number }) {
  return (
    <Box
      sx={{
        height,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ color: 'text.secondary' }}>Loading map…</Typography>
    </Box>
  );
}
