import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { contrastComponents, TEXT_CONTRAST } from './theme-contrast';

/** The brand's colours, backgrounds per mode and a 6px corner radius. */
export function createAppTheme(mode: PaletteMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: '#FFB419' },
      secondary: { main: '#000000' },
      background: { default: mode === 'light' ? '#f0f2f5' : '#020202' },
      // Text on a filled colour (a chip, a toast) is black or white, whichever reaches WCAG AA.
      contrastThreshold: TEXT_CONTRAST,
    },
    shape: { borderRadius: 6 },
    components: contrastComponents(),
    typography: {
      // System fonts: nothing to download, and the server's content security policy allows no font host.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  });
}
