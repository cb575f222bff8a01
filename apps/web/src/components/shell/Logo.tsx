import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const PRODUCT_NAME = 'SchoolRide';

interface LogoProps {
  /** The collapsed drawer has room for the glyph only. */
  showName?: boolean;
}

/** The glyph is the same file as the favicon, so the two can never drift apart. */
export function Logo({ showName = true }: LogoProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        component="img"
        src="/logo.svg"
        alt={showName ? '' : PRODUCT_NAME}
        sx={{ width: 36, height: 36, flexShrink: 0, display: 'block' }}
      />
      {showName && (
        <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700 }}>
          {PRODUCT_NAME}
        </Typography>
      )}
    </Box>
  );
}
