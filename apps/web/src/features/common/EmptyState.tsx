// An empty list: what is (not) there and what to do next, with optional actions.
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, textAlign: 'center' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        {children && (
          <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{children}</Typography>
        )}
        {actions && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
          >
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A live list that could not load: the reason and a Retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState title="This could not be loaded" actions={<RetryButton onRetry={onRetry} />}>
      {message}
    </EmptyState>
  );
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button variant="outlined" onClick={onRetry}>
      Try again
    </Button>
  );
}
