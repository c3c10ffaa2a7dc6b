// Colour mode provider: keeps the chosen mode (light / dark / system) in localStorage, follows the OS
// live when 'system', and shows it as <html data-color-mode> (theme/base.css colours the page by it).
// It loads no MUI: the MUI theme and CssBaseline (AppThemeProvider.tsx) come with the signed-in pages.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { COLOR_MODE_STORAGE_KEY, type ColorMode } from '@seminar/shared';
import {
  getPrefersDark,
  parseColorMode,
  readStoredColorMode,
  resolveColorMode,
  subscribePrefersDark,
  writeStoredColorMode,
} from './colorModeStorage';
import type { ResolvedColorMode } from './theme';
import './base.css';

export interface ColorModeContextValue {
  /** The user's choice. */
  mode: ColorMode;
  /** What is shown: the choice, or the OS preference when the choice is 'system'. */
  resolvedMode: ResolvedColorMode;
  setMode: (mode: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(readStoredColorMode);
  const prefersDark = useSyncExternalStore(subscribePrefersDark, getPrefersDark, () => false);
  const resolvedMode = resolveColorMode(mode, prefersDark);

  const setMode = useCallback((next: ColorMode) => {
    setModeState(next);
    writeStoredColorMode(next);
  }, []);

  // Another tab changed the mode: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY) setModeState(parseColorMode(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useLayoutEffect(() => {
    document.documentElement.dataset.colorMode = resolvedMode;
  }, [resolvedMode]);

  const value = useMemo(() => ({ mode, resolvedMode, setMode }), [mode, resolvedMode, setMode]);

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside <ColorModeProvider>.');
  return value;
}
