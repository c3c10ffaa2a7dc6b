// A page's or section's loading placeholder: a busy region named by `label`, a heading's line and
// three rows — with EmptyState and LoadError (EmptyState.tsx), the loading, empty and error trio.
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

export function Loading({ label, rowHeight = 48 }: { label: string; rowHeight?: number }) {
  return (
    <Stack spacing={1} aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width="60%" height={40} />
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} variant="rounded" height={rowHeight} />
      ))}
    </Stack>
  );
}
