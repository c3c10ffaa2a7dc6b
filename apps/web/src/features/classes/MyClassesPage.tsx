// The home page: my classes (SPEC §2 "the user picks a class from the list of their classes"), with
// "Create class" and "Find a class"; archived classes below, under "Archived" (docs/classes.md#archive). A session's first landing here resumes the stored class
// (selection.tsx); otherwise it always shows the list. With no classes it says what to do next.
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { isPendingClass, type Class } from '@seminar/shared';
import { Link as RouterLink } from 'react-router';
import { useClassActions } from '../../data/classes';
import { classPath, PATHS } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { EmptyState, LoadError } from '../common/EmptyState';
import { ClassAttention, MAX_CLASSES_WITH_COUNTS } from './ClassAttention';
import { ClassCard } from './ClassCard';
import { CreateClassDialog } from './CreateClassDialog';
import { useClassSelection } from './selection';

export function MyClassesPage() {
  usePageTitle('My classes');
  const { classes, resuming } = useClassSelection();
  const { dismissFailed } = useClassActions();
  const [creating, setCreating] = useState(false);
  const archivedTitleId = useId();
  const current = classes.rows.filter((cls) => cls.archived_at === null);
  const archived = classes.rows.filter((cls) => cls.archived_at !== null);

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create class
    </Button>
  );
  const findButton = (
    <Button
      variant="outlined"
      startIcon={<SearchIcon />}
      component={RouterLink}
      to={PATHS.publicClasses}
      sx={{ bgcolor: 'background.paper' }}
    >
      Find a class
    </Button>
  );

  // Class requests the server refused (their pending class went away), with the server's reason.
  const refused = [...classes.failed].flatMap(([id, failed]) =>
    failed.row && isRefusedRequest(failed.row)
      ? [{ id, name: failed.row.name, error: failed.error }]
      : [],
  );

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Typography component="h1" variant="h4">
          My classes
        </Typography>
        <Stack direction="row" spacing={1} sx={{ '& > *': { flex: { xs: 1, sm: 'none' } } }}>
          {findButton}
          {createButton}
        </Stack>
      </Stack>

      {refused.map(({ id, name, error }) => (
        <Alert key={id} severity="error" onClose={() => dismissFailed(id)} closeText="Dismiss">
          “{name}” was not created: {error}
        </Alert>
      ))}

      {(classes.status === 'loading' || resuming) && <ClassListSkeleton />}
      {classes.status === 'error' && (
        <LoadError message={classes.error ?? ''} onRetry={classes.retry} />
      )}
      {classes.status === 'ready' && classes.rows.length === 0 && (
        <EmptyState title="No classes yet">
          You have no classes yet — create one or find a public class.
        </EmptyState>
      )}
      {classes.status === 'ready' && current.length === 0 && archived.length > 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          All your classes are archived — create one or find a public class.
        </Typography>
      )}
      {current.length > 0 && !resuming && (
        <Grid
          container
          spacing={2}
          component="ul"
          aria-label="My classes"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {current.map((cls, index) => (
            <Grid key={cls.class_id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <ClassCard
                cls={cls}
                to={classPath(cls.class_id)}
                counts={
                  index < MAX_CLASSES_WITH_COUNTS && !isPendingClass(cls) ? (
                    <ClassAttention classId={cls.class_id} />
                  ) : undefined
                }
              />
            </Grid>
          ))}
        </Grid>
      )}
      {archived.length > 0 && !resuming && (
        <Stack spacing={2} component="section" aria-labelledby={archivedTitleId}>
          <Typography id={archivedTitleId} component="h2" variant="h5">
            Archived
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            Read-only classes from past terms: open one to read or search it.
          </Typography>
          <Grid
            container
            spacing={2}
            component="ul"
            aria-labelledby={archivedTitleId}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {archived.map((cls) => (
              <Grid key={cls.class_id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <ClassCard cls={cls} to={classPath(cls.class_id)} />
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}

      <CreateClassDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** A failed write that was a class request (its row was the pending_created class). */
function isRefusedRequest(cls: Class): boolean {
  return cls.pending_enabled && !cls.enabled && !cls.pending_deleted;
}

function ClassListSkeleton() {
  return (
    <Grid container spacing={2} aria-busy="true" aria-label="Loading classes">
      {[0, 1, 2].map((n) => (
        <Grid key={n} size={{ xs: 12, sm: 6, md: 4 }}>
          <Skeleton variant="rounded" height={112} />
        </Grid>
      ))}
    </Grid>
  );
}
