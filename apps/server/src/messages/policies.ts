// Docs: docs/classes.md#who-may-do-what — messages.
import { can, type Role } from '@seminar/shared';

/** Only the author edits a message. */
export function canEditMessage(
  viewerUid: string,
  message: { author_uid: string; deleted: boolean },
): boolean {
  return !message.deleted && message.author_uid === viewerUid;
}

/** The author deletes their own; whoever may moderate messages (`can`) deletes any. */
export function canDeleteMessage(
  viewerUid: string,
  role: Role,
  message: { author_uid: string },
): boolean {
  return message.author_uid === viewerUid || can(role, 'messages.moderate');
}
