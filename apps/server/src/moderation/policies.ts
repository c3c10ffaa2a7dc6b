// Docs: docs/ai.md#moderation — who may see and handle AI flags: the class's staff, as for every
// other staff-only AI read (the review, the usage). Pure: the role decides.
import { can, type Role } from '@seminar/shared';

/** Whether a role sees flags and spend, sets the class's moderation and marks flags handled. */
export function governsAi(role: Role): boolean {
  return can(role, 'activities.manage');
}
