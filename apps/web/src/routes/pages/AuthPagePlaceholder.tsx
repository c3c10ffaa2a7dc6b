import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../shell/usePageTitle';

export interface AuthLink {
  to: string;
  label: string;
}

/** Common frame of the signed-out placeholder pages until the Accounts work fills them. */
export function AuthPagePlaceholder({
  title,
  children,
  links,
}: {
  title: string;
  children?: ReactNode;
  links: AuthLink[];
}) {
  usePageTitle(title);
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      {children}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {links.map((link) => (
          <Link key={link.to} component={RouterLink} to={link.to}>
            {link.label}
          </Link>
        ))}
      </Stack>
    </Stack>
  );
}
