// Docs: docs/ai.md#instructor-review — an activity's exchanges with its agents for its instructors:
// question, answer, time and usage per exchange, filterable by student, downloadable as CSV.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { exchangesCsv, type Activity, type AgentUsageRow } from '@seminar/shared';
import { useAgentExchanges } from '../../data/activities';

const EVERYONE = '';
const SHOWN_CHARS = 300;
const cut = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);

/** Saves `text` as a file in the browser. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The review dialog of one activity. */
export function AgentReview({
  activity,
  people,
  onClose,
}: {
  activity: Activity;
  people: readonly AgentUsageRow[];
  onClose: () => void;
}) {
  const [who, setWho] = useState(EVERYONE);
  const exchanges = useAgentExchanges(activity.class_id, activity.activity_id, who || null);
  const rows = exchanges.data ?? [];
  const titleId = `review-${activity.activity_id}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Exchanges with the agents of {activity.title}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Student"
            value={who}
            onChange={(event) => setWho(event.target.value)}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value={EVERYONE}>Everyone</MenuItem>
            {people.map((person) => (
              <MenuItem key={person.uid} value={person.uid}>
                {person.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={rows.length === 0}
            onClick={() => download(`${activity.title} - agent exchanges.csv`, exchangesCsv(rows))}
          >
            Download CSV
          </Button>
        </Stack>
        {exchanges.error ? <Alert severity="error">{exchanges.error.message}</Alert> : null}
        <Table size="small" aria-label="Exchanges">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Student</TableCell>
              <TableCell>Question</TableCell>
              <TableCell>Answer</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Tokens</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.job_id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {new Date(row.asked_at).toLocaleString()}
                </TableCell>
                <TableCell>{row.author_name}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {cut(row.question)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {row.answer === null ? '—' : cut(row.answer)}
                </TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell align="right">{row.tokens.toLocaleString()}</TableCell>
              </TableRow>
            ))}
            {exchanges.isSuccess && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>No exchanges yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
