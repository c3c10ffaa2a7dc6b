import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../auth/session';
import { useAppName } from '../../shell/appName';
import { usePageTitle } from '../../shell/usePageTitle';

export function HomePage() {
  usePageTitle();
  const appName = useAppName();
  const { user } = useSession();
  return (
    <Stack spacing={1}>
      <Typography component="h1" variant="h4">
        Welcome
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {user?.name ? `Signed in to ${appName} as ${user.name}.` : `Welcome to ${appName}.`}
      </Typography>
    </Stack>
  );
}
