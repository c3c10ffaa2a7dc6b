// Docs: docs/ai.md#instructor-review — /classes/:classId/activities/:activityId/review: an
// activity's exchanges with its agents for the class's instructors and admins (question, answer,
// time and usage), filterable by student, downloadable as CSV, with a way back to the class's
// activities. Anyone else — a student, a non-member, a deleted or unknown activity — sees the same
// "Activity not found" (the server refuses them the exchanges as well). Its own chunk, loaded
// through the class page's (ActivityReviewRoute in ClassPage.tsx).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { can, exchangesCsv, type Activity, type AgentExchange } from '@seminar/shared';
import { useActivities, useAgentExchanges, useAgentUsage } from '../../data/activities';
import { useAiWatch } from '../../data/aiWatch';
import { AgentChart } from '../chat/AgentChart';
import { Markdown } from '../chat/markdown';
import { FlagCell } from './FlagCell';
import { classPath, PATHS } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { useClassSelection } from '../classes/selection';
import { EmptyState, LoadError } from '../common/EmptyState';
import { Loading } from '../common/Loading';

const EVERYONE = '';
const SHOWN_CHARS = 300;
const cut = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);

/** Saves `text` as a file in the browser. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The one answer for an activity the viewer may not review, or that is not there. */
function NotFound({ classId, showBack }: { classId: string; showBack: boolean }) {
  usePageTitle('Activity not found');
  return (
    <EmptyState
      title="Activity not found"
      actions={
        <Button
          variant="contained"
          component={RouterLink}
          to={showBack ? classPath(classId, 'activities') : PATHS.home}
        >
          {showBack ? 'Back to activities' : 'Go to my classes'}
        </Button>
      }
    >
      It may have been deleted, or it is not one you can review.
    </EmptyState>
  );
}

export function AgentReviewPage() {
  const params = useParams();
  const classId = params.classId ?? '';
  const activityId = params.activityId ?? '';
  const { classes } = useClassSelection();
  const cls = classes.rows.find((row) => row.class_id === classId) ?? null;
  const manager = cls !== null && can(cls.my_role, 'activities.manage');

  if (!cls && classes.status === 'loading')
    return <Loading label="Loading the review" rowHeight={56} />;
  if (!cls && classes.status === 'error')
    return <LoadError message={classes.error ?? ''} onRetry={classes.retry} />;
  if (!manager) return <NotFound classId={classId} showBack={cls !== null} />;
  return <ActivityReview classId={classId} className={cls.name} activityId={activityId} />;
}

function ActivityReview({
  classId,
  className,
  activityId,
}: {
  classId: string;
  className: string;
  activityId: string;
}) {
  const activities = useActivities(classId);
  const activity = activities.rows.find((row) => row.activity_id === activityId) ?? null;
  if (!activity && activities.status === 'loading')
    return <Loading label="Loading the review" rowHeight={56} />;
  if (!activity && activities.status === 'error')
    return <LoadError message={activities.error ?? ''} onRetry={activities.retry} />;
  if (!activity || activity.deleted) return <NotFound classId={classId} showBack />;
  return <Exchanges activity={activity} className={className} />;
}

function Exchanges({ activity, className }: { activity: Activity; className: string }) {
  usePageTitle(`Review: ${activity.title}`);
  const [who, setWho] = useState(EVERYONE);
  const usage = useAgentUsage(activity.class_id, activity.activity_id, true);
  const exchanges = useAgentExchanges(activity.class_id, activity.activity_id, who || null);
  const rows = exchanges.data ?? [];
  // Live: a flag raised or handled, an answer written changes the activity's watch row; then the
  // exchanges are read again (they are a query, the watch is the live signal).
  const watch = useAiWatch(activity.class_id, true);
  const watchVersion = watch.rows.find((row) => row.activity_id === activity.activity_id)?.version;
  const refetch = exchanges.refetch;
  useEffect(() => {
    if (watchVersion !== undefined) void refetch();
  }, [watchVersion, refetch]);
  const people = usage.data?.people ?? [];
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const whoName = people.find((person) => person.uid === who)?.name;

  // The controls sit on paper: the theme's primary (#1976d2) on the page's #fafafa is 4.4:1, under
  // WCAG's 4.5:1 for text; on white it is 4.6:1.
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack spacing={2}>
          <Link
            component={RouterLink}
            to={classPath(activity.class_id, 'activities')}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
          >
            <ArrowBackIcon fontSize="small" aria-hidden />
            Back to {className} activities
          </Link>
          <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            Exchanges with the agents of {activity.title}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              size="small"
              label="Student"
              value={who}
              onChange={(event) => setWho(event.target.value)}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value={EVERYONE}>Everyone</MenuItem>
              {people.map((person) => (
                <MenuItem key={person.uid} value={person.uid}>
                  {person.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={rows.length === 0}
              onClick={() =>
                download(
                  `${activity.title}${whoName ? ` - ${whoName}` : ''} - agent exchanges.csv`,
                  exchangesCsv(rows),
                )
              }
            >
              Download CSV
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {exchanges.isPending ? (
        <Loading label="Loading the exchanges" rowHeight={56} />
      ) : exchanges.isError ? (
        <LoadError message={exchanges.error.message} onRetry={() => void exchanges.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No exchanges yet">
          {who
            ? 'This student has not asked the agents anything in this activity.'
            : 'When students ask the agents in the case channel, their exchanges show here.'}
        </EmptyState>
      ) : narrow ? (
        <ExchangeList rows={rows} activity={activity} />
      ) : (
        <ExchangeTable rows={rows} activity={activity} />
      )}
    </Stack>
  );
}

const textCell = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
const answerCell = { overflowWrap: 'anywhere', minWidth: 240, '& p': { my: 0.5 } } as const;
const time = (at: number) => new Date(at).toLocaleString();

/**
 * The answer as the channel shows it: the chat's markdown and the agent's chart. A held-back answer
 * shows what the model wrote (staff only) under what the channel got.
 */
function Answer({ row }: { row: AgentExchange }) {
  if (row.answer === null && row.held_answer === null) return <>—</>;
  return (
    <>
      {row.answer !== null ? <Markdown text={row.answer} /> : null}
      {row.chart ? <AgentChart chart={row.chart} /> : null}
      {row.held_answer !== null ? (
        <Paper variant="outlined" sx={{ p: 1, mt: 1, borderColor: 'warning.main' }}>
          <Typography variant="caption" component="p" sx={{ fontWeight: 500 }}>
            Held back from the channel:
          </Typography>
          <Markdown text={row.held_answer} />
        </Paper>
      ) : null}
    </>
  );
}

function ExchangeTable({ rows, activity }: { rows: readonly AgentExchange[]; activity: Activity }) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Exchanges">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Student</TableCell>
            <TableCell>Question</TableCell>
            <TableCell>Answer</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Tokens</TableCell>
            <TableCell>Flag</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.job_id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(row.asked_at)}</TableCell>
              <TableCell>{row.author_name}</TableCell>
              <TableCell sx={textCell}>{cut(row.question)}</TableCell>
              <TableCell sx={answerCell}>
                <Answer row={row} />
              </TableCell>
              <TableCell>{row.status}</TableCell>
              <TableCell align="right">{row.tokens.toLocaleString()}</TableCell>
              <TableCell>
                <FlagCell row={row} activity={activity} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** On a phone: one card per exchange instead of a table too wide to read. */
function ExchangeList({ rows, activity }: { rows: readonly AgentExchange[]; activity: Activity }) {
  return (
    <Stack component="ul" aria-label="Exchanges" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.job_id} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle2">
            {row.author_name} · {time(row.asked_at)}
          </Typography>
          <Typography variant="body2" sx={textCell}>
            <strong>Question:</strong> {cut(row.question)}
          </Typography>
          <FlagCell row={row} activity={activity} />
          <Typography variant="body2" component="div" sx={answerCell}>
            <strong>Answer:</strong> <Answer row={row} />
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {row.status} · {row.tokens.toLocaleString()} tokens
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
