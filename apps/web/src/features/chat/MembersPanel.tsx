// Docs: docs/channels.md#members-panel — who is in a channel: a public channel's members are the
// class, a private one's are the people enrolled in it (channel_users) and the class members whose
// e-mail is in its group. Each with an online dot from the channel's live notices. Instructors and
// class admins add and remove enrolled members here. A dialog (full screen on a phone).
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  AGENT_MODE_LABELS,
  AGENT_NOT_CONFIGURED,
  agentCanAnswer,
  channelAgents,
  type ChannelView,
} from '@seminar/shared';
import {
  channelTitle,
  useChannelActions,
  useChannelMembers,
  useNotifications,
} from '../../data/channels';
import { useActivities } from '../../data/activities';
import { useRoster } from '../../data/classes';
import { useLlmConfigured, useProducts } from '../../data/productsLive';
import { AgentAvatar, AgentBadge } from './AgentBadge';
import { describeError } from '../../live/errors';
import { useServerOffset } from '../../live/serverTime';
import { onlineUids, useRecencyClock } from './presence';
import { channelPeople, type ChannelPerson } from './channelPeople';
import { Spinner } from '../../shell/ui';

export { channelPeople, type ChannelPerson };

/** A dot saying online (green) or not (grey), with its words for screen readers. */
function OnlineDot({ online }: { online: boolean }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={online ? 'Online' : 'Offline'}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: online ? 'success.main' : 'transparent',
        border: 2,
        borderColor: online ? 'success.main' : 'text.disabled',
      }}
    />
  );
}

export interface MembersPanelProps {
  classId: string;
  channel: ChannelView;
  viewerUid: string;
  /** Instructors and class admins: add and remove enrolled members. */
  canManage: boolean;
  onClose: () => void;
}

/** The members panel of a channel, opened from its header's "Members" button. */
export function MembersPanel({
  classId,
  channel,
  viewerUid,
  canManage,
  onClose,
}: MembersPanelProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const channelId = channel.channel_id;
  const title = channelTitle(channel);
  const roster = useRoster(classId);
  const enrolled = useChannelMembers(classId, channelId, !channel.is_public);
  const notices = useNotifications(classId, channelId);
  const offset = useServerOffset();
  const now = useRecencyClock(notices.rows);
  const online = onlineUids(notices.rows, now, offset);
  online.add(viewerUid);
  const actions = useChannelActions(classId);
  const { members, candidates } = useMemo(
    () => channelPeople(channel, roster.rows, enrolled.rows),
    [channel, roster.rows, enrolled.rows],
  );
  const activities = useActivities(classId);
  const products = useProducts();
  const llm = useLlmConfigured();
  // Students never see an agent that cannot answer on this server; instructors see why it is silent.
  const agents = useMemo(
    () =>
      channelAgents(channelId, activities.rows, products.rows).filter(
        (agent) => canManage || agentCanAnswer(agent.agent, llm === true),
      ),
    [channelId, activities.rows, products.rows, canManage, llm],
  );
  const [picked, setPicked] = useState<ChannelPerson | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const setMember = (person: ChannelPerson, member: boolean) => {
    setBusy(true);
    setNote(null);
    actions
      .setMember(channelId, person.uid, member)
      .then(() => {
        if (member) setPicked(null);
        setNote({
          severity: 'success',
          text: member
            ? `${person.name} was added to ${title}.`
            : `${person.name} was removed from ${title}.`,
        });
      })
      .catch((error: unknown) => setNote({ severity: 'error', text: describeError(error) }))
      .finally(() => setBusy(false));
  };

  const loading =
    roster.status === 'loading' || (!channel.is_public && enrolled.status === 'loading');
  const failed = roster.status === 'error' ? roster : enrolled.status === 'error' ? enrolled : null;
  const titleId = `members-title-${channelId}`;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Members of {title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {channel.is_public
            ? 'A public channel: everyone in the class is in it.'
            : 'A private channel: only these people (and the instructors) see it.'}
        </Typography>
        {loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <Spinner label="Loading members" delayed small />
          </Box>
        ) : failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={failed.retry}>
                Try again
              </Button>
            }
          >
            {failed.error}
          </Alert>
        ) : members.length === 0 ? (
          <Typography sx={{ py: 2 }}>Nobody is in this channel yet.</Typography>
        ) : (
          <List dense aria-label={`Members of ${title}`}>
            {members.map((person) => (
              <ListItem
                key={person.uid}
                disableGutters
                secondaryAction={
                  canManage && person.via === 'enrolled' ? (
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${person.name} from ${title}`}
                      disabled={busy}
                      onClick={() => setMember(person, false)}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  ) : null
                }
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                  <OnlineDot online={online.has(person.uid)} />
                  <ListItemText
                    primary={person.uid === viewerUid ? `${person.name} (you)` : person.name}
                    secondary={
                      [
                        canManage ? person.email : null,
                        person.via === 'group' ? 'through the group e-mails' : null,
                      ]
                        .filter(Boolean)
                        .join(' · ') || null
                    }
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </Box>
              </ListItem>
            ))}
          </List>
        )}
        {agents.length > 0 ? (
          <List dense aria-label={`AI agents in ${title}`}>
            {agents.map((agent) => (
              <ListItem key={`${agent.activityId}/${agent.agent}`} disableGutters>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                  <AgentAvatar size={24} />
                  <ListItemText
                    primary={
                      <Box
                        component="span"
                        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        <span>{agent.agent}</span>
                        <AgentBadge productTitle={agent.productTitle} />
                      </Box>
                    }
                    secondary={`${
                      agentCanAnswer(agent.agent, llm !== false)
                        ? AGENT_MODE_LABELS[agent.mode]
                        : AGENT_NOT_CONFIGURED
                    } · ${agent.activityTitle}`}
                  />
                </Box>
              </ListItem>
            ))}
          </List>
        ) : null}
        {canManage && !channel.is_public ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}>
            <Autocomplete
              sx={{ flex: 1, minWidth: 0 }}
              options={candidates}
              value={picked}
              onChange={(_event, value) => setPicked(value)}
              getOptionLabel={(option) =>
                option.email ? `${option.name} (${option.email})` : option.name
              }
              isOptionEqualToValue={(option, value) => option.uid === value.uid}
              noOptionsText="Everyone in the class is in this channel."
              renderInput={(params) => <TextField {...params} label="Add member" size="small" />}
            />
            <Button
              variant="contained"
              disabled={!picked || busy}
              onClick={() => picked && setMember(picked, true)}
            >
              Add
            </Button>
          </Box>
        ) : null}
        {note ? (
          <Alert
            severity={note.severity}
            role={note.severity === 'error' ? 'alert' : 'status'}
            sx={{ mt: 2 }}
          >
            {note.text}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
