// Docs: docs/ai.md#moderation — a flagged exchange in the review: its category and what kind of
// thing was found, who marked it handled and when, or a "Mark handled" button (staff only: the
// review page is theirs alone). Nothing for an exchange that was never flagged.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlagIcon from '@mui/icons-material/Flag';
import { MODERATION_CATEGORY_LABELS, type Activity, type AgentExchange } from '@seminar/shared';
import { useMarkFlagHandled } from '../../data/aiWatch';

export function FlagCell({ row, activity }: { row: AgentExchange; activity: Activity }) {
  const mark = useMarkFlagHandled();
  if (row.flag === null) return null;
  const label = MODERATION_CATEGORY_LABELS[row.flag];
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 150 }}>
      <Chip
        size="small"
        variant="outlined"
        // The label in the text colour (white on the warning orange is under 4.5:1); the icon is
        // orange while the flag waits.
        icon={<FlagIcon color={row.flag_handled_at === null ? 'warning' : 'disabled'} />}
        label={label}
      />
      {row.flag_detail ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Found: {row.flag_detail}
        </Typography>
      ) : null}
      {row.flag_handled_at !== null ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Handled by {row.flag_handled_by_name} · {new Date(row.flag_handled_at).toLocaleString()}
        </Typography>
      ) : (
        <Button
          size="small"
          variant="outlined"
          disabled={mark.isPending}
          aria-label={`Mark handled: ${label}, ${row.author_name}`}
          onClick={() =>
            mark.mutate({
              class_id: activity.class_id,
              activity_id: activity.activity_id,
              job_id: row.job_id,
            })
          }
        >
          Mark handled
        </Button>
      )}
      {mark.isError ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {mark.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
