import Box from '@mui/material/Box';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppName } from './appName';

/** The logo mark (the same drawing as public/favicon.svg), inline so it needs no request. */
export function LogoMark(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 64 64" aria-hidden {...props}>
      <rect width="64" height="64" rx="14" fill="#1976d2" />
      <path
        d="M16 18h32a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H30l-9 7v-7h-5a4 4 0 0 1-4-4V22a4 4 0 0 1 4-4z"
        fill="#fff"
      />
      <circle cx="24" cy="30" r="3" fill="#1976d2" />
      <circle cx="32" cy="30" r="3" fill="#1976d2" />
      <circle cx="40" cy="30" r="3" fill="#1976d2" />
    </SvgIcon>
  );
}

/**
 * The logo mark and app name, linking home. `compact`: on phones only the mark shows (the link
 * keeps the name as its accessible name), leaving room for app bar controls.
 */
export function AppLogo({ compact = false }: { compact?: boolean }) {
  const name = useAppName();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={compact ? name : undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        minWidth: 0,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1,
      }}
    >
      <LogoMark sx={{ fontSize: 28, flexShrink: 0 }} />
      <Typography
        component="span"
        variant="h6"
        noWrap
        sx={{ fontWeight: 500, display: compact ? { xs: 'none', sm: 'inline' } : undefined }}
      >
        {name}
      </Typography>
    </Box>
  );
}
