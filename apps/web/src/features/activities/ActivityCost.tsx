// Docs: docs/ai.md#cost-preview — what an activity's AI product costs its class: the product's
// price_per_user × the class's enrolled students (the live roster: enabled student entries, no
// invitations), with the product's billing name. Shown as a confirm step before a product is
// attached (ActivityDialog) and on the activity's card for instructors and class admins.
import { useMemo, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cannotAnswerNote, type PublicProduct } from '@seminar/shared';
import { useRoster } from '../../data/classes';
import { costWithBilling, enrolledStudentCount, priceText } from '../catalogue/catalogue';

/** The class's enrolled students: a count, or null with why (still counting, or an error). */
export interface StudentCount {
  count: number | null;
  /** Why the students could not be counted; null while counting or once counted. */
  error: string | null;
}

/** Counts the enrolled students of `classId` from its live roster (null: do not subscribe). */
export function useStudentCount(classId: string | null): StudentCount {
  const roster = useRoster(classId);
  return useMemo(
    () => ({
      count: roster.status === 'ready' ? enrolledStudentCount(roster.rows) : null,
      error:
        roster.status === 'error' || roster.status === 'ended'
          ? (roster.error ?? roster.endedReason ?? 'The roster could not be loaded.')
          : null,
    }),
    [roster.status, roster.rows, roster.error, roster.endedReason],
  );
}

type Priced = Pick<PublicProduct, 'title' | 'price_per_user' | 'product_billing_name'>;

/**
 * The cost in one line: "Cost for Chemistry: $4.50 per student × 3 students = $13.50 per term ·
 * Billing: Analyst seat"; while counting, or when the roster failed, what is known.
 */
export function costLine(product: Priced, className: string, students: StudentCount): string {
  if (students.count !== null)
    return `Cost for ${className}: ${costWithBilling(product, students.count)}`;
  if (students.error)
    return `The students of ${className} could not be counted (${students.error}). Price: ${priceText(product.price_per_user)}.`;
  return `Counting the students of ${className}…`;
}

/**
 * The confirm step's content: which product joins which activity and what it costs. The cost line
 * takes the focus when the step opens (it is what the instructor confirms), so a screen reader
 * reads it first.
 */
export function CostConfirmation({
  product,
  productId,
  activityTitle,
  className,
  students,
  llmConfigured = null,
  ref,
}: {
  product: (Priced & Pick<PublicProduct, 'ai_agent_refs'>) | null;
  productId: string;
  activityTitle: string;
  className: string;
  students: StudentCount;
  /** Whether the server runs LLM agents (null: unknown): a product's silent agents are named. */
  llmConfigured?: boolean | null;
  /** The cost line (focused when the step opens). */
  ref?: Ref<HTMLParagraphElement>;
}) {
  const agents = product?.ai_agent_refs ?? [];
  const silent = cannotAnswerNote(agents, llmConfigured);
  return (
    <Stack spacing={2}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        “{product?.title ?? productId}”{agents.length > 0 ? ` (${agents.join(', ')})` : ''} will be
        used in “{activityTitle}”.
      </Typography>
      <Typography
        ref={ref}
        tabIndex={-1}
        role="status"
        sx={{
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          overflowWrap: 'anywhere',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        {product
          ? costLine(product, className, students)
          : 'This product is not in the catalogue (or the catalogue is still loading): its price is unknown.'}
      </Typography>
      {silent ? <Alert severity="warning">{silent}</Alert> : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The cost follows the class’s enrolled students; the activity’s card keeps showing it.
      </Typography>
    </Stack>
  );
}
