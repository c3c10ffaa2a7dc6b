// Docs: docs/debrief.md#the-ai-summary — "Summarize the discussion": the summary streams in live
// (the server writes it as the model answers); each citation `[m:<id>]` the server kept shows as a
// link that opens the channel at that message. Without a model the section says how to enable one.
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messageLinkPath, type Activity, type DebriefSummary } from '@seminar/shared';
import { useDebriefActions, useSummary } from '../../data/debrief';
import { useLlmConfigured } from '../../data/products';
import { LoadError } from '../common/EmptyState';
import { Loading } from '../common/Loading';

const CITATION = /\[m:([A-Za-z0-9_-]{1,200})\]/g;

/** One line of the summary with its citations as numbered links ("source 1" …). */
function Line({
  line,
  summary,
  classId,
  numbers,
}: {
  line: string;
  summary: DebriefSummary;
  classId: string;
  numbers: Map<string, number>;
}) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(CITATION)) {
    parts.push(line.slice(last, match.index));
    last = match.index + match[0].length;
    const citation = summary.citations.find((c) => c.id === match[1]);
    const number = numbers.get(match[1] ?? '');
    // While streaming, a citation is shown once the server has checked it (at the end).
    if (!citation || number === undefined) continue;
    parts.push(
      <Link
        key={`${match.index}`}
        component={RouterLink}
        to={messageLinkPath({
          class_id: classId,
          channel_id: citation.channel_id,
          message_id: citation.id,
          seq: citation.seq,
        })}
        aria-label={`Source ${number}`}
        sx={{ mx: 0.25 }}
      >
        [{number}]
      </Link>,
    );
  }
  parts.push(line.slice(last));
  const heading = /^#{1,6}\s+/.exec(line);
  if (heading)
    return (
      <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
        {line.slice(heading[0].length).replace(CITATION, '')}
      </Typography>
    );
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </Typography>
  );
}

export function SummarySection({ activity }: { activity: Activity }) {
  const configured = useLlmConfigured();
  const summary = useSummary(activity.class_id, activity.activity_id, true);
  const actions = useDebriefActions(activity.class_id, activity.activity_id);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (configured === null || summary.status === 'loading')
    return <Loading label="Loading the summary" />;
  if (summary.status === 'error')
    return <LoadError message={summary.error ?? ''} onRetry={summary.retry} />;
  if (!configured)
    return (
      <Typography>
        No language model is configured on this server, so the discussion cannot be summarized. An
        administrator can enable it by setting AI_BASE_URL and AI_MODEL (see the AI page of the
        documentation).
      </Typography>
    );
  const row = summary.rows[0] ?? null;
  const numbers = new Map((row?.citations ?? []).map((c, index) => [c.id, index + 1]));
  return (
    <Stack spacing={1}>
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={row?.status === 'streaming'}
        onClick={() => void actions.summarize().then(setRefusal)}
      >
        {row ? 'Summarize again' : 'Summarize the discussion'}
      </Button>
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      {row === null ? (
        <Typography sx={{ color: 'text.secondary' }}>
          The summary lists the themes, the positions taken and by how many, and the questions still
          open, each citing the messages it rests on.
        </Typography>
      ) : (
        <Stack spacing={0.5} aria-live="polite" aria-busy={row.status === 'streaming'}>
          {row.status === 'failed' ? <Alert severity="error">{row.error}</Alert> : null}
          {row.text
            .split('\n')
            .map((line, index) =>
              line.trim() === '' ? null : (
                <Line
                  key={index}
                  line={line}
                  summary={row}
                  classId={activity.class_id}
                  numbers={numbers}
                />
              ),
            )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {row.status === 'streaming'
              ? 'AI-generated — writing…'
              : `AI-generated for ${row.updated_by_name ?? 'staff'}, ${new Date(row.updated_at).toLocaleString()}. Check it against the messages it cites.`}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
