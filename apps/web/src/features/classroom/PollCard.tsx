// Docs: docs/polls.md — one poll in the message stream: its options to vote on (radio buttons, or
// checkboxes for several choices), the counts as bars when this viewer may see them, and for staff
// closing, who voted what (named polls) and the results as CSV. What is shown is exactly what the
// server sent this viewer: a student of a results-after-close poll has no counts to show.
import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countOf, pollCsv, type PollView } from '@seminar/shared';
import { useClassroomActions } from '../../data/polls';

/** Starts the download of `text` as a CSV file. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const votesWord = (count: number) => countOf(count, { one: 'vote', other: 'votes' });

export function PollCard({
  poll,
  classId,
  channelId,
  canManage: mayManage,
  readOnly = false,
}: {
  poll: PollView;
  classId: string;
  channelId: string;
  canManage: boolean;
  /** An archived class (docs/classes.md#archive): the poll shows, nobody votes or closes it. */
  readOnly?: boolean;
}) {
  const canManage = mayManage && !readOnly;
  const locked = poll.closed || readOnly;
  const actions = useClassroomActions(classId, channelId);
  const titleId = useId();
  const [choice, setChoice] = useState<string[]>(poll.my_choice);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = poll.my_choice.join(',');
  // The server's record of the viewer's vote wins whenever it changes (another tab, a retry).
  useEffect(() => setChoice(mine === '' ? [] : mine.split(',')), [mine]);

  const voted = poll.my_choice.length > 0;
  const changed = choice.join(',') !== mine;
  const total = poll.voter_count;
  const run = async (write: () => Promise<string | null>) => {
    setBusy(true);
    setError(await write());
    setBusy(false);
  };
  const toggle = (id: string, on: boolean) =>
    setChoice((current) =>
      poll.multiple
        ? on
          ? poll.options.map((o) => o.id).filter((o) => o === id || current.includes(o))
          : current.filter((o) => o !== id)
        : [id],
    );

  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{
        my: 0.5,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        maxWidth: 520,
        bgcolor: 'background.paper',
      }}
    >
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Poll: {poll.question}
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 0.5 }}>
        <Chip size="small" label={poll.multiple ? 'Several choices' : 'One choice'} />
        <Chip size="small" label={poll.anonymous ? 'Anonymous' : 'Named'} />
        {poll.results === 'closed' ? <Chip size="small" label="Results after closing" /> : null}
        {poll.closed ? <Chip size="small" color="primary" label="Closed" /> : null}
      </Stack>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }} disabled={locked || busy}>
        <legend style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
          {poll.multiple ? 'Choose one or more' : 'Choose one'}
        </legend>
        {poll.options.map((option) => {
          const checked = choice.includes(option.id);
          const share =
            total && option.count !== null ? Math.round((option.count / total) * 100) : 0;
          const control = poll.multiple ? (
            <Checkbox
              size="small"
              checked={checked}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
          ) : (
            <Radio
              size="small"
              checked={checked}
              onChange={() => toggle(option.id, true)}
              name={`poll-${poll.id}`}
              value={option.id}
            />
          );
          return (
            <Box key={option.id} sx={{ mb: 0.5 }}>
              <FormControlLabel
                control={control}
                label={option.text}
                disabled={locked || busy}
                sx={{ mr: 0 }}
              />
              {option.count !== null ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 4 }}>
                  <LinearProgress
                    variant="determinate"
                    value={share}
                    aria-label={`${option.text}: ${votesWord(option.count)}`}
                    sx={{ flex: 1, height: 8, borderRadius: 1 }}
                  />
                  <Typography variant="caption" sx={{ minWidth: 84, textAlign: 'right' }}>
                    {votesWord(option.count)} ({share}%)
                  </Typography>
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', my: 0.5 }}>
        {total !== null
          ? `${countOf(total, { one: 'person', other: 'people' })} voted.`
          : poll.closed
            ? 'The results are not available.'
            : 'Results show when the poll closes.'}
        {voted ? ' Your vote is in.' : ''}
        {poll.anonymous ? ' Nobody, not even the instructor, sees who voted what.' : ''}
      </Typography>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} sx={{ my: 0.5 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {!locked ? (
          <Button
            size="small"
            variant="contained"
            disabled={busy || choice.length === 0 || !changed}
            onClick={() => void run(() => actions.vote(poll.id, choice))}
          >
            {voted ? 'Change vote' : 'Vote'}
          </Button>
        ) : null}
        {canManage && !poll.closed ? (
          <Button
            size="small"
            disabled={busy}
            onClick={() => void run(() => actions.closePoll(poll.id))}
          >
            Close poll
          </Button>
        ) : null}
        {mayManage ? (
          <Button
            size="small"
            onClick={() =>
              download(
                `${poll.question.slice(0, 60)} - poll results.csv`,
                pollCsv({
                  question: poll.question,
                  options: poll.options,
                  voters: poll.voters,
                }),
              )
            }
          >
            Download results (CSV)
          </Button>
        ) : null}
      </Stack>
      {poll.voters && poll.voters.length > 0 ? (
        <Box component="details" sx={{ mt: 1 }}>
          <summary>Who voted what</summary>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {poll.voters.map((voter) => (
              <li key={voter.uid}>
                {voter.name}:{' '}
                {voter.option_ids
                  .map((id) => poll.options.find((option) => option.id === id)?.text ?? id)
                  .join(', ')}
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
