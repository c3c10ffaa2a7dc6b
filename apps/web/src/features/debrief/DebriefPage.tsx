// Docs: docs/debrief.md — /classes/:classId/activities/:activityId/debrief: an activity's debrief.
// Staff: the sortable participation table, the unanswered questions, grading and the AI summary. A
// student: their own figures and open questions. Anyone else — a non-member, a deleted or unknown
// activity, a disabled one for a student — sees the same "Activity not found". Its own chunk,
// loaded through the class page's (ActivityDebriefRoute in ClassPage.tsx).
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { can, messageLinkPath, type Activity } from '@seminar/shared';
import { useActivities } from '../../data/activities';
import { useParticipation, useUnanswered } from '../../data/debrief';
import { classPath, PATHS } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { useClassSelection } from '../classes/selection';
import { EmptyState, LoadError } from '../common/EmptyState';
import { LtiSendGrades } from '../lti/LtiSendGrades';
import { GradingSection } from './GradingSection';
import { Loading } from '../common/Loading';
import { OwnFigures, ParticipationTable } from './ParticipationTable';
import { SummarySection } from './SummarySection';

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
      It may have been deleted, or it is not one you can see.
    </EmptyState>
  );
}

export function DebriefPage() {
  const params = useParams();
  const classId = params.classId ?? '';
  const activityId = params.activityId ?? '';
  const { classes } = useClassSelection();
  const cls = classes.rows.find((row) => row.class_id === classId) ?? null;
  const activities = useActivities(classId);
  const activity = activities.rows.find((row) => row.activity_id === activityId) ?? null;
  if ((!cls && classes.status === 'loading') || (!activity && activities.status === 'loading'))
    return <Loading label="Loading the debrief" />;
  if (!cls && classes.status === 'error')
    return <LoadError message={classes.error ?? ''} onRetry={classes.retry} />;
  if (!activity && activities.status === 'error')
    return <LoadError message={activities.error ?? ''} onRetry={activities.retry} />;
  if (!cls || !activity || activity.deleted) return <NotFound classId={classId} showBack={!!cls} />;
  return (
    <Debrief
      activity={activity}
      className={cls.name}
      staff={can(cls.my_role, 'activities.manage')}
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `debrief-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Debrief({
  activity,
  className,
  staff,
}: {
  activity: Activity;
  className: string;
  staff: boolean;
}) {
  usePageTitle(`Debrief: ${activity.title}`);
  const participation = useParticipation(activity.class_id, activity.activity_id);
  const unanswered = useUnanswered(activity.class_id, activity.activity_id);
  const rows = participation.data ?? [];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack spacing={1}>
          <Link
            component={RouterLink}
            to={classPath(activity.class_id, 'activities')}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
          >
            <ArrowBackIcon fontSize="small" aria-hidden />
            Back to {className} activities
          </Link>
          <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            Debrief: {activity.title}
          </Typography>
        </Stack>
      </Paper>
      <Section title={staff ? 'Participation' : 'Your participation'}>
        {participation.isPending ? (
          <Loading label="Loading participation" />
        ) : participation.isError ? (
          <LoadError
            message={participation.error.message}
            onRetry={() => void participation.refetch()}
          />
        ) : rows.length === 0 ? (
          <Typography>No students in this class yet.</Typography>
        ) : staff ? (
          <ParticipationTable rows={rows} />
        ) : (
          <OwnFigures row={rows[0]!} />
        )}
      </Section>
      <Section title="Unanswered questions">
        {unanswered.isPending ? (
          <Loading label="Loading questions" />
        ) : unanswered.isError ? (
          <LoadError message={unanswered.error.message} onRetry={() => void unanswered.refetch()} />
        ) : (unanswered.data ?? []).length === 0 ? (
          <Typography>
            {staff
              ? 'Every question a student asked got a reply.'
              : 'Every question you asked got a reply.'}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2.5 }}>
            {(unanswered.data ?? []).map((question) => (
              <li key={question.id}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {staff ? <strong>{question.author_name}: </strong> : null}
                  {question.body.length > 300
                    ? `${question.body.slice(0, 300)}…`
                    : question.body}{' '}
                  <Link
                    component={RouterLink}
                    to={messageLinkPath({
                      class_id: activity.class_id,
                      channel_id: question.channel_id,
                      message_id: question.id,
                      seq: question.seq,
                    })}
                  >
                    Open in the channel
                  </Link>
                </Typography>
              </li>
            ))}
          </Stack>
        )}
      </Section>
      {staff ? (
        <>
          <Section title="Grading">
            <Stack spacing={2}>
              <GradingSection activity={activity} students={rows} />
              <LtiSendGrades activity={activity} staff={staff} />
            </Stack>
          </Section>
          <Section title="AI summary">
            <SummarySection activity={activity} />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
