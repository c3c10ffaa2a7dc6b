// The MUI theme of the current colour mode. The signed-in layout wraps its pages in it with
// `baseline` (MUI's CssBaseline); the colour mode menu wraps itself in it, since it also opens on the
// signed-out pages, which load no MUI (theme/base.css draws them).
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorMode } from './ColorModeProvider';
import { appTheme } from './theme';

export function AppThemeProvider({
  baseline = false,
  children,
}: {
  /** Also apply MUI's CssBaseline (global styles) while mounted. */
  baseline?: boolean;
  children: ReactNode;
}) {
  const { resolvedMode } = useColorMode();
  // The system's "reduce motion" setting turns MUI's transitions and ripples off (theme.ts).
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = appTheme(resolvedMode, reducedMotion);
  return (
    <ThemeProvider theme={theme}>
      {baseline ? <CssBaseline enableColorScheme /> : null}
      {children}
    </ThemeProvider>
  );
}
