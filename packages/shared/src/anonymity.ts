// Docs: docs/activities.md#anonymity — the pure rules of an anonymous activity: who sees a real
// name and who a pseudonym, the pseudonym's words and generated avatar, the key that stands for an
// author in every wire shape a student gets, and when an instructor may switch anonymity on.
import type { PhaseState } from './phases';
import { makeRecordId } from './recordId';
import type { Message } from './schemas/message';

/** The words of pseudonym `number` ("Participant 7"). */
export function pseudonymLabel(number: number): string {
  return `Participant ${number}`;
}

/**
 * The key that stands for a pseudonymous author (and reactor, typist) in what a student receives:
 * stable within the activity, different between activities, and made of nothing but the activity
 * and the number — never the user id.
 */
export function pseudonymKey(activityId: string, number: number): string {
  return `anon:${activityId}:${number}`;
}

/** Is `key` a pseudonym key ({@link pseudonymKey}) rather than a user id? */
export function isPseudonymKey(key: string): boolean {
  return /^anon:[^:]+:\d+$/.test(key);
}

/** The key every student other than the viewer gets in typing and presence: nobody in particular. */
export const SOMEONE_KEY = 'anon:someone';
/** The name that goes with {@link SOMEONE_KEY}. */
export const SOMEONE_NAME = 'Someone';

/** A generated avatar: initials and colours derived from the number alone (no name goes in). */
export interface PseudonymAvatar {
  initials: string;
  /** Background colour (hsl). */
  background: string;
  /** Text colour on it (chosen for contrast: white on dark, near-black on light). */
  color: string;
}

/**
 * The avatar of pseudonym `number`: "P7" on a hue spread by the golden angle, so neighbouring
 * numbers look different; always the same for the same number, on every device.
 */
export function pseudonymAvatar(number: number): PseudonymAvatar {
  const n = Math.max(1, Math.floor(number));
  const hue = Math.round((n * 137.508) % 360);
  // Darker for hues where white text would fail contrast at 40 % lightness (yellows, greens, cyans).
  const light = hue >= 40 && hue <= 200 ? 28 : 40;
  return { initials: `P${n}`, background: `hsl(${hue} 65% ${light}%)`, color: '#ffffff' };
}

/** Who is looking: staff (instructors, class admins) or a student, and which user. */
export interface AnonViewer {
  uid: string;
  staff: boolean;
}

/** An author as stored: their user id, name, and pseudonym number in the activity (null: none). */
export interface AnonAuthor {
  uid: string;
  name: string;
  pseudonym: number | null;
}

/** An author as one viewer sees them. */
export interface ShownAuthor {
  /** The user id, or a pseudonym key for a student viewer. */
  key: string;
  name: string;
  /** The pseudonym beside the real name (staff viewers), or null. */
  pseudonym: string | null;
}

/**
 * How `viewer` sees `author` in an anonymous activity's case channel. A post without a pseudonym
 * (staff, agents, posts from before anonymity was switched on) shows as it is. Staff see the real
 * name and the pseudonym beside it. Students see the pseudonym — for every student's post, their
 * own included: the wire shape for students is one per lens, not per viewer, so the web recognises
 * its own posts by its own pseudonym key and shows "You" (docs/activities.md#anonymity).
 */
export function shownAuthor(
  activityId: string,
  viewer: AnonViewer,
  author: AnonAuthor,
): ShownAuthor {
  if (author.pseudonym === null) return { key: author.uid, name: author.name, pseudonym: null };
  if (viewer.staff)
    return { key: author.uid, name: author.name, pseudonym: pseudonymLabel(author.pseudonym) };
  return {
    key: pseudonymKey(activityId, author.pseudonym),
    name: pseudonymLabel(author.pseudonym),
    pseudonym: null,
  };
}

/** Does a viewer get pseudonyms instead of students' names (a student in an anonymous activity)? */
export function seesPseudonyms(anonymous: boolean, viewer: { staff: boolean }): boolean {
  return anonymous && !viewer.staff;
}

/** Why anonymity cannot be switched on now, or null when it can. It is never switched off. */
export type AnonymityRefusal = 'already' | 'started';

/**
 * Anonymity may be switched on only before the first phase starts (`idle`): once students have
 * posted under a phase with their names, a pseudonym would only hide what they already showed, and
 * switching it off would reveal every author — so there is no "off".
 */
export function anonymityRefusal(activity: {
  anonymous: boolean;
  phase_state: PhaseState;
}): AnonymityRefusal | null {
  if (activity.anonymous) return 'already';
  if (activity.phase_state !== 'idle') return 'started';
  return null;
}

/** The sentence for a refusal. */
export function anonymityRefusalMessage(reason: AnonymityRefusal): string {
  return reason === 'already'
    ? 'This activity is already anonymous. Anonymity cannot be switched off.'
    : 'Anonymity can only be switched on before the first phase starts.';
}

/**
 * How the web names a post's author: "You (Participant 7)" on a student's own pseudonymous post,
 * "Name (Participant 7)" for staff, otherwise the name as shown.
 */
export function authorLabel(
  shown: { key: string; name: string; pseudonym: string | null },
  selfPseudonymKey: string | null,
): string {
  if (selfPseudonymKey !== null && shown.key === selfPseudonymKey) return `You (${shown.name})`;
  return shown.pseudonym ? `${shown.name} (${shown.pseudonym})` : shown.name;
}

/**
 * A message as a student sees it in an anonymous activity's case channel: a pseudonymous author's
 * id and name replaced by the pseudonym key and label, every reactor who has a pseudonym by theirs,
 * and the staff-only map of reactors' pseudonyms dropped. The same for every student (the live
 * kernel encodes it once per lens). Posts without a pseudonym keep their author (staff, agents,
 * posts from before the switch), as do reactors without one (staff; reactions from before).
 */
export function pseudonymizeMessage(message: Message, activityId: string): Message {
  const { pseudonyms, ...rest } = message;
  const keyOf = (uid: string) => {
    const number = pseudonyms?.[uid];
    return number === undefined ? uid : pseudonymKey(activityId, number);
  };
  const authorNumber = message.pseudonym;
  return {
    ...rest,
    ...(authorNumber === undefined
      ? {}
      : {
          author_uid: pseudonymKey(activityId, authorNumber),
          author_name: pseudonymLabel(authorNumber),
        }),
    reactions: message.reactions.map((reaction) => ({
      emoji: reaction.emoji,
      uids: reaction.uids.map(keyOf),
    })),
  };
}

/**
 * A new message's id. Client-made ids usually carry the author's uid (makeRecordId's identifier),
 * and a message's id reaches everyone who sees it — so a message id carries no uid at all: in an
 * anonymous case channel it would name the author. Time and the random suffix keep ids unique.
 */
export function newMessageId(): string {
  return makeRecordId('msg', 'post');
}

/** How one viewer gets a typing or online notice in a case channel. */
export type NoticeShown = 'as_is' | 'someone' | 'hidden';

/**
 * A typing or online notice as `viewer` may get it (docs/activities.md#anonymity): staff get every
 * notice as it is, and everyone gets their own and staff's. A student whom a post-first phase hides
 * classmates' posts from gets no classmate's notice at all (who is writing would say who posted);
 * in an anonymous activity's case channel a classmate's notice is "Someone".
 */
export function noticeShown(
  viewer: { uid: string; staff: boolean; hiddenByPhase: boolean; anonymous: boolean },
  notice: { from: string; fromStaff: boolean },
): NoticeShown {
  if (viewer.staff || notice.from === viewer.uid || notice.fromStaff) return 'as_is';
  if (viewer.hiddenByPhase) return 'hidden';
  return viewer.anonymous ? 'someone' : 'as_is';
}
