// Docs: docs/classes.md#who-may-do-what — activities.
import { canManageClass } from '../classes/policies';

/** Instructors and class admins create, edit, enable/disable and delete activities. */
export const canManageActivities = canManageClass;
