import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { DocumentTitleDefault } from '../lib/use-page-title';
import { LoadingPanel } from '../components/loading-panel';
import { RedirectIfSignedIn, RequireSession } from './guards';
import * as Pages from './lazy-pages';
// Not lazy: the sign-in page is the first page of most visits, so it comes with the entry in one
// request instead of a chain of small chunks after it (issue 18, the login route's budget).
import { LoginPage } from '../features/auth/routes/login-page';
import { paths } from '../lib/paths';
import { signedInRoutes } from './signed-in-routes';

function page(element: ReactNode): ReactNode {
  return <Suspense fallback={<LoadingPanel minHeight="100vh" />}>{element}</Suspense>;
}

/** The whole route table of spec §2 (signed-in part in signed-in-routes.tsx). */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: (
      <>
        <DocumentTitleDefault />
        <Outlet />
      </>
    ),
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.forgotPassword, element: page(<Pages.ForgotPasswordPage />) },
          { path: paths.mobileBanner, element: page(<Pages.MobileBannerPage />) },
          { path: paths.resetPassword, element: page(<Pages.ResetPasswordPage />) },
          { path: paths.registrationSuccess, element: page(<Pages.RegistrationSuccessPage />) },
          { path: paths.newAccountVerify, element: page(<Pages.NewAccountVerifyPage />) },
          { path: paths.signup, element: page(<Pages.SignupPage />) },
          { path: paths.redirectLogin, element: page(<Pages.RedirectLoginPage />) },
        ],
      },
      { path: paths.mobile, element: page(<Pages.MobilePage />) },
      // Demo helper of our own: read the e-mails the server "sent" (sign-up, reset links).
      { path: paths.outbox, element: page(<Pages.OutboxPage />) },
      // An alert e-mail's unsubscribe link: signed in or not (its token is signed).
      { path: paths.alertMailUnsubscribe, element: page(<Pages.AlertMailUnsubscribePage />) },
      {
        element: <RequireSession />,
        children: [{ element: page(<Pages.ShellLayout />), children: signedInRoutes }],
      },
      { path: '*', element: page(<Pages.NotFoundPage />) },
    ],
  },
];
