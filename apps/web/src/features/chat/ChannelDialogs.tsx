// Instructors' and admins' channel dialogs: "Create channel" (name, public, group e-mails) and the
// channel settings (rename, members from the roster, group e-mails, public, enabled, delete with a
// confirmation). Writes are optimistic on the channel list and checked with the shared schemas.
import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  channelNameClashMessage,
  channelNameSchema,
  displayName,
  findChannelNameClash,
  emailSchema,
  type ChannelView,
  type RosterEntry,
} from '@seminar/shared';
import { channelTitle, useChannelActions, type ChannelAuthor } from '../../data/channels';
import { useRoster } from '../../data/classes';
import { describeError } from '../../live/errors';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { FormDialog } from '../common/FormDialog';

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

/** What is wrong with a typed name: invalid, or another channel of the class has it (shared rule). */
function nameError(
  name: string,
  channels: readonly ChannelView[],
  ownChannelId?: string,
): string | null {
  const parsed = channelNameSchema.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Enter a channel name';
  const clash = findChannelNameClash(parsed.data, channels, ownChannelId);
  return clash ? channelNameClashMessage(clash.name) : null;
}

function groupError(invalid: readonly string[]): string | null {
  if (invalid.length === 0) return null;
  return `Not an e-mail address: ${invalid.slice(0, 3).join(', ')}${invalid.length > 3 ? '…' : ''}`;
}

/** A switch with its label (Public, Enabled). */
function SwitchField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );
}

/** The channel's group e-mails (a team channel's members), with what they mean or what is wrong. */
function GroupEmailsField({
  value,
  onChange,
  error,
  help,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  help: string;
}) {
  return (
    <TextField
      label="Group e-mails"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      error={error !== null}
      helperText={error ?? help}
    />
  );
}

export type ChannelCreator = ChannelAuthor;

export function CreateChannelDialog({
  open,
  classId,
  channels,
  viewer,
  onClose,
  onCreated,
}: {
  open: boolean;
  classId: string;
  /** The class's channels (a manager sees every one not deleted): a name in use is refused. */
  channels: readonly ChannelView[];
  viewer: ChannelCreator;
  onClose: () => void;
  onCreated: (channelId: string) => void;
}) {
  const actions = useChannelActions(classId);
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [group, setGroup] = useState('');
  const [touched, setTouched] = useState(false);
  const parsedGroup = parseGroupEmails(group);
  const errors = { name: nameError(name, channels), group: groupError(parsedGroup.invalid) };
  // A clash is worth saying while typing; "Enter a channel name" only after a submit.
  const showNameError = errors.name !== null && (touched || name.trim() !== '');

  const reset = () => {
    setName('');
    setIsPublic(true);
    setGroup('');
    setTouched(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.name || errors.group) return;
    const channelId = actions.create(
      { name: name.trim(), is_public: isPublic, channel_group: parsedGroup.emails },
      viewer,
    );
    if (channelId === null) return;
    reset();
    onCreated(channelId);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title="Create channel"
      onClose={() => {
        reset();
        onClose();
      }}
      onSubmit={submit}
      submitLabel="Create channel"
    >
      <Stack spacing={2}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          error={showNameError}
          helperText={showNameError ? errors.name : null}
        />
        <SwitchField label="Public" checked={isPublic} onChange={setIsPublic} />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
          {isPublic
            ? 'Everyone in the class can see and join this channel.'
            : 'Only people you add (and instructors) can see this channel.'}
        </Typography>
        <GroupEmailsField
          value={group}
          onChange={setGroup}
          error={errors.group}
          help="Optional. People with these e-mails see this as their own channel (a team channel)."
        />
      </Stack>
    </FormDialog>
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
  const actions = useChannelActions(classId);
  const roster = useRoster(classId);
  const people = useMemo(() => rosterPeople(roster.rows), [roster.rows]);
  const [person, setPerson] = useState<Person | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const setMember = (member: boolean) => {
    if (!person) return;
    setBusy(true);
    setNote(null);
    actions
      .setMember(channelId, person.uid, member)
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
  channels,
  onClose,
  onDeleted,
}: {
  open: boolean;
  classId: string;
  channel: ChannelView;
  /** The class's channels: renaming onto another's name is refused. */
  channels: readonly ChannelView[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const actions = useChannelActions(classId);
  const [name, setName] = useState(channel.name);
  const [isPublic, setIsPublic] = useState(channel.is_public);
  const [enabled, setEnabled] = useState(channel.enabled);
  const [group, setGroup] = useState(channel.channel_group.join('\n'));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const parsedGroup = parseGroupEmails(group);
  const errors = {
    name: nameError(name, channels, channel.channel_id),
    group: groupError(parsedGroup.invalid),
  };
  const title = channelTitle(channel);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (errors.name || errors.group || !actions.connected) return;
    void actions.update(channel, {
      name: name.trim(),
      is_public: isPublic,
      enabled,
      channel_group: parsedGroup.emails,
    });
    onClose();
  };

  const remove = () => {
    if (!actions.connected) return;
    setConfirmDelete(false);
    void actions.remove(channel);
    onClose();
    onDeleted();
  };

  return (
    <>
      <FormDialog
        open={open}
        title="Channel settings"
        onClose={onClose}
        onSubmit={save}
        actions={<Button onClick={onClose}>Close</Button>}
      >
        <Stack spacing={2}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            error={errors.name !== null}
            helperText={errors.name}
          />
          <SwitchField label="Public" checked={isPublic} onChange={setIsPublic} />
          <SwitchField label="Enabled" checked={enabled} onChange={setEnabled} />
          {!enabled ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
              A disabled channel is hidden from students and nobody can post in it.
            </Typography>
          ) : null}
          <GroupEmailsField
            value={group}
            onChange={setGroup}
            error={errors.group}
            help="People with these e-mails see this as their own channel."
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
      </FormDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${title}”?`}
        confirmLabel="Delete"
        onClose={() => setConfirmDelete(false)}
        onConfirm={remove}
      >
        The channel and its messages will no longer be shown to anyone in the class.
      </ConfirmDialog>
    </>
  );
}
