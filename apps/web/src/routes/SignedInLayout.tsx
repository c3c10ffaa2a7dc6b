// The signed-in layout: app bar (name, extra actions, colour mode, account menu), the shared error
// banner (SPEC §8) and the main area. Signed-out visitors are sent to /sign-in, remembering where
// they were going.
import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccountMenu } from '../auth/AccountMenu';
import { useSession, useSignedOutByUser } from '../auth/session';
import { ErrorBanner } from '../live/errors';
import { AppLogo } from '../shell/AppLogo';
import { FullPageLoading } from '../shell/FullPageLoading';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { ColorModeControl } from '../theme/ColorModeControl';
import { PATHS, type ReturnToState } from './paths';

export function SignedInLayout({ actions }: { actions?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const signedOutByUser = useSignedOutByUser();

  if (status === 'loading') return <FullPageLoading />;
  if (status === 'signed-out') {
    // After the user's own sign-out the next person starts fresh, not on this user's page.
    if (signedOutByUser) return <Navigate to={PATHS.signIn} replace />;
    const state: ReturnToState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={PATHS.signIn} replace state={state} />;
  }

  return (
    <>
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <AppLogo compact={Boolean(actions)} />
          <Box sx={{ flex: 1 }} />
          {actions}
          <ColorModeControl />
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        <Container maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 } }}>
          <ErrorBanner />
          <Outlet />
        </Container>
      </Box>
    </>
  );
}
