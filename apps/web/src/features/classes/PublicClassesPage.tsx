// "Find a class": the public classes (live), each with "Join" — or "Open" when I am already in it.
// Demo classes carry a "Demo" chip. Joining shows the class in my classes at once and opens it.
// A search box filters the live list by name, course code, term and discipline (the shared
// matcher), says how many match, and pages them; the search and page are in the URL (?q=, ?page=).
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { countOf, matchesClassSearch, pageOf, plural, type Class } from '@seminar/shared';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { classPath, PATHS } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { EmptyState, LoadError } from '../common/EmptyState';
import { ClassCard } from './ClassCard';
import { useClassActions, usePublicClasses } from '../../data/classes';
import { useClassSelection } from './selection';

/** Classes a page of "Find a class" shows. */
export const CLASSES_PER_PAGE = 12;
/** The search parameters of "Find a class": the search text and the page (1-based). */
const QUERY_PARAM = 'q';
const PAGE_PARAM = 'page';

/** "1 class" / "12 classes". */
const classCount = (count: number) => countOf(count, { one: 'class', other: 'classes' });

/** What the count line says: how many public classes, or how many match the search. */
export function searchSummary(matches: number, total: number, query: string): string {
  if (query.trim() === '') return `${classCount(total)} you can join`;
  return `${matches} of ${classCount(total)} ${plural(matches, { one: 'matches', other: 'match' })} “${query.trim()}”`;
}

export function PublicClassesPage() {
  usePageTitle('Find a class');
  const publicClasses = usePublicClasses();
  const [params, setParams] = useSearchParams();
  const query = params.get(QUERY_PARAM) ?? '';
  const matching = useMemo(
    () => publicClasses.rows.filter((cls) => matchesClassSearch(cls, query)),
    [publicClasses.rows, query],
  );
  const shown = pageOf(matching, Number(params.get(PAGE_PARAM) ?? '1'), CLASSES_PER_PAGE);

  const setQuery = (text: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text === '') next.delete(QUERY_PARAM);
        else next.set(QUERY_PARAM, text);
        next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  const setPage = (page: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page <= 1) next.delete(PAGE_PARAM);
      else next.set(PAGE_PARAM, String(page));
      return next;
    });
    window.scrollTo({ top: 0 });
  };
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
        <Stack spacing={1} role="search">
          <TextField
            type="search"
            label="Search classes"
            placeholder="Name, course code, term or discipline"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ maxWidth: 560 }}
          />
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
            {searchSummary(matching.length, publicClasses.rows.length, query)}
            {shown.pageCount > 1 ? ` · page ${shown.page} of ${shown.pageCount}` : ''}
          </Typography>
        </Stack>
      )}
      {publicClasses.rows.length > 0 && matching.length === 0 && (
        <EmptyState
          title="No class matches your search"
          actions={
            <Button variant="outlined" onClick={() => setQuery('')}>
              Clear search
            </Button>
          }
        >
          {`Nothing in the ${classCount(publicClasses.rows.length)} you can join has “${query.trim()}” in its name, course code, term or discipline.`}
        </EmptyState>
      )}
      {shown.rows.length > 0 && (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.rows.map((cls) => {
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
      {shown.pageCount > 1 && (
        <Pagination
          aria-label="Pages of classes"
          count={shown.pageCount}
          page={shown.page}
          onChange={(_event, page) => setPage(page)}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
