import { useEffect } from 'react';
import { useAppName } from './appName';

/**
 * Sets the document title to "Page · App name" (or just the app name) while mounted, so each screen
 * has a distinct title for tabs, history and screen readers.
 */
export function usePageTitle(page?: string): void {
  const appName = useAppName();
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
  }, [page, appName]);
}
