import { Outlet } from 'react-router';
import { SkipLink } from '../shell/SkipLink';

/** Wraps every route: the skip link comes first in the tab order. */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  );
}
