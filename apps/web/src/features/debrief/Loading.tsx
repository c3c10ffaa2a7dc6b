// Docs: docs/debrief.md — the debrief's loading placeholder (a busy region with its name).
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

export function Loading({ label }: { label: string }) {
  return (
    <Stack spacing={1} aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width="60%" height={40} />
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}
