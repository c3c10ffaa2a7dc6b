// Docs: docs/institutions.md#the-admin-page — the site admin page: one section per institution
// integration (ADMIN_SECTIONS). Site admins only; anyone else sees that it is not theirs (the
// server refuses them every procedure all the same).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMe } from '../../data/users';
import { usePageTitle } from '../../shell/usePageTitle';
import { ADMIN_SECTIONS } from './adminSections';

export function AdminPage() {
  usePageTitle('Site admin');
  const me = useMe();
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Typography component="h1" variant="h4">
        Site admin
      </Typography>
      {me === null ? null : !me.isSiteAdmin ? (
        <Typography>This page is for the site&apos;s administrators.</Typography>
      ) : (
        ADMIN_SECTIONS.map(({ id, Section }) => <Section key={id} />)
      )}
    </Stack>
  );
}
