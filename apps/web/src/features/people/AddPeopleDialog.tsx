// "Add people": e-mails pasted (one per line or comma-separated) or a CSV (`email,name` or
// `name,email`) pasted or uploaded, and a role. Lines that cannot be read are listed before
// anything is sent; afterwards the dialog says who was added, who was invited (no account yet:
// they join when they sign up with that address) and who was already a member.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { countOf, membersAddInputSchema, plural, type Role } from '@seminar/shared';
import { useRosterActions, type AddPeopleResult } from '../../data/classes';
import { NOT_CONNECTED_MESSAGE } from '../../data/connection';
import { describeError } from '../../live/errors';
import { roleLabel } from '../classes/classText';
import { FormDialog } from '../common/FormDialog';
import { parsePeople } from './parsePeople';

export type { AddPeopleResult };

export function AddPeopleDialog({
  classId,
  open,
  onClose,
  roles,
  initialRole = 'student',
}: {
  classId: string;
  open: boolean;
  onClose: () => void;
  /** The roles the viewer may add people with (`can`, packages/shared), in the menu's order. */
  roles: readonly Role[];
  initialRole?: Role | undefined;
}) {
  const { addMembers } = useRosterActions(classId);
  const [text, setText] = useState('');
  const [role, setRole] = useState<Role>(initialRole);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<AddPeopleResult | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const parsed = parsePeople(text);
  const count = parsed.people.length;

  const close = () => {
    if (sending) return;
    onClose();
    // Start afresh next time.
    setText('');
    setError(null);
    setResult(null);
    setRole(initialRole);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const content = await file.text();
      setText((current) => (current.trim() ? `${current.trimEnd()}\n${content}` : content));
      setError(null);
    } catch {
      setError('That file could not be read. Save it as CSV (comma-separated) and try again.');
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (count === 0) {
      setError(
        text.trim()
          ? 'None of the lines has a valid email address.'
          : 'Enter at least one email address.',
      );
      return;
    }
    const checked = membersAddInputSchema.safeParse({
      class_id: classId,
      role,
      people: parsed.people,
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Some of the addresses are not valid.');
      return;
    }
    const sent = addMembers(checked.data);
    if (!sent) {
      setError(NOT_CONNECTED_MESSAGE);
      return;
    }
    setSending(true);
    setError(null);
    try {
      setResult(await sent);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={result ? 'People added' : 'Add people'}
      onClose={close}
      onSubmit={(event) => void onSubmit(event)}
      error={result ? null : error}
      actions={
        result ? (
          <Button variant="contained" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={sending} disabled={count === 0}>
              {count > 0 ? `Add ${countOf(count, { one: 'person', other: 'people' })}` : 'Add'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ResultSummary result={result} role={role} />
      ) : (
        <Stack spacing={2}>
          <TextField
            label="Email addresses"
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            helperText="One per line or separated by commas. A CSV with email and name columns works too."
            disabled={sending}
          />
          <Box>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              hidden
              onChange={(event) => void onFile(event)}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={sending}
            >
              Upload CSV
            </Button>
          </Box>
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            disabled={sending}
            sx={{ maxWidth: 240 }}
          >
            {roles.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {roleLabel(choice)}
              </MenuItem>
            ))}
          </TextField>
          <Preview parsed={parsed} hasText={text.trim() !== ''} />
        </Stack>
      )}
    </FormDialog>
  );
}

function Preview({
  parsed,
  hasText,
}: {
  parsed: ReturnType<typeof parsePeople>;
  hasText: boolean;
}) {
  if (!hasText) return null;
  const { people, invalid, duplicates } = parsed;
  return (
    <Stack spacing={1} aria-live="polite">
      <Typography variant="body2">
        {people.length === 0
          ? 'No valid email addresses yet.'
          : `${countOf(people.length, { one: 'address', other: 'addresses' })} ready to add.`}
        {duplicates.length > 0 &&
          ` ${duplicates.length} given more than once ${plural(duplicates.length, { one: 'is', other: 'are' })} added once.`}
      </Typography>
      {invalid.length > 0 && (
        <Alert severity="warning">
          <Typography variant="body2" component="p" sx={{ mb: 0.5 }}>
            {plural(invalid.length, {
              one: 'This line will be skipped:',
              other: `These ${countOf(invalid.length, { one: 'line', other: 'lines' })} will be skipped:`,
            })}
          </Typography>
          <List dense disablePadding aria-label="Lines that will be skipped">
            {invalid.slice(0, 20).map((line) => (
              <ListItem key={line.line} disableGutters sx={{ py: 0 }}>
                <ListItemText
                  primary={`Line ${line.line}: “${line.text}” ${line.reason}`}
                  slotProps={{ primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
            {invalid.length > 20 && (
              <ListItem disableGutters sx={{ py: 0 }}>
                <ListItemText primary={`…and ${invalid.length - 20} more`} />
              </ListItem>
            )}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

function ResultSummary({ result, role }: { result: AddPeopleResult; role: Role }) {
  const roleWord = roleLabel(role).toLowerCase();
  const groups: { title: string; emails: string[] }[] = [
    { title: `Added as ${roleWord}`, emails: result.added },
    {
      title: 'Invited — no account yet; they join when they sign up with this address',
      emails: result.invited,
    },
    { title: `Already ${roleWord}s`, emails: result.already },
    {
      title:
        'Not mailed yet — you reached the limit on invitation mails for now; their invitations stand, use Resend in an hour',
      emails: result.unmailed,
    },
  ];
  return (
    <Stack spacing={2} role="status">
      <Typography>
        {[
          `${result.added.length} added`,
          `${result.invited.length} invited`,
          `${result.already.length} already members`,
          ...(result.unmailed.length > 0 ? [`${result.unmailed.length} not mailed yet`] : []),
        ].join(', ')}
        .
      </Typography>
      {groups
        .filter((group) => group.emails.length > 0)
        .map((group) => (
          <Box key={group.title}>
            <Typography component="h3" variant="subtitle2">
              {group.title}
            </Typography>
            <List dense disablePadding>
              {group.emails.map((email) => (
                <ListItem key={email} disableGutters sx={{ py: 0 }}>
                  <ListItemText primary={email} sx={{ overflowWrap: 'anywhere' }} />
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
    </Stack>
  );
}
