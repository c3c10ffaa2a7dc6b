// Docs: docs/institutions.md#the-admin-page — the site admins' page: one section per concern, each
// in its own file (LTI platforms here; single sign-on adds its own beside it).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsSiteAdmin } from '../../data/users';
import { EmptyState } from '../common/EmptyState';
import { AdminLtiSection } from './AdminLtiSection';

export function AdminPage() {
  const isSiteAdmin = useIsSiteAdmin();
  if (!isSiteAdmin)
    return <EmptyState title="Site administration">Only site admins can see this page.</EmptyState>;
  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Site administration
      </Typography>
      <Stack spacing={4}>
        <AdminLtiSection />
      </Stack>
    </Box>
  );
}
