// The signed-out layout: a centred card for sign-in, sign-up and password reset. Signed-in users
// are sent on to where they were going (or home). The card shows while the session is still being
// asked for: most visitors of these pages are signed out, and they see the form at once.
// Plain HTML and CSS (shell/plain.css): the signed-out pages load no MUI.
import { memo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { AppLogo } from '../shell/AppLogo';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { ColorModeControl } from '../theme/ColorModeControl';
import { returnPath } from './paths';

export function SignedOutLayout() {
  const { status } = useSession();
  const location = useLocation();

  if (status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;
  return <SignedOutFrame />;
}

/** The frame, memoized: the session's answer (loading → signed out) does not re-render the page. */
const SignedOutFrame = memo(function SignedOutFrame() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
});

/** The signed-out pages' frame (also the e-mail verification step's): logo, colour mode, a card. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="sm-frame-header">
        <AppLogo />
        <ColorModeControl />
      </header>
      <main className="sm-frame-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="sm-card">{children}</div>
      </main>
    </>
  );
}
