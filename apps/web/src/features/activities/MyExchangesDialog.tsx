// Docs: docs/ai.md#your-own-exchanges — "My exchanges with AI agents": the viewer's own questions to
// the class's agents and the answers, per activity, and a Markdown file of them to download. Its own
// chunk, loaded when the button is first pressed.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { myExchangesMarkdown, type MyExchange } from '@seminar/shared';
import { useMyExchanges } from '../../data/activities';

const STATUS_WORDS: Readonly<Record<string, string>> = {
  queued: 'Waiting for an answer',
  running: 'Being answered',
  failed: 'The agent could not answer',
  refused: 'Not answered (a limit or the schedule)',
  skipped: 'Not answered',
};

/** Saves `text` as a Markdown file in the browser. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Exchange({ exchange }: { exchange: MyExchange }) {
  const when = new Date(exchange.asked_at).toLocaleString();
  return (
    <Stack component="li" spacing={0.5} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {when} · {exchange.agent}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <strong>You asked: </strong>
        {exchange.question === '' ? '(deleted)' : exchange.question}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <strong>{exchange.agent} answered: </strong>
        {exchange.answer ?? STATUS_WORDS[exchange.status] ?? 'No answer'}
      </Typography>
    </Stack>
  );
}

export default function MyExchangesDialog({
  classId,
  className,
  onClose,
}: {
  classId: string;
  className: string;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useMyExchanges(classId);
  const activities = query.data ?? [];
  const any = activities.some((a) => a.exchanges.length > 0);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby="my-exchanges-title"
    >
      <DialogTitle id="my-exchanges-title">My exchanges with AI agents</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            Your instructor can read your conversations with AI agents.
          </Typography>
          {query.isPending && (
            <Stack spacing={1} aria-busy="true" aria-label="Loading your exchanges">
              <Skeleton variant="rounded" height={64} />
              <Skeleton variant="rounded" height={64} />
            </Stack>
          )}
          {query.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              }
            >
              Your exchanges could not be loaded.
            </Alert>
          )}
          {query.isSuccess && !any && (
            <Typography variant="body2">You have not asked an AI agent anything yet.</Typography>
          )}
          {activities
            .filter((a) => a.exchanges.length > 0)
            .map((activity) => (
              <Stack key={activity.activity_id} component="section" spacing={1}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
                  {activity.title}
                </Typography>
                <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {activity.exchanges.map((exchange) => (
                    <Exchange key={exchange.job_id} exchange={exchange} />
                  ))}
                </Stack>
              </Stack>
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          disabled={!any}
          onClick={() =>
            download(
              `my-ai-exchanges-${className.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase() || 'class'}.md`,
              myExchangesMarkdown(className, activities, Date.now()),
            )
          }
        >
          Download (Markdown)
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
