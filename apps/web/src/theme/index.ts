export { ColorModeProvider, useColorMode, type ColorModeContextValue } from './ColorModeProvider';
export { ColorModeControl } from './ColorModeControl';
export { createAppTheme, type ResolvedColorMode } from './theme';
