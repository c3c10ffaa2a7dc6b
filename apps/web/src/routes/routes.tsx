// The route table. Sign-in (and its layout) load with the app; every other page is its own chunk,
// loaded when it is opened (the signed-in layout with the app bar and class selection, then each
// page). To add a page: put it under the signed-in layout's `children` (needs a session; gets the
// app bar) or the signed-out layout's (sign-in style card), before the `*` route, with
// `...page(() => import('…'), 'ExportName')`.
//
// React Router's declarative mode (`useRoutes` in App.tsx, under `BrowserRouter`): its data router
// (loaders, actions, fetchers, `lazy` routes) was 55 KB of the entry's minified JavaScript, and the
// app uses none of it. A page's chunk loads through `React.lazy`; the first page renders once its
// chunks have arrived (main.tsx; index.html's first screen shows meanwhile), App.tsx's Suspense
// boundary shows `FullPageLoading` should a page still suspend, and a navigation to a page not yet
// loaded keeps the current page on screen meanwhile (the router's updates are transitions).
import { lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { SignedOutLayout } from './SignedOutLayout';
import { SignInPage } from './pages/SignInPage';
import { PATHS } from './paths';

/** What a lazily loaded route keeps in its `handle`: how to start loading its chunk. */
export interface LazyRouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route whose component, export `name` of the module `load` brings, is its own chunk: its
 * element renders through `React.lazy`, and `handle.preload` starts the same load (one request).
 */
export function page<Module extends Record<string, unknown>>(
  load: () => Promise<Module>,
  name: keyof Module & string,
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: { default: ComponentType } | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = { default: module[name] as ComponentType }),
      (error: unknown) => {
        // A failed preload (a flaky network as the page opens) must not decide for the page: the
        // next call, the page's own render included, loads again.
        loading = null;
        throw error;
      },
    ));
  // A chunk that has arrived before the page first renders (main.tsx waits for the first page's)
  // is handed to React.lazy at once: a promise, even a settled one, answers only in a later
  // microtask, so the render would suspend and commit the Suspense fallback — and React then holds
  // the page back until 300 ms after that fallback appeared (its FALLBACK_THROTTLE_MS).
  const Page = lazy(() => (loaded ? settled(loaded) : preload()));
  const handle: LazyRouteHandle = { preload };
  return { element: <Page />, handle };
}

/**
 * A thenable that calls back at once with `value`. React.lazy reads its module synchronously when
 * the callback runs inside `then` (react's lazyInitializer), which a real Promise never does.
 */
function settled<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    then<A = T, B = never>(
      onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    ): PromiseLike<A | B> {
      // Without a callback the value passes through as is (A is T then).
      if (!onFulfilled) return Promise.resolve(value as unknown as A);
      try {
        return Promise.resolve(onFulfilled(value));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  // React.lazy's type asks for a Promise; it only ever calls `then` on it.
  return thenable as Promise<T>;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <SignedOutLayout />,
        children: [
          { path: PATHS.signIn, element: <SignInPage /> },
          { path: PATHS.signUp, ...page(() => import('./pages/SignUpPage'), 'SignUpPage') },
          {
            path: PATHS.forgotPassword,
            ...page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage'),
          },
        ],
      },
      {
        // The signed-in layout, with the class selector in its app bar.
        ...page(() => import('../features/classes/ClassesLayout'), 'ClassesLayout'),
        children: [
          {
            index: true,
            ...page(() => import('../features/classes/MyClassesPage'), 'MyClassesPage'),
          },
          {
            path: PATHS.publicClasses,
            ...page(() => import('../features/classes/PublicClassesPage'), 'PublicClassesPage'),
          },
          {
            path: PATHS.classPage,
            ...page(() => import('../features/classes/ClassPage'), 'ClassPage'),
          },
          {
            path: PATHS.activityReview,
            // Through the class page's chunk, which loads the review's own (see ClassPage.tsx).
            ...page(() => import('../features/classes/ClassPage'), 'ActivityReviewRoute'),
          },
          {
            path: PATHS.activityDebrief,
            // Through the class page's chunk, as the review (see ClassPage.tsx).
            ...page(() => import('../features/classes/ClassPage'), 'ActivityDebriefRoute'),
          },
          {
            path: PATHS.catalogue,
            ...page(() => import('../features/catalogue/CataloguePage'), 'CataloguePage'),
          },
          {
            path: PATHS.notificationSettings,
            ...page(
              () => import('../features/notifications/NotificationSettingsPage'),
              'NotificationSettingsPage',
            ),
          },
          {
            path: PATHS.admin,
            ...page(() => import('../features/admin/AdminPage'), 'AdminPage'),
          },
          { path: '*', ...page(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

/**
 * Starts loading the chunks of every route `pathname` matches, at once. Left to rendering, a
 * page's chunk is asked for only after its layout's has arrived and rendered: one more round trip
 * before a class page opened by its address can render.
 */
export function preloadRouteChunks(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(table, pathname) ?? []) {
    const handle = route.handle as Partial<LazyRouteHandle> | undefined;
    // A failed load is the error boundary's to report, when the page renders.
    if (handle?.preload) loads.push(handle.preload().catch(() => undefined));
  }
  // Settles once every load has arrived or failed (main.tsx renders the first page then).
  return Promise.all(loads).then(() => undefined);
}
