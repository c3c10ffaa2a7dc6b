// Activities of a class (live, SPEC §7 "Activities"; students see enabled ones only, SPEC §5).
// Instructors and class admins create and edit them ("New activity"), switch each on or off, and
// delete with a confirmation (shown at once, SPEC §4). A case channel shows as its case label; an
// AI product's cost for the class shows on the card to instructors and class admins.
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import {
  caseLabel,
  can,
  channelAgents,
  type Activity,
  type AiAgentCooperationMode,
  type ChannelAgent,
  type ChannelView,
  type Class,
  type PublicProduct,
} from '@seminar/shared';
import { useActivities, useActivityActions } from '../../data/activities';
import { useChannels } from '../../data/channels';
import { useProducts } from '../../data/products';
import { formatDay } from '../classes/classText';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { EditDeleteButtons, EnabledSwitch } from '../common/ManageControls';
import { EmptyState, LoadError } from '../common/EmptyState';
import { greyedSx } from '../common/greyed';
import { activityDebriefPath, classChannelPath } from '../../routes/paths';
import { costLine, useStudentCount } from './ActivityCost';
import { ActivityDialog } from './ActivityDialog';
import { AgentBudget } from './AgentBudget';
import { AiWatchLine } from './AiWatchLine';
import { ModerationControl } from './ModerationControl';
import { AgentLimitsControl } from './AgentLimitsControl';
import { TutorModeControl } from './TutorModeControl';
import { AgentControls } from './AgentControls';

const MyExchangesDialog = lazy(() => import('./MyExchangesDialog'));

/** The case label of an activity with a case channel (SPEC §3 "Case record"), else null. */
export function activityCaseLabel(
  activity: Pick<Activity, 'channel_id' | 'activity_qualified_name'>,
  channels: ReadonlyMap<string, Pick<ChannelView, 'name'>>,
): string | null {
  if (!activity.channel_id) return null;
  const channel = channels.get(activity.channel_id);
  return (
    caseLabel({
      activity_qualified_name: activity.activity_qualified_name,
      channel_name: channel?.name ?? null,
    }) || 'Case'
  );
}

/** What an activity's case chip shows and where it leads. */
export interface CaseChipView {
  label: string;
  /** The class chat with the case channel open, when the viewer can see that channel. */
  to: string | null;
  /** Why the chip leads nowhere (the viewer cannot see the channel), else null. */
  note: string | null;
}

/** Says why a case channel missing from the viewer's list cannot be opened. */
export const PRIVATE_CASE_NOTE = 'Private channel you are not in';
export const DELETED_CASE_NOTE = 'The case channel was deleted';

/**
 * The case chip of an activity, or null without a case channel. A channel in the viewer's list
 * links to the chat with it open; one missing from a loaded list is private to others (students)
 * or deleted (managers see every channel not deleted); while the list loads nothing is claimed.
 */
export function activityCaseChip(
  activity: Pick<Activity, 'class_id' | 'channel_id' | 'activity_qualified_name'>,
  channels: ReadonlyMap<string, Pick<ChannelView, 'name'>>,
  channelsLoaded: boolean,
  manager: boolean,
): CaseChipView | null {
  const label = activityCaseLabel(activity, channels);
  if (label === null || !activity.channel_id) return null;
  if (channels.has(activity.channel_id))
    return { label, to: classChannelPath(activity.class_id, activity.channel_id), note: null };
  if (!channelsLoaded) return { label, to: null, note: null };
  return { label, to: null, note: manager ? DELETED_CASE_NOTE : PRIVATE_CASE_NOTE };
}

type Editing = { activity: Activity | null; token: number } | null;

export function ActivitiesPanel({ cls }: { cls: Class }) {
  const products = useProducts();
  const productsById = useMemo(
    () => new Map<string, PublicProduct>(products.rows.map((p) => [p.product_id, p])),
    [products.rows],
  );
  const classId = cls.class_id;
  const manager = can(cls.my_role, 'activities.manage');
  // The cost is the managers' concern: only they subscribe to the roster for it.
  const students = useStudentCount(manager ? classId : null);
  const cardCost = (activity: Activity) => {
    const product = activity.product_id ? productsById.get(activity.product_id) : undefined;
    return manager && product ? costLine(product, cls.name, students) : null;
  };
  const actions = useActivityActions(classId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);

  const activities = useActivities(classId);
  const [mineOpen, setMineOpen] = useState(false);
  const channels = useChannels(classId);
  const channelsById = useMemo(
    () => new Map(channels.rows.map((channel) => [channel.channel_id, channel])),
    [channels.rows],
  );

  const newButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing({ activity: null, token: Date.now() })}
    >
      New activity
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography component="h2" variant="h6">
          Activities
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {activities.rows.some((activity) => activity.product_id !== null) && (
            <Button variant="outlined" onClick={() => setMineOpen(true)}>
              My exchanges with AI agents
            </Button>
          )}
          {manager && <ModerationControl classId={classId} />}
          {manager && newButton}
        </Stack>
      </Stack>
      {mineOpen && (
        <Suspense fallback={null}>
          <MyExchangesDialog
            classId={classId}
            className={cls.name}
            onClose={() => setMineOpen(false)}
          />
        </Suspense>
      )}

      {activities.status === 'loading' && (
        <Stack spacing={1} aria-busy="true" aria-label="Loading activities">
          {[0, 1].map((n) => (
            <Skeleton key={n} variant="rounded" height={96} />
          ))}
        </Stack>
      )}
      {activities.status === 'error' && (
        <LoadError message={activities.error ?? ''} onRetry={activities.retry} />
      )}
      {activities.status === 'ready' && activities.rows.length === 0 && (
        <EmptyState title="No activities yet">
          {manager
            ? 'Use “New activity” to add one — a case to discuss, with its dates and case channel.'
            : 'Your instructor has not opened any activities yet. They show here when they do.'}
        </EmptyState>
      )}
      {activities.rows.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {activities.rows.map((activity) => (
            <li key={activity.activity_id}>
              <ActivityCard
                activity={activity}
                manager={manager}
                pending={activities.pendingIds.has(activity.activity_id)}
                caseChip={activityCaseChip(
                  activity,
                  channelsById,
                  channels.status === 'ready',
                  manager,
                )}
                productTitle={
                  activity.product_id
                    ? (productsById.get(activity.product_id)?.title ?? activity.product_id)
                    : null
                }
                cost={cardCost(activity)}
                agents={
                  activity.channel_id
                    ? channelAgents(activity.channel_id, [activity], products.rows)
                    : []
                }
                onAgentMode={(agent, mode) => void actions.setAgentMode(activity, agent, mode)}
                onAgentBudget={(answers, tokens) =>
                  void actions.setAgentBudget(activity, answers, tokens)
                }
                onEdit={() => setEditing({ activity, token: Date.now() })}
                onDelete={() => setDeleting(activity)}
                onToggle={(enabled) => void actions.setEnabled(activity, enabled)}
              />
            </li>
          ))}
        </Stack>
      )}

      {manager && editing && (
        <ActivityDialog
          key={editing.token}
          open
          classId={classId}
          className={cls.name}
          activity={editing.activity}
          channels={channels.rows}
          newActivityId={actions.newActivityId}
          onClose={() => setEditing(null)}
          onSave={actions.save}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete activity?"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void actions.remove(deleting);
          setDeleting(null);
        }}
      >
        “{deleting?.title}” will be deleted for everyone in the class.
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * The "⟨channel⟩ case" chip: a link to the case channel, or (the viewer cannot see it) a chip with a
 * lock that says why, as a tooltip and as its accessible description (focusable, so keyboard users
 * hear it too).
 */
function CaseChip({ chip, enabled }: { chip: CaseChipView; enabled: boolean }) {
  const color = enabled ? 'primary' : 'default';
  if (chip.to)
    return (
      <Chip
        size="small"
        color={color}
        variant="outlined"
        label={chip.label}
        component={RouterLink}
        to={chip.to}
        clickable
      />
    );
  if (!chip.note) return <Chip size="small" color={color} variant="outlined" label={chip.label} />;
  return (
    <Tooltip title={chip.note} describeChild>
      <Chip
        size="small"
        variant="outlined"
        icon={<LockIcon fontSize="small" />}
        label={chip.label}
        tabIndex={0}
        aria-description={chip.note}
      />
    </Tooltip>
  );
}

function ActivityCard({
  activity,
  manager,
  pending,
  caseChip,
  productTitle,
  cost,
  agents,
  onAgentMode,
  onAgentBudget,
  onEdit,
  onDelete,
  onToggle,
}: {
  activity: Activity;
  manager: boolean;
  pending: boolean;
  caseChip: CaseChipView | null;
  /** The AI product's title from the catalogue (its id while the catalogue loads). */
  productTitle: string | null;
  /** What the AI product costs the class (managers only), else null. */
  cost: string | null;
  /** The AI agents of its case channel (docs/ai.md). */
  agents: readonly ChannelAgent[];
  onAgentMode: (agent: string, mode: AiAgentCooperationMode) => void;
  onAgentBudget: (answers: number | null, tokens: number | null) => void;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (enabled: boolean) => void;
}) {
  const titleId = useId();
  const dates = [
    activity.start_date && `Starts ${formatDay(activity.start_date)}`,
    activity.due_date && `Due ${formatDay(activity.due_date)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      aria-busy={pending || undefined}
      variant="outlined"
      sx={activity.enabled ? undefined : greyedSx}
    >
      <CardContent sx={{ pb: manager ? 1 : 2 }}>
        <Stack spacing={1}>
          <Typography
            id={titleId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {activity.title}
          </Typography>
          {dates && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {dates}
            </Typography>
          )}
          {activity.description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {activity.description}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {caseChip && <CaseChip chip={caseChip} enabled={activity.enabled} />}
            {!caseChip && activity.activity_qualified_name && (
              <Chip size="small" variant="outlined" label={activity.activity_qualified_name} />
            )}
            {productTitle && (
              <Chip size="small" variant="outlined" label={`AI product: ${productTitle}`} />
            )}
            {!activity.enabled && <Chip size="small" label="Disabled" />}
            {pending && <Chip size="small" variant="outlined" label="Saving…" />}
          </Stack>
          {cost && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {cost}
            </Typography>
          )}
          <AgentControls agents={agents} manager={manager} onMode={onAgentMode} />
          {activity.channel_id ? (
            <Button
              size="small"
              component={RouterLink}
              to={activityDebriefPath(activity.class_id, activity.activity_id)}
              aria-label={`Debrief: ${activity.title}`}
              // The card's own text colour: the primary blue is under 4.5:1 on a disabled card's grey.
              color="inherit"
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
            >
              Debrief
            </Button>
          ) : null}
          {manager && agents.length > 0 ? (
            <>
              <AiWatchLine activity={activity} />
              <AgentBudget activity={activity} onSave={onAgentBudget} />
              <AgentLimitsControl activity={activity} />
              <TutorModeControl activity={activity} />
            </>
          ) : null}
        </Stack>
      </CardContent>
      {manager && (
        <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', px: 2, pb: 1.5 }}>
          <EnabledSwitch enabled={activity.enabled} onToggle={onToggle} />
          <Stack direction="row" spacing={0.5}>
            <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
          </Stack>
        </CardActions>
      )}
    </Card>
  );
}
