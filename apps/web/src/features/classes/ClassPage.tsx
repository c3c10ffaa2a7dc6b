// A class page, /classes/:classId/:tab? — tabs Chat (the chat feature's panel), Activities, People
// and, for instructors and class admins, Settings. Its URL is the class selection (selection.tsx). A
// class that is not (or no longer) in my classes says so; a pending one says why it cannot open.
import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArchiveIcon from '@mui/icons-material/Archive';
import { CLASS_ARCHIVED_MESSAGE, can, isPendingClass, type Class } from '@seminar/shared';
import {
  Link as RouterLink,
  Navigate,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { CHANNEL_PARAM, CLASS_TABS, classPath, PATHS, type ClassTab } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { usePrefetchChannels } from '../../data/channels';
import { usePrefetchMessages } from '../../data/messages';
import { visuallyHidden } from '../chat/a11y';
import { ChatPanel } from '../chat/ChatPanel';
import { KeptMessages } from '../chat/KeptMessages';
import { useClassChatSignals } from '../chat/useChatSignals';
import { useSpotlightNotifications } from '../classroom/useSpotlightNotifications';
import { EmptyState, LoadError } from '../common/EmptyState';
import {
  ClassHeader,
  ClassTabs,
  CONDENSED_HEADER_HEIGHT,
  FILL_SCREEN_CLASS,
  TAB_LABELS,
} from './ClassTabs';
import { pendingLabel } from './classText';
import { useClassSelection } from './selection';

// An activity's review page (its own route, routes.tsx) loads from here rather than from the route
// table: its chunk then takes the modules it shares with this page from this page's chunk, instead
// of Rollup splitting them out into more chunks that the chat's first load would fetch too.
const AgentReviewPage = lazy(() =>
  import('../activities/AgentReviewPage').then((module) => ({ default: module.AgentReviewPage })),
);

/** The route of an activity's review page, /classes/:classId/activities/:activityId/review. */
export function ActivityReviewRoute() {
  return (
    <Suspense fallback={<ClassPageSkeleton />}>
      <AgentReviewPage />
    </Suspense>
  );
}

const DebriefPage = lazy(() =>
  import('../debrief/DebriefPage').then((module) => ({ default: module.DebriefPage })),
);

/** The route of an activity's debrief, /classes/:classId/activities/:activityId/debrief. */
export function ActivityDebriefRoute() {
  return (
    <Suspense fallback={<ClassPageSkeleton />}>
      <DebriefPage />
    </Suspense>
  );
}

function isClassTab(value: string | undefined): value is ClassTab {
  return (CLASS_TABS as readonly string[]).includes(value ?? '');
}

export function ClassPage() {
  const params = useParams();
  const classId = params.classId ?? '';
  const { classes } = useClassSelection();
  const cls = classes.rows.find((row) => row.class_id === classId) ?? null;
  const theme = useTheme();
  // The same breakpoint at which the chat shows the channel list and a channel in turn.
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const openChannelId =
    params.tab === undefined || params.tab === 'chat' ? search.get(CHANNEL_PARAM) : null;
  // A page opened onto a channel subscribes its channel list and its messages at once, beside my
  // classes: left to the chat panel, they were asked for only once the class row had arrived and
  // the page had rendered with it (a round trip and a render later). The panel shares them.
  usePrefetchChannels(openChannelId === null ? null : classId);
  usePrefetchMessages(classId, openChannelId);
  // Unread in the tab title ("(3) Chemistry"), mentions on the Chat tab, notifications when hidden.
  const chat = useClassChatSignals(
    classId,
    cls !== null && !isPendingClass(cls),
    openChannelId,
    (channelId) =>
      void navigate(
        `${classPath(classId, 'chat')}?${CHANNEL_PARAM}=${encodeURIComponent(channelId)}`,
      ),
  );
  // Cold-call: "your turn" notifications for the picked student (docs/polls.md#cold-call).
  useSpotlightNotifications(
    classId,
    cls !== null && !isPendingClass(cls),
    openChannelId,
    (channelId) =>
      void navigate(
        `${classPath(classId, 'chat')}?${CHANNEL_PARAM}=${encodeURIComponent(channelId)}`,
      ),
  );
  const name = cls?.name ?? 'Class';
  // Each tab names itself in the title ("Logic 101 · People · Seminar"): tabs, history and screen
  // readers tell the sections apart.
  const shownTab = params.tab ?? 'chat';
  const tabLabel = isClassTab(shownTab) ? TAB_LABELS[shownTab] : null;
  const titled = tabLabel ? `${name} · ${tabLabel}` : name;
  usePageTitle(chat.unread > 0 ? `(${chat.unread}) ${titled}` : titled);

  if (params.tab !== undefined && !isClassTab(params.tab)) {
    return <Navigate to={classPath(classId)} replace />;
  }
  const tab: ClassTab = params.tab ?? 'chat';

  // The Chat tab on a laptop gives the conversation the window (ClassTabs.tsx), and so does its
  // loading state: the page does not change its shape when the class arrives.
  const condensed = !narrow && tab === 'chat';
  if (classes.status === 'loading' && !cls)
    return (
      <ClassPageSkeleton
        classId={classId}
        channelId={search.get(CHANNEL_PARAM)}
        condensed={condensed}
      />
    );
  if (classes.status === 'error' && !cls) {
    return <LoadError message={classes.error ?? ''} onRetry={classes.retry} />;
  }
  if (!cls) {
    return (
      <EmptyState
        title="This class is not available"
        actions={
          <>
            <Button variant="contained" component={RouterLink} to={PATHS.home}>
              Go to my classes
            </Button>
            <Button variant="outlined" component={RouterLink} to={PATHS.publicClasses}>
              Find a class
            </Button>
          </>
        }
      >
        It may have been deleted, or you are no longer a member. Pick another class from your list.
      </EmptyState>
    );
  }

  // The settings tab is for whoever may edit the class (`can`, packages/shared policies.ts).
  const manager = can(cls.my_role, 'class.edit');
  // An archived class is read-only for everyone (docs/classes.md#archive): no composer, no
  // channel management or moderation; its settings still offer export and unarchive.
  const readOnlyNote = cls.archived_at !== null ? CLASS_ARCHIVED_MESSAGE : null;
  if (tab === 'settings' && !manager) return <Navigate to={classPath(classId)} replace />;

  // On a narrow screen an open channel fills the screen below the app bar: the class header and
  // tabs collapse (the channel header's "Back to channels" leads back to them).
  if (narrow && tab === 'chat' && search.get(CHANNEL_PARAM) !== null && !isPendingClass(cls)) {
    return (
      <Box sx={{ mx: { xs: -2, sm: -3 }, my: { xs: -2, sm: -3 } }}>
        <Typography component="h1" style={visuallyHidden}>
          {cls.name}
        </Typography>
        <ChatPanel
          classId={cls.class_id}
          canManage={manager && readOnlyNote === null}
          readOnlyNote={readOnlyNote}
          fullScreen
        />
      </Box>
    );
  }

  if (condensed && !isPendingClass(cls)) {
    return (
      <div className={FILL_SCREEN_CLASS}>
        {readOnlyNote && (
          <Alert severity="info" icon={<ArchiveIcon />} sx={{ mb: 1, flexShrink: 0 }}>
            {readOnlyNote}
          </Alert>
        )}
        <ClassTabs cls={cls} tab={tab} manager={manager} mentions={chat.mentions} condensed />
      </div>
    );
  }

  return (
    <Stack spacing={2}>
      <ClassHeader cls={cls} />
      {readOnlyNote && (
        <Alert severity="info" icon={<ArchiveIcon />}>
          {readOnlyNote}
        </Alert>
      )}
      {isPendingClass(cls) ? (
        <PendingNotice cls={cls} />
      ) : (
        <ClassTabs cls={cls} tab={tab} manager={manager} mentions={chat.mentions} />
      )}
    </Stack>
  );
}

function PendingNotice({ cls }: { cls: Class }) {
  const label = pendingLabel(cls);
  return (
    <EmptyState
      title={label ?? ''}
      actions={
        <Button variant="outlined" component={RouterLink} to={PATHS.home}>
          Go to my classes
        </Button>
      }
    >
      {cls.pending_deleted
        ? 'This class is being deleted.'
        : 'This class is being set up. It opens as soon as it is ready.'}
    </EmptyState>
  );
}

/** The class loading; a channel's unsent messages (the local outbox) show meanwhile. */
function ClassPageSkeleton({
  classId,
  channelId = null,
  condensed = false,
}: {
  classId?: string;
  channelId?: string | null;
  /** The Chat tab on a laptop: the condensed header's line and the chat's frame. */
  condensed?: boolean;
}) {
  if (condensed) {
    const kept = classId && channelId;
    return (
      <div className={FILL_SCREEN_CLASS}>
        <Stack
          aria-busy="true"
          aria-label="Loading class"
          sx={{ flex: kept ? 0 : 1, minHeight: 0 }}
        >
          <Skeleton variant="text" width="40%" height={CONDENSED_HEADER_HEIGHT} />
          {kept ? null : <Skeleton variant="rounded" sx={{ flex: 1, height: 'auto' }} />}
        </Stack>
        {kept ? (
          <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
            <KeptMessages classId={classId} channelId={channelId} />
          </Box>
        ) : null}
      </div>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack spacing={2} aria-busy="true" aria-label="Loading class">
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
      {classId && channelId ? <KeptMessages classId={classId} channelId={channelId} /> : null}
    </Stack>
  );
}
