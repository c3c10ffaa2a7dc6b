// The MUI theme (SPEC §2): primary #1976d2, light background #fafafa, Roboto; plus a dark variant.
import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import { THEME_BACKGROUND_COLOR, THEME_FONT_FAMILY, THEME_PRIMARY_COLOR } from '@seminar/shared';

export type ResolvedColorMode = 'light' | 'dark';

/**
 * In dark mode the primary colour is a lighter tint of #1976d2 (MUI's own dark default), because
 * #1976d2 on a near-black background fails WCAG contrast for text and outlines.
 */
const DARK_PRIMARY_COLOR = '#90caf9';

const themes = new Map<ResolvedColorMode, Theme>();

/**
 * The app's theme of a colour mode, made once per page: every `AppThemeProvider` (the signed-in
 * layout, the colour mode menu) shares it, instead of each building MUI's palette and typography.
 */
export function appTheme(mode: ResolvedColorMode): Theme {
  let theme = themes.get(mode);
  if (!theme) {
    theme = createAppTheme(mode);
    themes.set(mode, theme);
  }
  return theme;
}

export function createAppTheme(mode: ResolvedColorMode): Theme {
  const dark = mode === 'dark';
  const theme = createTheme({
    palette: dark
      ? {
          mode: 'dark',
          primary: { main: DARK_PRIMARY_COLOR },
          background: { default: '#121212', paper: '#1e1e1e' },
        }
      : {
          mode: 'light',
          primary: { main: THEME_PRIMARY_COLOR },
          background: { default: THEME_BACKGROUND_COLOR, paper: '#ffffff' },
        },
    typography: { fontFamily: THEME_FONT_FAMILY },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // --app-height is kept in step with the visual viewport by src/shell/viewport.ts.
          '#root': {
            minHeight: 'var(--app-height, 100dvh)',
            display: 'flex',
            flexDirection: 'column',
          },
        },
      },
      // Initials in avatars: MUI's defaults (light: #fafafa on grey 400; dark: #121212 on grey 600,
      // and the page background colour as text on a primary avatar) are below WCAG AA contrast.
      MuiAvatar: {
        styleOverrides: {
          colorDefault: dark
            ? { backgroundColor: '#9e9e9e', color: '#121212' }
            : { backgroundColor: '#757575', color: '#ffffff' },
        },
      },
    },
  }); // Headings shrink on phones.
  return responsiveFontSizes(theme);
}
