// A memory router for tests, with the handle the tests read: the current location (as committed)
// and navigate(), like a data router's `router.state.location` and `router.navigate`.
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  parsePath,
  useRoutes,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import type { RouterShell } from '../App';

export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** A memory router at `initialEntries` (the last is current) and its handle. */
export function memoryRouter(initialEntries: InitialEntry[]): {
  router: TestRouter;
  shell: RouterShell;
} {
  const current = initialEntries.at(-1) ?? '/';
  const {
    pathname = '/',
    search = '',
    hash = '',
  } = typeof current === 'string' ? parsePath(current) : current;
  const state: unknown = typeof current === 'string' ? null : (current.state ?? null);
  const router: TestRouter = {
    state: { location: { pathname, search, hash, state, key: 'default' } },
    navigate: () => {
      throw new Error('the test router has not rendered yet');
    },
  };
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      router.state.location = location;
      router.navigate = navigate;
    }, [location, navigate]);
    return null;
  }
  const shell: RouterShell = (children) => (
    <MemoryRouter initialEntries={initialEntries}>
      <Probe />
      {children}
    </MemoryRouter>
  );
  return { router, shell };
}

/** Renders a route table of a test's own (under a memory router's `shell`). */
export function RouteTable({ routes }: { routes: RouteObject[] }): ReactNode {
  return useRoutes(routes);
}
