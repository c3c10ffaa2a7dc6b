// Docs: docs/ai.md#moderation, docs/ai.md#the-spend-as-it-happens — on an activity's card, for its
// instructors and class admins only: the flagged exchanges nobody has handled yet (a badge linking
// to the review, and a browser notification while the page is hidden), the AI spend so far and the
// warning once 80 % of the budget is used. Live (`moderation.watch`): a flag raised or handled, an
// answer written, on any node, shows at once.
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlagIcon from '@mui/icons-material/Flag';
import { budgetShareText, countOf, type Activity, type AiWatchRow } from '@seminar/shared';
import { useAiWatch } from '../../data/aiWatch';
import { activityReviewPath } from '../../routes/paths';
import { formatPrice } from '../../shell/currency';

const plural = (count: number, one: string, other: string) => countOf(count, { one, other });

/** "AI spend so far: $0.28 (tokens) · 80 % of the budget". */
export function spendText(row: AiWatchRow): string {
  const spend =
    row.spend === null
      ? 'no price set'
      : `${formatPrice(row.spend)}${row.spend_basis === 'seats' ? ' (per-seat price × students)' : ` (${row.tokens.toLocaleString()} tokens)`}`;
  const share = row.budget_share === null ? '' : ` · ${budgetShareText(row.budget_share)}`;
  return `AI spend so far: ${spend}${share}`;
}

/** Tells staff with the page hidden that a new flag was raised (if they allowed notifications). */
function useFlagNotification(activity: Activity, unhandled: number | undefined) {
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = unhandled;
    if (before === undefined || unhandled === undefined || unhandled <= before) return;
    if (document.visibilityState !== 'hidden') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification(`Flagged AI exchange in ${activity.title}`, {
      body: 'A question or an answer was held back. Review it in the activity’s exchanges.',
      tag: `ai-flag-${activity.activity_id}`,
    });
  }, [activity, unhandled]);
}

export function AiWatchLine({ activity }: { activity: Activity }) {
  const watch = useAiWatch(activity.class_id, true);
  const row = watch.rows.find((item) => item.activity_id === activity.activity_id);
  useFlagNotification(activity, row?.unhandled_flags);
  if (!row) return null;
  const review = activityReviewPath(activity.class_id, activity.activity_id);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {row.unhandled_flags > 0 ? (
          <Chip
            size="small"
            variant="outlined"
            // The label in the text colour (white on the warning orange is 3.1:1, under WCAG's
            // 4.5:1); the flag icon carries the colour.
            icon={<FlagIcon color="warning" />}
            clickable
            component={RouterLink}
            to={review}
            label={plural(row.unhandled_flags, 'flagged exchange', 'flagged exchanges')}
            aria-label={`${plural(row.unhandled_flags, 'flagged exchange', 'flagged exchanges')} to review in ${activity.title}`}
          />
        ) : null}
        <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
          {spendText(row)}
        </Typography>
      </Stack>
      {row.warned_at !== null ? (
        <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
          This activity has used {budgetShareText(row.budget_share ?? 0.8)}: its agents stop
          answering when the budget is used up. Raise the budget to keep them answering.
        </Alert>
      ) : null}
    </Stack>
  );
}
