// Docs: docs/classes.md#who-may-do-what — channels.
import { canManageClass } from '../classes/policies';

/** Instructors and class admins create, change and delete channels and their members. */
export const canManageChannels = canManageClass;
