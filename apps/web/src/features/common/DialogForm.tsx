// A dialog's form: wraps the title, content and actions inside the dialog (the dialog itself keeps
// its role), laid out so long content still scrolls between a fixed title and actions.
import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';

export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      {children}
    </Box>
  );
}
