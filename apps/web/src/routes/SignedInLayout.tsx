// The signed-in layout: app bar (name, "AI products", extra actions, colour mode, account menu),
// the shared error banner (SPEC §8, on every signed-in page) and the main area. Signed-out visitors
// are sent to /sign-in, remembering where they were going.
import { useRef, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { Navigate, Outlet, useLocation, Link as RouterLink } from 'react-router';
import { AccountMenu } from '../auth/AccountMenu';
import { useSession, useSignedOutByUser } from '../auth/session';
import { ErrorBanner } from '../live/ErrorBanner';
import { AppLogo } from '../shell/AppLogo';
import { FullPageLoading } from '../shell/FullPageLoading';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { useHeightVariable } from '../shell/viewport';
import { ColorModeControl } from '../theme/ColorModeControl';
import { cataloguePath, CLASS_PARAM, PATHS, type ReturnToState } from './paths';
import { useUrlClassId } from './useUrlClassId';
import { VerifyEmailPage } from './pages/VerifyEmailPage';

export function SignedInLayout({ actions }: { actions?: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  const signedOutByUser = useSignedOutByUser();
  // An open channel on a phone fills the screen below the app bar (docs/channels.md#phones).
  const appBar = useRef<HTMLElement>(null);
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
      <AppBar ref={appBar} position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <AppLogo compact={Boolean(actions)} />
          <Box sx={{ flex: 1 }} />
          <CatalogueLink />
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
    <Button
      component={RouterLink}
      to={cataloguePath(null, search)}
      color="inherit"
      aria-label="AI products"
      aria-current={current ? 'page' : undefined}
      startIcon={<SmartToyOutlinedIcon />}
      sx={{
        flexShrink: 0,
        minWidth: 0,
        px: { xs: 1, sm: 1.5 },
        textDecoration: current ? 'underline' : 'none',
        textUnderlineOffset: 6,
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        AI products
      </Box>
    </Button>
  );
}
