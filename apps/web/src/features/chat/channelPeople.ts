// Docs: docs/channels.md#members-panel — who is in a channel (SPEC §4), for the members panel, the
// mention picker and the chat's names. Its own module so the chat's first load does not need the
// members panel (a dialog loaded when opened).
import {
  displayName,
  type ChannelMember,
  type ChannelView,
  type RosterEntry,
} from '@seminar/shared';

/** One person in a channel, and what makes them a member. */
export interface ChannelPerson {
  uid: string;
  name: string;
  /** Shown to instructors and class admins only (null otherwise). */
  email: string | null;
  via: 'class' | 'enrolled' | 'group';
}

const nameOf = (name: string, email: string | null) => displayName(name) || email || 'Someone';
const byName = (a: ChannelPerson, b: ChannelPerson) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.uid.localeCompare(b.uid);

/** Enabled class members with an account, once each. */
function classPeople(roster: readonly RosterEntry[]): ChannelPerson[] {
  const byUid = new Map<string, ChannelPerson>();
  for (const entry of roster) {
    if (entry.uid === null || entry.deleted || entry.invited || !entry.enabled) continue;
    if (byUid.has(entry.uid)) continue;
    byUid.set(entry.uid, {
      uid: entry.uid,
      name: nameOf(entry.name, entry.email),
      email: entry.email,
      via: 'class',
    });
  }
  return [...byUid.values()];
}

/**
 * The members of a channel (SPEC §4): everyone in the class for a public channel; for a private one
 * the enrolled people still active in the class and the class members whose e-mail is in its group. Also, for the "Add
 * member" picker, the class members who are not in it yet. Both by name.
 */
export function channelPeople(
  channel: Pick<ChannelView, 'is_public' | 'channel_group'>,
  roster: readonly RosterEntry[],
  enrolled: readonly ChannelMember[],
): { members: ChannelPerson[]; candidates: ChannelPerson[] } {
  const inClass = classPeople(roster);
  if (channel.is_public) return { members: inClass.sort(byName), candidates: [] };
  const group = new Set(channel.channel_group.map((email) => email.toLowerCase()));
  const members = new Map<string, ChannelPerson>();
  // An enrolled person disabled or removed in the class is no member: the server leaves them out of
  // the enrolment it sends, and the live roster takes them out here the moment it changes.
  const active = new Set(inClass.map((person) => person.uid));
  for (const row of enrolled) {
    if (row.deleted || !row.enabled || !active.has(row.uid)) continue;
    members.set(row.uid, {
      uid: row.uid,
      name: nameOf(row.name, row.email),
      email: row.email,
      via: 'enrolled',
    });
  }
  for (const person of inClass) {
    if (members.has(person.uid) || !person.email || !group.has(person.email.toLowerCase()))
      continue;
    members.set(person.uid, { ...person, via: 'group' });
  }
  return {
    members: [...members.values()].sort(byName),
    candidates: inClass.filter((person) => !members.has(person.uid)).sort(byName),
  };
}
