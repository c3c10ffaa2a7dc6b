// Docs: docs/ai.md#usage-budget-and-rate-limit — an activity's agent usage and budget on its card,
// for instructors and class admins: what was used, a dialog to set the budget, and the link to the
// activity's review page (docs/ai.md#instructor-review).
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Activity } from '@seminar/shared';
import { useAgentUsage } from '../../data/activities';
import { activityReviewPath } from '../../routes/paths';
import { FormDialog } from '../common/FormDialog';

const count = (value: number) => value.toLocaleString();

/** "3 answers · 2 analyses · 0 tokens · budget 10 answers" and a "Budget" button. */
export function AgentBudget({
  activity,
  onSave,
}: {
  activity: Activity;
  onSave: (answers: number | null, tokens: number | null) => void;
}) {
  const usage = useAgentUsage(activity.class_id, activity.activity_id, true);
  const [open, setOpen] = useState(false);
  const data = usage.data;
  const budget = [
    activity.ai_budget_answers !== null ? `${count(activity.ai_budget_answers)} answers` : null,
    activity.ai_budget_tokens !== null ? `${count(activity.ai_budget_tokens)} tokens` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {data
          ? `Agent use: ${count(data.answers)} answers · ${count(data.analyses)} analyses · ${count(
              data.input_tokens + data.output_tokens,
            )} tokens${data.refused ? ` · ${count(data.refused)} refused` : ''}`
          : 'Agent use: …'}
        {` · Budget: ${budget || 'no limit'}`}
      </Typography>
      <Button size="small" onClick={() => setOpen(true)}>
        Budget
      </Button>
      <Button
        size="small"
        component={RouterLink}
        to={activityReviewPath(activity.class_id, activity.activity_id)}
      >
        Review exchanges
      </Button>
      {open ? (
        <BudgetDialog
          activity={activity}
          onClose={() => setOpen(false)}
          onSave={(answers, tokens) => {
            onSave(answers, tokens);
            setOpen(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** A whole number, or null for an empty field; undefined when it is neither. */
function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : undefined;
}

function BudgetDialog({
  activity,
  onClose,
  onSave,
}: {
  activity: Activity;
  onClose: () => void;
  onSave: (answers: number | null, tokens: number | null) => void;
}) {
  const [answers, setAnswers] = useState(activity.ai_budget_answers?.toString() ?? '');
  const [tokens, setTokens] = useState(activity.ai_budget_tokens?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const a = parseLimit(answers);
    const t = parseLimit(tokens);
    if (a === undefined || t === undefined) {
      setError('Enter whole numbers, or leave a field empty for no limit.');
      return;
    }
    onSave(a, t);
  };
  return (
    <FormDialog
      open
      title={`Agent budget of ${activity.title}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Past the budget the agents say so once and stop answering in this activity. Empty: no limit.
      </Typography>
      <TextField
        label="Most answers"
        value={answers}
        onChange={(event) => setAnswers(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Most model tokens"
        value={tokens}
        onChange={(event) => setTokens(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </FormDialog>
  );
}
