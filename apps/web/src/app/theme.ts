import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

/** Spec section 9: brand colours, backgrounds per mode and a 6px corner radius. */
export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: '#FFB419' },
      secondary: { main: '#000000' },
      background: { default: mode === 'light' ? '#f0f2f5' : '#020202' },
    },
    shape: { borderRadius: 6 },
    typography: {
      // System fonts: nothing to download, and the server's content security policy allows no font host.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  });
}
