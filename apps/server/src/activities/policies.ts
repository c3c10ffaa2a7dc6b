// Docs: ../shared/DESIGN.md §2 "Who may do what" — activities.
import { canManageClass } from '../classes/policies';

/** Instructors and class admins create, edit, enable/disable and delete activities. */
export const canManageActivities = canManageClass;
