import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { createStyleCache } from './style-cache';
import { createAppTheme } from './theme';
import { ThemeModeContext, usePersistentThemeMode } from './theme-mode';

/** The system's "reduce motion" setting, which the theme honours (theme.ts). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** One for the page's life, as emotion's default would be: it knows which styles it has inserted. */
const styleCache = createStyleCache();

/**
 * App-wide services that do not depend on the current route. The session provider sits inside the router
 * instead (see SessionProvider), since ending a session navigates. The query cache is not here: only signed-in
 * screens fetch through it, so it comes with their code (see AdminRoot) and stays out of the first download.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const themeMode = usePersistentThemeMode();
  // Read before the first paint (noSsr), so nothing animates before the preference is known; followed when it changes.
  const reducedMotion = useMediaQuery(REDUCED_MOTION, { noSsr: true });
  const theme = useMemo(
    () => createAppTheme(themeMode.mode, { reducedMotion }),
    [themeMode.mode, reducedMotion],
  );

  return (
    <CacheProvider value={styleCache}>
      <ThemeModeContext.Provider value={themeMode}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarProvider
            maxSnack={3}
            // Bottom centre, not the specification's bottom left, where toasts covered the drawer's Dark mode switch:
            // the middle of the page's foot holds no control on any screen (forms end with their buttons on the
            // left, lists with their pages on the right); on a phone notistack spans the width.
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            autoHideDuration={5000}
            transitionDuration={reducedMotion ? { enter: 0, exit: 0 } : { enter: 225, exit: 195 }}
          >
            {children}
          </SnackbarProvider>
        </ThemeProvider>
      </ThemeModeContext.Provider>
    </CacheProvider>
  );
}
