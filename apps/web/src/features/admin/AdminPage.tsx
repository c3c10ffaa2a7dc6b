// Docs: docs/institutions.md#the-admin-page — the site admins' page: one section per institution
// integration, each in its own file, listed in adminSections.tsx. Site admins only; anyone else
// sees that it is not theirs (the server refuses them every procedure all the same).
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMe } from '../../data/users';
import { usePageTitle } from '../../shell/usePageTitle';
import { EmptyState } from '../common/EmptyState';
import { ADMIN_SECTIONS } from './adminSections';

export function AdminPage() {
  usePageTitle('Site administration');
  const me = useMe();
  // Until the server says who this is, neither "not yours" nor the sections (no flash of refusal).
  if (me === null)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading site administration" />
      </Box>
    );
  if (!me.isSiteAdmin)
    return <EmptyState title="Site administration">Only site admins can see this page.</EmptyState>;
  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Site administration
      </Typography>
      <Stack spacing={4}>
        {ADMIN_SECTIONS.map(({ id, Section }) => (
          <Section key={id} />
        ))}
      </Stack>
    </Box>
  );
}
