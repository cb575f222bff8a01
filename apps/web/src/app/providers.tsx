import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { createAppTheme } from './theme';
import { ThemeModeContext, usePersistentThemeMode } from './theme-mode';

/**
 * App-wide services that do not depend on the current route. The session provider sits inside the router
 * instead (see SessionProvider), since ending a session navigates.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const themeMode = usePersistentThemeMode();
  const theme = useMemo(() => createAppTheme(themeMode.mode), [themeMode.mode]);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeContext.Provider value={themeMode}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarProvider
            maxSnack={3}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            autoHideDuration={5000}
            transitionDuration={{ enter: 225, exit: 195 }}
          >
            {children}
          </SnackbarProvider>
        </ThemeProvider>
      </ThemeModeContext.Provider>
    </QueryClientProvider>
  );
}
