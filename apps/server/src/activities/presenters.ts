// Docs: docs/classes.md#activities — activity row → wire shape.
import { DEFAULT_AGENT_LIMITS, type Activity } from '@seminar/shared';
import type { activities } from '../db/schema';

type ActivityRow = typeof activities.$inferSelect;

/** An activity as clients receive it. */
export function presentActivity(row: ActivityRow): Activity {
  return {
    activity_id: row.activity_id,
    class_id: row.class_id,
    title: row.title,
    description: row.description,
    activity_qualified_name: row.activity_qualified_name,
    product_id: row.product_id,
    channel_id: row.channel_id,
    ai_agent_modes: row.ai_agent_modes,
    ai_budget_answers: row.ai_budget_answers,
    ai_budget_tokens: row.ai_budget_tokens,
    // Filled with the defaults, so a setting added later reads as "no limit" on older rows.
    ai_limits: { ...DEFAULT_AGENT_LIMITS, ...row.ai_limits },
    ai_tutor: row.ai_tutor ?? null,
    start_date: row.start_date,
    due_date: row.due_date,
    enabled: row.enabled,
    deleted: row.deleted,
    pending_deleted: row.pending_deleted,
    brief: row.brief,
    brief_attachments: row.brief_attachments,
    phases: row.phases,
    phase_state: row.phase_state,
    phase_index: row.phase_index,
    phase_started_at: row.phase_started_at?.getTime() ?? null,
    phase_deadline: row.phase_deadline?.getTime() ?? null,
    phase_start_seq: row.phase_start_seq,
    anonymous: row.anonymous,
    updated_at: row.updated_at.getTime(),
    updated_by: row.updated_by,
    updated_by_name: row.updated_by_name,
    version: row.version,
  };
}
