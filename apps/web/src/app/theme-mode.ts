import type { PaletteMode } from '@mui/material/styles';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../lib/device/storage';

/** The storage key and default mode stay as they are, so a choice saved by an earlier version still applies. */
const MODE_KEY = 'mode';
const DEFAULT_MODE: PaletteMode = 'light';

export interface ThemeModeValue {
  mode: PaletteMode;
  toggleMode: () => void;
}

function readStoredMode(): PaletteMode {
  const stored = readStorage(MODE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : DEFAULT_MODE;
}

/** The light/dark choice, remembered across visits, and followed at once by the app's other open tabs. */
export function usePersistentThemeMode(): ThemeModeValue {
  const [mode, setMode] = useState<PaletteMode>(readStoredMode);
  useEffect(() => writeStorage(MODE_KEY, mode), [mode]);
  useEffect(() => {
    // The browser tells every other tab of this origin when one writes the choice; this tab's own writes it does not.
    const follow = (event: StorageEvent) => {
      if (event.key === MODE_KEY) setMode(readStoredMode());
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);
  const toggleMode = useCallback(() => setMode((current) => (current === 'light' ? 'dark' : 'light')), []);
  return { mode, toggleMode };
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <AppProviders>');
  return value;
}
