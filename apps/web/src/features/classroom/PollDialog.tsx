// Docs: docs/polls.md — "New poll" (instructors and class admins): a question, 2–10 options, one or
// several choices, anonymous or named, results live or after closing. Checked with the same rules
// as the server (pollOptionsProblem) before it is sent.
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
  pollOptionsProblem,
  type PollResults,
} from '@seminar/shared';
import { useClassroomActions } from '../../data/polls';
import { FormDialog } from '../common/FormDialog';

export function PollDialog({
  classId,
  channelId,
  onClose,
}: {
  classId: string;
  channelId: string;
  onClose: () => void;
}) {
  const actions = useClassroomActions(classId, channelId);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [results, setResults] = useState<PollResults>('live');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (question.trim() === '') return setError('Write the question.');
    const problem = pollOptionsProblem(options);
    if (problem) return setError(`${problem}.`);
    setSubmitting(true);
    const refused = await actions.createPoll({
      question: question.trim(),
      options: options.map((option) => option.trim()),
      multiple,
      anonymous,
      results,
    });
    setSubmitting(false);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <FormDialog
      open
      title="New poll"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      error={error}
      submitLabel="Post poll"
      submitting={submitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          autoFocus
          required
          slotProps={{ htmlInput: { maxLength: POLL_QUESTION_MAX_LENGTH } }}
        />
        {options.map((option, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={`Option ${index + 1}`}
              value={option}
              onChange={(event) =>
                setOptions((current) =>
                  current.map((text, at) => (at === index ? event.target.value : text)),
                )
              }
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: POLL_OPTION_MAX_LENGTH } }}
            />
            <IconButton
              aria-label={`Remove option ${index + 1}`}
              disabled={options.length <= POLL_MIN_OPTIONS}
              onClick={() => setOptions((current) => current.filter((_, at) => at !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Button
          onClick={() => setOptions((current) => [...current, ''])}
          disabled={options.length >= POLL_MAX_OPTIONS}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add option
        </Button>
        <FormControlLabel
          control={<Switch checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />}
          label="Allow several choices"
        />
        <FormControlLabel
          control={<Switch checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />}
          label="Anonymous (nobody sees who voted what)"
        />
        <TextField
          select
          label="Students see the results"
          value={results}
          onChange={(event) => setResults(event.target.value === 'closed' ? 'closed' : 'live')}
        >
          <MenuItem value="live">As votes come in</MenuItem>
          <MenuItem value="closed">After the poll closes</MenuItem>
        </TextField>
      </Stack>
    </FormDialog>
  );
}
