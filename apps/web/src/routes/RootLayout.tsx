import { Outlet } from 'react-router';
import { useFocusHeadingOnNavigate } from '../shell/focus';
import { SkipLink } from '../shell/SkipLink';

/**
 * Wraps every route: the skip link comes first in the tab order, and a route change that took the
 * focused control away focuses the new page's heading (shell/focus.ts).
 */
export function RootLayout() {
  useFocusHeadingOnNavigate();
  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  );
}
