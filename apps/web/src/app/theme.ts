import { createTheme, type Components, type PaletteMode, type Theme } from '@mui/material/styles';
import { tokens } from '../design/tokens';
import { contrastComponents, TEXT_CONTRAST, toastColours } from './theme-contrast';

/** What the user asks of the app beside its colour mode. */
export interface ThemePreferences {
  /** The system's "reduce motion" (`prefers-reduced-motion: reduce`): nothing slides, fades, grows or ripples. */
  reducedMotion?: boolean;
}

/**
 * For people who reduce motion (WCAG 2.3.3): MUI's transitions take no time (a dialog, a menu, a drawer is simply
 * there), buttons have no ripple, and the transitions the app's own styles write by hand (a list dimming while it
 * loads, the drawer's width) are turned off too. Spinners still turn: they say something is happening.
 *
 * Without its ripple a button has no focus style of MUI's own (the pulsing ripple is how MUI shows keyboard focus),
 * so a still outline in the text's colour shows it instead (WCAG 2.4.7; the text colour reaches 3:1 on every
 * background of either mode).
 */
function stillComponents(): Components<Theme> {
  return {
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
        }),
      },
    },
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => ({
        ...toastColours(theme),
        '*, *::before, *::after': { transition: 'none !important' },
      }),
    },
  };
}

const NO_DURATION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/** The brand's colours, backgrounds per mode, corners and type, from the shared design tokens. */
export function createAppTheme(mode: PaletteMode, { reducedMotion = false }: ThemePreferences = {}): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: tokens.palette[mode].primary },
      secondary: { main: tokens.palette[mode].secondary },
      background: { default: tokens.palette[mode].background },
      // Text on a filled colour (a chip, a toast) is black or white, whichever reaches WCAG AA.
      contrastThreshold: TEXT_CONTRAST,
    },
    shape: { borderRadius: tokens.radius },
    components: { ...contrastComponents(), ...(reducedMotion ? stillComponents() : {}) },
    ...(reducedMotion ? { transitions: { duration: NO_DURATION } } : {}),
    typography: {
      fontFamily: tokens.fontFamily,
    },
  });
}
