// Docs: docs/channels.md#the-settings-page — one page for how Seminar reaches a person who is away:
// when missed mentions are e-mailed (never, after 10 minutes, after 1 hour) and which classes are
// muted, and whether this device gets Web Push. Live: a change in one tab shows in every other
// (notifications.settings); push is this browser's own (PushOnThisDevice).
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { EMAIL_DELAYS, EMAIL_DELAY_LABELS, isPendingClass, type EmailDelay } from '@seminar/shared';
import { useSession } from '../../auth/session';
import { useMyClasses } from '../../data/classes';
import {
  settingsOf,
  useNotificationSettings,
  useNotificationSettingsActions,
} from '../../data/notifications';
import { usePageTitle } from '../../shell/usePageTitle';
import { LoadError } from '../common/EmptyState';
import { PushOnThisDevice } from './PushOnThisDevice';

const isEmailDelay = (value: string): value is EmailDelay =>
  (EMAIL_DELAYS as readonly string[]).includes(value);

export function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const { user } = useSession();
  const settings = useNotificationSettings();
  const classes = useMyClasses();
  const actions = useNotificationSettingsActions();
  const current = settingsOf(settings.rows[0], user?.id ?? '');

  // A refused change is undone and said by the app's error banner (the optimistic write reports it).
  const report = (outcome: Promise<unknown>) => void outcome;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h4">
        Notification settings
      </Typography>

      {settings.status === 'error' ? (
        <LoadError message={settings.error ?? ''} onRetry={settings.retry} />
      ) : (
        <Paper variant="outlined" component="section" aria-labelledby="email-heading" sx={{ p: 2 }}>
          <Typography id="email-heading" component="h2" variant="h6">
            E-mail
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            When someone mentions you (or everyone, with @channel) and you have not read it in time,
            you get one e-mail with everything you missed since the last one.
          </Typography>
          {settings.status === 'loading' ? (
            <Skeleton
              variant="rounded"
              height={120}
              role="progressbar"
              aria-label="Loading your settings"
            />
          ) : (
            <FormControl>
              <FormLabel id="email-delay-label">E-mail me about missed mentions</FormLabel>
              <RadioGroup
                aria-labelledby="email-delay-label"
                name="email-delay"
                value={current.email_delay}
                onChange={(event) => {
                  if (isEmailDelay(event.target.value))
                    report(actions.setEmailDelay(current, event.target.value));
                }}
              >
                {EMAIL_DELAYS.map((delay) => (
                  <FormControlLabel
                    key={delay}
                    value={delay}
                    control={<Radio />}
                    label={EMAIL_DELAY_LABELS[delay]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        </Paper>
      )}

      <Paper variant="outlined" component="section" aria-labelledby="push-heading" sx={{ p: 2 }}>
        <Typography id="push-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          Push notifications
        </Typography>
        <PushOnThisDevice />
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="classes-heading" sx={{ p: 2 }}>
        <Typography id="classes-heading" component="h2" variant="h6">
          Classes
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          A muted class sends you no e-mails and no pushes. Which messages of a channel notify you
          in the browser is set in the channel itself (its Notifications menu).
        </Typography>
        {classes.status === 'error' && (
          <LoadError message={classes.error ?? ''} onRetry={classes.retry} />
        )}
        {(classes.status === 'loading' || settings.status === 'loading') && (
          <Skeleton
            variant="rounded"
            height={48}
            role="progressbar"
            aria-label="Loading your classes"
          />
        )}
        {classes.status === 'ready' && settings.status === 'ready' && (
          <ClassMutes
            classes={classes.rows.filter((row) => !isPendingClass(row))}
            muted={current.muted_class_ids}
            onChange={(classId, muted) => report(actions.setClassMuted(current, classId, muted))}
          />
        )}
      </Paper>
    </Stack>
  );
}

function ClassMutes({
  classes,
  muted,
  onChange,
}: {
  classes: ReadonlyArray<{ class_id: string; name: string }>;
  muted: readonly string[];
  onChange: (classId: string, muted: boolean) => void;
}) {
  if (classes.length === 0) return <Typography>You are not in any class yet.</Typography>;
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {classes.map((cls) => (
        <li key={cls.class_id}>
          <FormControlLabel
            sx={{ overflowWrap: 'anywhere' }}
            control={
              <Switch
                checked={muted.includes(cls.class_id)}
                onChange={(event) => onChange(cls.class_id, event.target.checked)}
              />
            }
            label={`Mute ${cls.name}`}
          />
        </li>
      ))}
    </Stack>
  );
}
