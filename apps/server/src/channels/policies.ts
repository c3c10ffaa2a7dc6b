// Docs: ../shared/DESIGN.md §2 "Who may do what" — channels.
import { canManageClass } from '../classes/policies';

/** Instructors and class admins create, change and delete channels and their members. */
export const canManageChannels = canManageClass;
