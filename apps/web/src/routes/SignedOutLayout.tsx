// The signed-out layout: a centred card for sign-in, sign-up and password reset. Signed-in users
// are sent on to where they were going (or home). The card shows while the session is still being
// asked for: most visitors of these pages are signed out, and they see the form at once.
import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
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
    <>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          px: 2,
          py: 1,
          color: 'text.primary',
        }}
      >
        <AppLogo />
        <ColorModeControl />
      </Box>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          pb: 4,
          outline: 'none',
        }}
      >
        <Card variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}>
          <Outlet />
        </Card>
      </Box>
    </>
  );
});
