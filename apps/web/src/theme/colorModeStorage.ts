// Colour mode (SPEC §2): light, dark or system, stored locally. Pure helpers, no React.
import { COLOR_MODE_STORAGE_KEY, COLOR_MODES, type ColorMode } from '@seminar/shared';
import type { ResolvedColorMode } from './theme';

export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseColorMode(value: unknown): ColorMode {
  return COLOR_MODES.find((mode) => mode === value) ?? 'system';
}

/** Storage may be missing or throw (disabled cookies, some private modes): then nothing is kept. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredColorMode(): ColorMode {
  try {
    return parseColorMode(storage()?.getItem(COLOR_MODE_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

export function writeStoredColorMode(mode: ColorMode): void {
  try {
    storage()?.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Quota or privacy mode: the choice lasts for this page only.
  }
}

export function resolveColorMode(mode: ColorMode, prefersDark: boolean): ResolvedColorMode {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

function darkQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(PREFERS_DARK_QUERY);
}

/** useSyncExternalStore subscription to the OS colour scheme. */
export function subscribePrefersDark(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  if (typeof query.addEventListener === 'function') {
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }
  // Safari before 14 only knows the deprecated listener API.
  query.addListener(onChange);
  return () => query.removeListener(onChange);
}

export function getPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}
