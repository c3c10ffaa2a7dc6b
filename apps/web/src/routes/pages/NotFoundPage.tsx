import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../shell/usePageTitle';
import { PATHS } from '../paths';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h4">
        Page not found
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        There is nothing at this address. It may have moved, or the link may be wrong.
      </Typography>
      <Button variant="contained" component={RouterLink} to={PATHS.home}>
        Go to home
      </Button>
    </Stack>
  );
}
