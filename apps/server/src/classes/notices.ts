// Docs: docs/classes.md#live-queries — which live queries a class or membership change touches.
import type { CommandScope } from '../live/commands';
import { accessSignal } from '../live/signals';
import { watchTopic } from '../moderation/watch';
import { myClassesTopic, publicClassesTopic, rosterTopic } from './live';
import { inviteEntryId, memberEntryId } from './presenters';

type Announce = CommandScope['announce'];

/** A class row changed: its members' "my classes", and the public list when it is or was public. */
export function announceClass(
  announce: Announce,
  classId: string,
  publicBeforeOrAfter: boolean,
): void {
  announce({ topic: myClassesTopic, key: classId, ids: [classId] });
  if (publicBeforeOrAfter) announce({ topic: publicClassesTopic, key: 'all', ids: [classId] });
}

/**
 * A membership changed: the roster line, the member's "my classes" (it may gain or lose a class),
 * every live query of that member in the class (its access may have changed), and for a student
 * the staff's AI watch (the per-seat spend counts the students).
 */
export function announceMembership(
  announce: Announce,
  classId: string,
  role: string,
  uid: string,
): void {
  announce({ topic: rosterTopic, key: classId, ids: [memberEntryId(role, uid)] });
  announce({ topic: myClassesTopic, key: `user:${uid}`, ids: null });
  announce({ topic: accessSignal, key: classId, ids: null, uid });
  // The students counted in a per-seat AI spend (docs/ai.md#the-spend-as-it-happens).
  if (role === 'student') announce({ topic: watchTopic, key: classId, ids: null });
}

/** An invitation changed: only the roster shows it. */
export function announceInvitation(
  announce: Announce,
  classId: string,
  role: string,
  email: string,
): void {
  announce({ topic: rosterTopic, key: classId, ids: [inviteEntryId(role, email)] });
}
