// One class in a list: name, course line, role and state chips. A ready class links to its page;
// a pending one is greyed, says why ("Setting up…" / "Deleting…") and cannot be opened.
import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isPendingClass, type Class } from '@seminar/shared';
import { Link as RouterLink } from 'react-router';
import { greyedSx } from '../common/greyed';
import { classSubtitle, pendingLabel, roleLabel } from './classText';

export function ClassCard({
  cls,
  to,
  actions,
  counts,
}: {
  cls: Class;
  /** Live chips beside the role (unread and mentions in My classes). */
  counts?: ReactNode;
  /** Where the card links (ready classes only). */
  to?: string;
  /** Buttons under the card's text (e.g. "Join"). */
  actions?: ReactNode;
}) {
  const titleId = useId();
  const pending = pendingLabel(cls);
  const subtitle = classSubtitle(cls);
  const content = (
    <CardContent>
      <Stack spacing={1}>
        <Typography
          id={titleId}
          component="h2"
          variant="h6"
          sx={{ overflowWrap: 'anywhere', color: pending ? 'text.secondary' : undefined }}
        >
          {cls.name}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {pending && (
            <Chip
              size="small"
              label={pending}
              icon={<CircularProgress size={12} aria-hidden />}
              variant="outlined"
            />
          )}
          {cls.my_role && <Chip size="small" label={roleLabel(cls.my_role)} />}
          {cls.is_demo && <Chip size="small" color="secondary" label="Demo" />}
          {cls.is_public && <Chip size="small" variant="outlined" label="Public" />}
          {counts}
        </Stack>
      </Stack>
    </CardContent>
  );
  const open = to !== undefined && !isPendingClass(cls);
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      aria-busy={pending ? true : undefined}
      variant="outlined"
      sx={[{ height: '100%', display: 'flex', flexDirection: 'column' }, pending ? greyedSx : {}]}
    >
      {open ? (
        <CardActionArea component={RouterLink} to={to} sx={{ flex: 1 }}>
          {content}
        </CardActionArea>
      ) : (
        <div style={{ flex: 1 }}>{content}</div>
      )}
      {actions && (
        <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2 }}>
          {actions}
        </Stack>
      )}
    </Card>
  );
}
