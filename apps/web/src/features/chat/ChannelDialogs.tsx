// Instructors' and admins' channel dialogs: "Create channel" (name, public, group e-mails) and the
// channel settings (rename, members from the roster, group e-mails, public, enabled, delete with a
// confirmation). Writes are optimistic on the channel list and checked with the shared schemas.
import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  channelNameSchema,
  displayName,
  emailSchema,
  isOwnChannel,
  makeRecordId,
  type ChannelView,
  type RosterEntry,
} from '@seminar/shared';
import { describeError } from '../../live/errors';
import { useLive } from '../../live/LiveProvider';
import { useOptimisticWrite } from '../../live/optimistic';
import { channelsKey, channelTitle, useRoster } from './chatData';

/** Splits typed group e-mails (commas, semicolons, spaces or lines) into normalized addresses. */
export function parseGroupEmails(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (part === '') continue;
    const parsed = emailSchema.safeParse(part);
    if (!parsed.success) invalid.push(part);
    else if (!emails.includes(parsed.data)) emails.push(parsed.data);
  }
  return { emails, invalid };
}

function nameError(name: string): string | null {
  const parsed = channelNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a channel name');
}

function groupError(invalid: readonly string[]): string | null {
  if (invalid.length === 0) return null;
  return `Not an e-mail address: ${invalid.slice(0, 3).join(', ')}${invalid.length > 3 ? '…' : ''}`;
}

const useFullScreen = () => useMediaQuery(useTheme().breakpoints.down('sm'));

export interface ChannelCreator {
  uid: string;
  email: string;
  name: string;
}

export function CreateChannelDialog({
  open,
  classId,
  viewer,
  onClose,
  onCreated,
}: {
  open: boolean;
  classId: string;
  viewer: ChannelCreator;
  onClose: () => void;
  onCreated: (channelId: string) => void;
}) {
  const { client: trpc } = useLive();
  const write = useOptimisticWrite();
  const fullScreen = useFullScreen();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [group, setGroup] = useState('');
  const [touched, setTouched] = useState(false);
  const parsedGroup = parseGroupEmails(group);
  const errors = { name: nameError(name), group: groupError(parsedGroup.invalid) };

  const reset = () => {
    setName('');
    setIsPublic(true);
    setGroup('');
    setTouched(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name || errors.group || !trpc) return;
    const channelId = makeRecordId('channel', viewer.uid);
    const input = {
      channel_id: channelId,
      class_id: classId,
      name: name.trim(),
      is_public: isPublic,
      channel_group: parsedGroup.emails,
    };
    const row: ChannelView = {
      ...input,
      enabled: true,
      deleted: false,
      updated_at: Date.now(),
      updated_by: viewer.uid,
      updated_by_name: displayName(viewer.name),
      last_seq: 0,
      last_read_seq: 0,
      is_own: isOwnChannel(input, viewer.email),
      version: 0,
    };
    void write({
      key: channelsKey(classId),
      id: channelId,
      row,
      mutate: () => trpc.channels.create.mutate(input),
    });
    reset();
    onCreated(channelId);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-channel-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-channel-title">Create channel</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              error={touched && errors.name !== null}
              helperText={touched ? errors.name : null}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={isPublic}
                  onChange={(event) => setIsPublic(event.target.checked)}
                />
              }
              label="Public"
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
              {isPublic
                ? 'Everyone in the class can see and join this channel.'
                : 'Only people you add (and instructors) can see this channel.'}
            </Typography>
            <TextField
              label="Group e-mails"
              value={group}
              onChange={(event) => setGroup(event.target.value)}
              multiline
              minRows={2}
              error={errors.group !== null}
              helperText={
                errors.group ??
                'Optional. People with these e-mails see this as their own channel (a team channel).'
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Create channel
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface Person {
  uid: string;
  name: string;
  email: string | null;
}

/** Class members with an account (invitations have none yet), once each, by name. */
export function rosterPeople(entries: readonly RosterEntry[]): Person[] {
  const byUid = new Map<string, Person>();
  for (const entry of entries) {
    if (entry.uid === null || entry.deleted || entry.invited || byUid.has(entry.uid)) continue;
    byUid.set(entry.uid, {
      uid: entry.uid,
      name: displayName(entry.name) || entry.email || entry.uid,
      email: entry.email,
    });
  }
  return [...byUid.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function MembersSection({ classId, channelId }: { classId: string; channelId: string }) {
  const { client: trpc } = useLive();
  const roster = useRoster(classId, true);
  const people = useMemo(() => rosterPeople(roster.rows), [roster.rows]);
  const [person, setPerson] = useState<Person | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const setMember = (member: boolean) => {
    if (!trpc || !person) return;
    setBusy(true);
    setNote(null);
    trpc.channels.setMember
      .mutate({ class_id: classId, channel_id: channelId, uid: person.uid, member })
      .then(() =>
        setNote({
          severity: 'success',
          text: member
            ? `${person.name} was added to the channel.`
            : `${person.name} was removed from the channel.`,
        }),
      )
      .catch((error: unknown) => setNote({ severity: 'error', text: describeError(error) }))
      .finally(() => setBusy(false));
  };

  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="subtitle2">
        Members
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Members see this channel even when it is private.
      </Typography>
      <Autocomplete
        options={people}
        value={person}
        onChange={(_event, value) => setPerson(value)}
        getOptionLabel={(option) =>
          option.email ? `${option.name} (${option.email})` : option.name
        }
        isOptionEqualToValue={(option, value) => option.uid === value.uid}
        loading={roster.status === 'loading'}
        renderInput={(params) => <TextField {...params} label="Person" />}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={!person || busy} onClick={() => setMember(true)}>
          Add to channel
        </Button>
        <Button
          variant="outlined"
          color="warning"
          disabled={!person || busy}
          onClick={() => setMember(false)}
        >
          Remove from channel
        </Button>
      </Box>
      {note ? (
        <Alert severity={note.severity} role={note.severity === 'error' ? 'alert' : 'status'}>
          {note.text}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function ChannelSettingsDialog({
  open,
  classId,
  channel,
  onClose,
  onDeleted,
}: {
  open: boolean;
  classId: string;
  channel: ChannelView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { client: trpc } = useLive();
  const write = useOptimisticWrite();
  const fullScreen = useFullScreen();
  const [name, setName] = useState(channel.name);
  const [isPublic, setIsPublic] = useState(channel.is_public);
  const [enabled, setEnabled] = useState(channel.enabled);
  const [group, setGroup] = useState(channel.channel_group.join('\n'));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const parsedGroup = parseGroupEmails(group);
  const errors = { name: nameError(name), group: groupError(parsedGroup.invalid) };
  const title = channelTitle(channel);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (errors.name || errors.group || !trpc) return;
    const changes = {
      name: name.trim(),
      is_public: isPublic,
      enabled,
      channel_group: parsedGroup.emails,
    };
    void write({
      key: channelsKey(classId),
      id: channel.channel_id,
      row: { ...channel, ...changes },
      mutate: () =>
        trpc.channels.update.mutate({
          class_id: classId,
          channel_id: channel.channel_id,
          ...changes,
        }),
    });
    onClose();
  };

  const remove = () => {
    if (!trpc) return;
    setConfirmDelete(false);
    void write({
      key: channelsKey(classId),
      id: channel.channel_id,
      row: null,
      mutate: () =>
        trpc.channels.delete.mutate({ class_id: classId, channel_id: channel.channel_id }),
    });
    onClose();
    onDeleted();
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby="channel-settings-title"
      >
        <form onSubmit={save} noValidate>
          <DialogTitle id="channel-settings-title">Channel settings</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label="Name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                error={errors.name !== null}
                helperText={errors.name}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={isPublic}
                    onChange={(event) => setIsPublic(event.target.checked)}
                  />
                }
                label="Public"
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={enabled}
                    onChange={(event) => setEnabled(event.target.checked)}
                  />
                }
                label="Enabled"
              />
              {!enabled ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
                  A disabled channel is hidden from students and nobody can post in it.
                </Typography>
              ) : null}
              <TextField
                label="Group e-mails"
                value={group}
                onChange={(event) => setGroup(event.target.value)}
                multiline
                minRows={2}
                error={errors.group !== null}
                helperText={
                  errors.group ?? 'People with these e-mails see this as their own channel.'
                }
              />
              <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
                Save changes
              </Button>
              <Divider />
              {open ? <MembersSection classId={classId} channelId={channel.channel_id} /> : null}
              <Divider />
              <Box>
                <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
                  Delete channel
                </Button>
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </form>
      </Dialog>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby="delete-channel-title"
      >
        <DialogTitle id="delete-channel-title">Delete “{title}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The channel and its messages will no longer be shown to anyone in the class.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={remove}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
