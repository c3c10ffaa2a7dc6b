// The route table. Sign-in (and its layout) load with the app; every other page is its own chunk,
// loaded when it is opened (the signed-in layout with the app bar and class selection, then each
// page). To add a page: put it under the signed-in layout's `children` (needs a session; gets the
// app bar) or the signed-out layout's (sign-in style card), before the `*` route, with
// `lazy: page(() => import('…'), 'ExportName')`.
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { FullPageLoading } from '../shell/FullPageLoading';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SignedOutLayout } from './SignedOutLayout';
import { SignInPage } from './pages/SignInPage';
import { PATHS } from './paths';

/** A route's `lazy`: the module's component `name` becomes the route's Component. */
function page<Module extends Record<string, unknown>>(
  load: () => Promise<Module>,
  name: keyof Module & string,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoading />,
    children: [
      {
        element: <SignedOutLayout />,
        children: [
          { path: PATHS.signIn, element: <SignInPage /> },
          { path: PATHS.signUp, lazy: page(() => import('./pages/SignUpPage'), 'SignUpPage') },
          {
            path: PATHS.forgotPassword,
            lazy: page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage'),
          },
        ],
      },
      {
        // The signed-in layout, with the class selector in its app bar.
        lazy: page(() => import('../features/classes/ClassesLayout'), 'ClassesLayout'),
        children: [
          {
            index: true,
            lazy: page(() => import('../features/classes/MyClassesPage'), 'MyClassesPage'),
          },
          {
            path: PATHS.publicClasses,
            lazy: page(() => import('../features/classes/PublicClassesPage'), 'PublicClassesPage'),
          },
          {
            path: PATHS.classPage,
            lazy: page(() => import('../features/classes/ClassPage'), 'ClassPage'),
          },
          {
            path: PATHS.activityReview,
            // Through the class page's chunk, which loads the review's own (see ClassPage.tsx).
            lazy: page(() => import('../features/classes/ClassPage'), 'ActivityReviewRoute'),
          },
          {
            path: PATHS.catalogue,
            lazy: page(() => import('../features/catalogue/CataloguePage'), 'CataloguePage'),
          },
          { path: '*', lazy: page(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

/**
 * Starts loading the chunks of every route `pathname` matches, at once. Left to the router, a
 * page's chunk is asked for only after its layout's has arrived and run: one more round trip
 * before a class page opened by its address can render.
 */
export function preloadRouteChunks(pathname: string, table: RouteObject[] = routes): void {
  for (const { route } of matchRoutes(table, pathname) ?? []) {
    // A failed load is the router's to report, when it loads the route itself.
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}
