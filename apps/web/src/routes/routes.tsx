// The route table. To add a page: put its element under the signed-in layout's `children` (needs a
// session; gets the app bar) or the signed-out layout's (sign-in style card), before the `*` route.
import type { RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SignedInLayout } from './SignedInLayout';
import { SignedOutLayout } from './SignedOutLayout';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { PATHS } from './paths';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <SignedOutLayout />,
        children: [
          { path: PATHS.signIn, element: <SignInPage /> },
          { path: PATHS.signUp, element: <SignUpPage /> },
          { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
        ],
      },
      {
        element: <SignedInLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
