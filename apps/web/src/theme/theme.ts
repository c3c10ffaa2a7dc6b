// The MUI theme (SPEC §2): primary #1976d2, light background #fafafa, Roboto; plus a dark variant.
import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import { THEME_BACKGROUND_COLOR, THEME_FONT_FAMILY, THEME_PRIMARY_COLOR } from '@seminar/shared';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';

/**
 * Where menus and other popovers are drawn: inside the main landmark (not at the end of <body>,
 * outside every landmark, where a screen reader's landmark navigation cannot reach them). It has no
 * stacking context of its own, so a popover still lies above the app bar. Pages without it: <body>.
 * A popover opened from an open dialog (a select in a form) is drawn inside that dialog instead:
 * in the main landmark it would lie under the dialog, in the part the dialog hides from assistive
 * technology (aria-hidden).
 */
const popoverContainer = () => {
  const dialogs = document.querySelectorAll<HTMLElement>('.MuiDialog-root');
  return dialogs.item(dialogs.length - 1) ?? document.getElementById(MAIN_CONTENT_ID);
};

export type ResolvedColorMode = 'light' | 'dark';

/**
 * In dark mode the primary colour is a lighter tint of #1976d2 (MUI's own dark default), because
 * #1976d2 on a near-black background fails WCAG contrast for text and outlines.
 */
const DARK_PRIMARY_COLOR = '#90caf9';

const themes = new Map<string, Theme>();

/**
 * The app's theme of a colour mode (and motion preference), made once per page: every
 * `AppThemeProvider` (the signed-in layout, the colour mode menu) shares it, instead of each
 * building MUI's palette and typography.
 */
export function appTheme(mode: ResolvedColorMode, reducedMotion = false): Theme {
  const key = `${mode}:${reducedMotion}`;
  let theme = themes.get(key);
  if (!theme) {
    theme = createAppTheme(mode, reducedMotion);
    themes.set(key, theme);
  }
  return theme;
}

/**
 * The keyboard focus ring (docs/accessibility.md#focus-ring): a 2 px outline in the primary colour,
 * at least 3:1 against the page, the paper and a selected item's tint in both modes (WCAG 1.4.11).
 * MUI's own focus cues (a grey tint, a pale ripple) are far below that.
 */
function focusRing(primary: string) {
  return { outline: `2px solid ${primary}`, outlineOffset: 2 } as const;
}

export function createAppTheme(mode: ResolvedColorMode, reducedMotion = false): Theme {
  const dark = mode === 'dark';
  const primary = dark ? DARK_PRIMARY_COLOR : THEME_PRIMARY_COLOR;
  const ring = focusRing(primary);
  // Items that fill their row (menu items, list items, cards, tabs) sit in scrolling boxes that would
  // clip an outline outside them: theirs is drawn just inside.
  const insetRing = { ...ring, outlineOffset: -2 };
  const theme = createTheme({
    // With "reduce motion" asked for, nothing fades, grows or slides (docs/accessibility.md#reduced-motion).
    ...(reducedMotion ? { transitions: { create: () => 'none' } } : {}),
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
          // Anything else focusable by keyboard (the message log, links, a focusable region). Text
          // fields are left out: their focused border is their cue. The `:not`s outweigh a
          // component's own `outline: 0`.
          '*:focus-visible:not(input):not(textarea):not(select)': ring,
          // The message log fills its frame, which clips: its ring is drawn inside. Its scroller
          // (react-virtuoso's) carries an inline `outline: none`, which only !important outweighs.
          '[role="log"]:focus-visible': {
            outline: `${ring.outline} !important`,
            outlineOffset: '-2px !important',
          },
          // On the light app bar's primary colour the ring takes the bar's text colour.
          '.sm-app-bar *:focus-visible:not(input):not(textarea):not(select)': {
            outlineColor: 'currentColor',
          },
        },
      },
      // Every MUI button, icon button, tab, menu item, list item and card action is a ButtonBase.
      MuiButtonBase: {
        // The focus ripple pulses forever; the ring replaces it. Without motion, no click ripple.
        defaultProps: reducedMotion ? { disableRipple: true } : {},
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': ring,
            '.sm-app-bar &.Mui-focusVisible': { outlineColor: 'currentColor' },
          },
        },
      },
      MuiPopover: { defaultProps: { container: popoverContainer } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiButton: { defaultProps: { disableFocusRipple: true } },
      MuiTab: {
        defaultProps: { disableFocusRipple: true },
        styleOverrides: { root: { '&.Mui-focusVisible': insetRing } },
      },
      MuiIconButton: { defaultProps: { disableFocusRipple: true } },
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
