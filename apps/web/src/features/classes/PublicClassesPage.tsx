// "Find a class": the public classes (live), each with "Join" — or "Open" when I am already in it.
// Demo classes carry a "Demo" chip. Joining shows the class in my classes at once and opens it.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Class } from '@seminar/shared';
import { Link as RouterLink, useNavigate } from 'react-router';
import { classPath, PATHS } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { EmptyState, LoadError } from '../common/EmptyState';
import { ClassCard } from './ClassCard';
import { useClassActions, usePublicClasses } from '../../data/classes';
import { useClassSelection } from './selection';

export function PublicClassesPage() {
  usePageTitle('Find a class');
  const publicClasses = usePublicClasses();
  const { classes: mine } = useClassSelection();
  const { join } = useClassActions();
  const navigate = useNavigate();
  const [joining, setJoining] = useState<string | null>(null);
  const [error, setError] = useState<{ classId: string; message: string } | null>(null);

  const onJoin = async (cls: Class) => {
    if (joining) return;
    setJoining(cls.class_id);
    setError(null);
    const outcome = await join(cls);
    setJoining(null);
    if (!outcome.ok) {
      setError({ classId: cls.class_id, message: outcome.message });
      return;
    }
    // The class page selects it (SPEC §2) once it is in my classes.
    void navigate(classPath(cls.class_id));
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Find a class
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Public classes anyone can join as a student.
        </Typography>
      </Stack>

      {publicClasses.status === 'loading' && (
        <Grid container spacing={2} aria-busy="true" aria-label="Loading classes">
          {[0, 1, 2].map((n) => (
            <Grid key={n} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={150} />
            </Grid>
          ))}
        </Grid>
      )}
      {publicClasses.status === 'error' && (
        <LoadError message={publicClasses.error ?? ''} onRetry={publicClasses.retry} />
      )}
      {publicClasses.status === 'ready' && publicClasses.rows.length === 0 && (
        <EmptyState
          title="No public classes right now"
          actions={
            <Button variant="contained" component={RouterLink} to={PATHS.home}>
              Go to my classes
            </Button>
          }
        >
          Ask your instructor to add you to their class, or create a class of your own.
        </EmptyState>
      )}
      {publicClasses.rows.length > 0 && (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {publicClasses.rows.map((cls) => {
            const member = mine.rows.some((row) => row.class_id === cls.class_id);
            return (
              <Grid key={cls.class_id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <ClassCard
                  cls={cls}
                  actions={
                    member ? (
                      <Button
                        variant="outlined"
                        component={RouterLink}
                        to={classPath(cls.class_id)}
                        aria-label={`Open ${cls.name}`}
                      >
                        Open
                      </Button>
                    ) : (
                      <Stack spacing={1} sx={{ width: '100%' }}>
                        <Button
                          variant="contained"
                          onClick={() => void onJoin(cls)}
                          loading={joining === cls.class_id}
                          disabled={joining !== null && joining !== cls.class_id}
                          sx={{ alignSelf: 'flex-start' }}
                        >
                          Join
                        </Button>
                        {error?.classId === cls.class_id && (
                          <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
                            {error.message}
                          </Typography>
                        )}
                      </Stack>
                    )
                  }
                />
              </Grid>
            );
          })}
        </Grid>
      )}
    </Stack>
  );
}
