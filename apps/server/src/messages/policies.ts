// Docs: docs/classes.md#who-may-do-what — messages.
import { hasInstructorPowers, type Role } from '@seminar/shared';

/** Only the author edits a message. */
export function canEditMessage(
  viewerUid: string,
  message: { author_uid: string; deleted: boolean },
): boolean {
  return !message.deleted && message.author_uid === viewerUid;
}

/** The author deletes their own; instructors and class admins delete any. */
export function canDeleteMessage(
  viewerUid: string,
  role: Role,
  message: { author_uid: string },
): boolean {
  return message.author_uid === viewerUid || hasInstructorPowers(role);
}
