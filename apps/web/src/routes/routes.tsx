// The route table. To add a page: put its element under the signed-in layout's `children` (needs a
// session; gets the app bar) or the signed-out layout's (sign-in style card), before the `*` route.
import type { RouteObject } from 'react-router';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { ClassesLayout } from '../features/classes/ClassesLayout';
import { ClassPage } from '../features/classes/ClassPage';
import { MyClassesPage } from '../features/classes/MyClassesPage';
import { PublicClassesPage } from '../features/classes/PublicClassesPage';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SignedOutLayout } from './SignedOutLayout';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
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
        // The signed-in layout, with the class selector in its app bar.
        element: <ClassesLayout />,
        children: [
          { index: true, element: <MyClassesPage /> },
          { path: PATHS.publicClasses, element: <PublicClassesPage /> },
          { path: PATHS.classPage, element: <ClassPage /> },
          { path: PATHS.catalogue, element: <CataloguePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
