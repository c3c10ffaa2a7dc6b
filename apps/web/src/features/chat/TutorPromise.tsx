// Docs: docs/ai.md#tutor-modes — the tutor mode's one-line promise above a case channel's messages,
// so students know how the agents answer here ("This tutor won't give final answers…").
import Alert from '@mui/material/Alert';
import { tutorLabel, tutorPromise, type Activity } from '@seminar/shared';

/**
 * The promise of the case activity's tutor mode. Nothing when no mode or no AI product is set, nor
 * on a server without a language model (`llmConfigured` not true): a mode shapes model answers only,
 * and promising it where no model answers would mislead.
 */
export function TutorPromise({
  activity,
  llmConfigured,
}: {
  activity: Activity;
  llmConfigured: boolean | null;
}) {
  const promise =
    activity.product_id && llmConfigured === true ? tutorPromise(activity.ai_tutor) : null;
  if (!promise || !activity.ai_tutor) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="note"
      aria-label="AI tutor mode"
      sx={{ mx: 1, my: 0.5, py: 0 }}
    >
      {`${tutorLabel(activity.ai_tutor.mode)} tutor: ${promise}`}
    </Alert>
  );
}
