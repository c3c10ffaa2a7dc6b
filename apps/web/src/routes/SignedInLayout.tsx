// The signed-in layout: app bar (name, "AI products", extra actions, colour mode, account menu),
// the shared error banner (SPEC §8, on every signed-in page) and the main area. Signed-out visitors
// are sent to /sign-in, remembering where they were going. The bar and the main area's frame are
// plain elements (shell/appBar.css, in the entry's stylesheet: main.tsx), drawn as MUI's AppBar,
// Toolbar and Container.
import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccountMenu } from '../auth/AccountMenu';
import { useSession, useSignedOutByUser } from '../auth/session';
import { ErrorBanner } from '../live/ErrorBanner';
import { OfflineStatus } from '../shell/OfflineStatus';
import { AppLogo } from '../shell/AppLogo';
import { FullPageLoading } from '../shell/FullPageLoading';
import { PlainLink } from '../shell/PlainLink';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { PathIcon } from '../shell/ui';
import { useHeightVariable } from '../shell/viewport';
import { ColorModeControl } from '../theme/ColorModeControl';
import { cataloguePath, CLASS_PARAM, PATHS, type ReturnToState } from './paths';
import { useUrlClassId } from './useUrlClassId';
import { VerifyEmailPage } from './pages/VerifyEmailPage';

/** Material's SmartToyOutlined icon (24×24). */
const SMART_TOY_PATH =
  'M20 9V7c0-1.1-.9-2-2-2h-3c0-1.66-1.34-3-3-3S9 3.34 9 5H6c-1.1 0-2 .9-2 2v2c-1.66 0-3 1.34-3 3s1.34 3 3 3v4c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2v-4c1.66 0 3-1.34 3-3s-1.34-3-3-3m-2 10H6V7h12zm-9-6c-.83 0-1.5-.67-1.5-1.5S8.17 10 9 10s1.5.67 1.5 1.5S9.83 13 9 13m7.5-1.5c0 .83-.67 1.5-1.5 1.5s-1.5-.67-1.5-1.5.67-1.5 1.5-1.5 1.5.67 1.5 1.5M8 15h8v2H8z';

export function SignedInLayout({ actions }: { actions?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const signedOutByUser = useSignedOutByUser();
  // An open channel on a phone fills the screen below the app bar (docs/channels.md#phones).
  const [appBar, setAppBar] = useState<HTMLElement | null>(null);
  useHeightVariable(appBar, '--app-bar-height');

  if (status === 'loading') return <FullPageLoading />;
  if (status === 'signed-out') {
    // After the user's own sign-out the next person starts fresh, not on this user's page.
    if (signedOutByUser) return <Navigate to={PATHS.signIn} replace />;
    const state: ReturnToState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={PATHS.signIn} replace state={state} />;
  }
  // Until the address is proved, the whole app waits behind one step (docs/accounts.md#verification).
  if (user?.emailVerified !== true) return <VerifyEmailPage email={user?.email ?? ''} />;

  return (
    <>
      <header ref={setAppBar} className="sm-app-bar">
        <div className="sm-toolbar">
          <AppLogo compact={Boolean(actions)} />
          <div className="sm-toolbar-gap" />
          <CatalogueLink />
          {actions}
          <ColorModeControl />
          <AccountMenu />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="sm-app-main">
        <div className="sm-app-container">
          <OfflineStatus />
          <ErrorBanner />
          <Outlet />
        </div>
      </main>
    </>
  );
}

/**
 * The app bar's link to the catalogue: icon and text, the icon alone on phones (same name). It
 * carries the selected class, so the catalogue shows that class's costs and "Use in activity".
 */
function CatalogueLink() {
  const { pathname } = useLocation();
  const classId = useUrlClassId();
  const current = pathname === cataloguePath() || pathname.startsWith(`${cataloguePath()}/`);
  const search = classId ? new URLSearchParams({ [CLASS_PARAM]: classId }).toString() : '';
  return (
    <PlainLink
      to={cataloguePath(null, search)}
      className="sm-app-bar-link"
      aria-label="AI products"
      aria-current={current ? 'page' : undefined}
    >
      <PathIcon path={SMART_TOY_PATH} small />
      <span className="sm-app-bar-link-text">AI products</span>
    </PlainLink>
  );
}
