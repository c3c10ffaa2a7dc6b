// The signed-out layout: a centred card for sign-in, sign-up and password reset. Signed-in users
// are sent on to where they were going (or home).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { AppLogo } from '../shell/AppLogo';
import { FullPageLoading } from '../shell/FullPageLoading';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';
import { ColorModeControl } from '../theme/ColorModeControl';
import { returnPath } from './paths';

export function SignedOutLayout() {
  const { status } = useSession();
  const location = useLocation();

  if (status === 'loading') return <FullPageLoading />;
  if (status === 'signed-in') return <Navigate to={returnPath(location.state)} replace />;

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
}
