import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner filling the available space, for whole-screen waits. */
export function FullPageLoading() {
  return (
    <Box
      sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 4 }}
      aria-busy="true"
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
