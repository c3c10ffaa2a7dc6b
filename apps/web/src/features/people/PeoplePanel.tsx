// People of a class (live roster): tabs Students, Instructors, Admins. Instructors and class admins
// see disabled members greyed and invitations with an "Invited" chip, and manage the people their
// role may (`can`, packages/shared policies.ts: instructors everyone, class admins students):
// "Add people" with those roles, an enable switch per member, remove (or withdraw an invitation)
// with a confirmation. Nobody gets controls on their own line, so the last instructor (whom only
// an instructor — that is, they themselves — could touch) never sees a way to remove themselves.
// Students see enabled members only and no management controls.
import { useId, useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { can, memberAction, type Class, type Role } from '@seminar/shared';
import { initialsOf } from '../../auth/AccountMenu';
import { useSession } from '../../auth/session';
import { useRoster, useRosterActions } from '../../data/classes';
import { roleLabel } from '../classes/classText';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { EmptyState, LoadError } from '../common/EmptyState';
import { NOT_CONNECTED_MESSAGE } from '../../data/connection';
import { describeError } from '../../live/errors';
import { LtiRosterSync } from '../lti/LtiRosterSync';
import { AddPeopleDialog } from './AddPeopleDialog';
import {
  PEOPLE_TAB_LABELS,
  PEOPLE_TABS,
  peopleTabs,
  type PeopleTab,
  type PersonLine,
} from './rosterView';

const TAB_ROLE = { students: 'student', instructors: 'instructor', admins: 'admin' } as const;
/** The roles of "Add people", in the menu's order. */
const ROLE_CHOICES: readonly Role[] = ['student', 'instructor', 'admin'];

export function PeoplePanel({ cls }: { cls: Class }) {
  const baseId = useId();
  const roster = useRoster(cls.class_id);
  const myRole = cls.my_role ?? null;
  /** The roles the viewer may add people with (class admins: students only). */
  const addableRoles = ROLE_CHOICES.filter((role) => can(myRole, memberAction('add', role)));
  const [tab, setTab] = useState<PeopleTab>('students');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PersonLine | null>(null);
  /** What the last "Resend invitation" did, said in a snackbar. */
  const [resent, setResent] = useState<string | null>(null);
  const resend = (line: PersonLine) => {
    const sending = actions.resendInvitation(line.entry);
    if (!sending) {
      setResent(NOT_CONNECTED_MESSAGE);
      return;
    }
    sending.then(
      () => setResent(`Invitation sent again to ${line.entry.email ?? line.label}.`),
      (failure: unknown) => setResent(describeError(failure)),
    );
  };
  const actions = useRosterActions(cls.class_id);
  const { user } = useSession();

  const tabs = useMemo(
    () => peopleTabs(roster.rows, cls.my_role ?? null),
    [roster.rows, cls.my_role],
  );
  const lines = tabs[tab];

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
        useFlexGap
      >
        <Typography component="h2" variant="h6">
          People
        </Typography>
        {addableRoles.length > 0 && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            Add people
          </Button>
        )}
      </Stack>
      <LtiRosterSync cls={cls} />
      <Tabs
        value={tab}
        onChange={(_event, next: PeopleTab) => setTab(next)}
        aria-label="People by role"
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {PEOPLE_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={PEOPLE_TAB_LABELS[name]}
            id={`${baseId}-tab-${name}`}
            aria-controls={`${baseId}-panel-${name}`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {roster.status === 'loading' && <PeopleSkeleton />}
        {roster.status === 'error' && (
          <LoadError message={roster.error ?? ''} onRetry={roster.retry} />
        )}
        {roster.status === 'ended' && (
          <EmptyState title="You no longer see this class's people">
            {roster.endedReason}
          </EmptyState>
        )}
        {roster.status === 'ready' && lines.length === 0 && (
          <EmptyState title={`No ${PEOPLE_TAB_LABELS[tab].toLowerCase()} yet`}>
            {can(myRole, memberAction('add', TAB_ROLE[tab]))
              ? `Use “Add people” to add ${PEOPLE_TAB_LABELS[tab].toLowerCase()} by email address — people without an account yet are invited and join when they sign up.`
              : 'Nobody here yet.'}
          </EmptyState>
        )}
        {lines.length > 0 && (
          <List aria-label={PEOPLE_TAB_LABELS[tab]}>
            {lines.map((line) => (
              <PersonItem
                key={line.entry.id}
                line={line}
                viewerRole={myRole}
                self={line.entry.uid !== null && line.entry.uid === user?.id}
                pending={roster.pendingIds.has(line.entry.id)}
                onToggle={(enabled) => void actions.setEnabled(line.entry, enabled)}
                onRemove={() => setRemoving(line)}
                onResend={() => resend(line)}
              />
            ))}
          </List>
        )}
      </div>

      {addableRoles.length > 0 && (
        <AddPeopleDialog
          key={tab}
          classId={cls.class_id}
          open={adding}
          onClose={() => setAdding(false)}
          roles={addableRoles}
          initialRole={addableRoles.includes(TAB_ROLE[tab]) ? TAB_ROLE[tab] : addableRoles[0]}
        />
      )}
      <Snackbar
        open={resent !== null}
        autoHideDuration={6000}
        onClose={() => setResent(null)}
        message={resent}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing?.invited ? 'Withdraw invitation?' : 'Remove from class?'}
        confirmLabel={removing?.invited ? 'Withdraw' : 'Remove'}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void actions.remove(removing.entry);
          setRemoving(null);
        }}
      >
        {removing?.invited
          ? `${removing.label} will not join this class when they sign up.`
          : `${removing?.label ?? ''} will no longer be a ${removing ? roleLabel(removing.entry.role).toLowerCase() : ''} of this class.`}
      </ConfirmDialog>
    </Stack>
  );
}

function PersonItem({
  line,
  viewerRole,
  self,
  pending,
  onToggle,
  onRemove,
  onResend,
}: {
  line: PersonLine;
  viewerRole: Role | null;
  self: boolean;
  pending: boolean;
  onToggle: (enabled: boolean) => void;
  onRemove: () => void;
  onResend: () => void;
}) {
  const { entry, label, detail, roles, invited, disabled } = line;
  // What the viewer may do to this line (never to their own): an invitation is undone or resent
  // under the rule of adding its role, a member enabled, disabled or removed under theirs.
  const allowed = (verb: 'add' | 'remove' | 'setEnabled') =>
    !self && can(viewerRole, memberAction(verb, entry.role));
  const mayToggle = !invited && allowed('setEnabled');
  const mayRemove = invited ? allowed('add') : allowed('remove');
  const mayResend = invited && allowed('add');
  return (
    <ListItem
      divider
      sx={{
        ...(disabled || invited ? { bgcolor: 'action.hover', color: 'text.secondary' } : {}),
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 1,
        px: { xs: 0, sm: 2 },
      }}
      aria-busy={pending || undefined}
    >
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <Avatar aria-hidden sx={{ width: 36, height: 36, fontSize: 14 }}>
          {initialsOf(entry.name, entry.email ?? '')}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={label}
        secondary={detail}
        sx={{ minWidth: 0, flex: '1 1 160px', overflowWrap: 'anywhere' }}
      />
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        {self && <Chip size="small" variant="outlined" label="You" />}
        {invited && (
          // info.dark: white on the light info blue is 3.9:1, under WCAG's 4.5:1 for small text.
          <Chip size="small" color="info" label="Invited" sx={{ bgcolor: 'info.dark' }} />
        )}
        {disabled && <Chip size="small" label="Disabled" />}
        {roles.map((role) => (
          <Chip key={role} size="small" variant="outlined" label={roleLabel(role)} />
        ))}
        {mayToggle && (
          <Tooltip title={entry.enabled ? 'Enabled' : 'Disabled'}>
            <Switch
              checked={entry.enabled}
              onChange={(event) => onToggle(event.target.checked)}
              slotProps={{ input: { 'aria-label': `Enable ${label}` } }}
            />
          </Tooltip>
        )}
        {mayResend && (
          <Tooltip title="Resend invitation">
            <IconButton onClick={onResend} aria-label={`Resend invitation to ${label}`}>
              <ForwardToInboxIcon />
            </IconButton>
          </Tooltip>
        )}
        {mayRemove && (
          <Tooltip title={invited ? 'Withdraw invitation' : 'Remove from class'}>
            <IconButton
              onClick={onRemove}
              aria-label={invited ? `Withdraw invitation for ${label}` : `Remove ${label}`}
            >
              <PersonRemoveIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </ListItem>
  );
}

function PeopleSkeleton() {
  return (
    <Stack spacing={1} aria-busy="true" aria-label="Loading people">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}
