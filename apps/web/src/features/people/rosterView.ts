// Docs: SPEC §4 (an instructor and a student profile with one uid are merged; the instructor entry
// wins unless deleted) and §5 (students see enabled people only; instructors also disabled ones).
// Turns the live roster into the People tabs: Students, Instructors, Admins.
import {
  displayName,
  hasInstructorPowers,
  isListed,
  mergeProfiles,
  ROLES,
  type Role,
  type RosterEntry,
} from '@seminar/shared';

export const PEOPLE_TABS = ['students', 'instructors', 'admins'] as const;
export type PeopleTab = (typeof PEOPLE_TABS)[number];

export const PEOPLE_TAB_LABELS: Record<PeopleTab, string> = {
  students: 'Students',
  instructors: 'Instructors',
  admins: 'Admins',
};

const TAB_ROLE: Record<PeopleTab, Role> = {
  students: 'student',
  instructors: 'instructor',
  admins: 'admin',
};

/** One line of a People tab. */
export interface PersonLine {
  /** The roster entry the line stands for (its actions act on it). */
  entry: RosterEntry;
  /** What to call the person: their name as people read it, else their e-mail. */
  label: string;
  /** Their e-mail when the label is their name. */
  detail: string | null;
  /** Every role the person holds in the class (for the role chips), highest first. */
  roles: Role[];
  /** An invitation of an e-mail without an account yet. */
  invited: boolean;
  /** A member an instructor disabled (shown greyed to instructors). */
  disabled: boolean;
}

type Member = RosterEntry & { uid: string };

function isMember(entry: RosterEntry): entry is Member {
  return entry.uid !== null && !entry.invited;
}

function lineOf(entry: RosterEntry, roles: Role[]): PersonLine {
  const name = displayName(entry.name);
  return {
    entry,
    label: name || entry.email || entry.uid || 'Unknown person',
    detail: name && entry.email ? entry.email : null,
    roles,
    invited: entry.invited,
    disabled: !entry.invited && !entry.enabled,
  };
}

const byLabel = (a: PersonLine, b: PersonLine) =>
  Number(a.invited) - Number(b.invited) ||
  a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }) ||
  a.entry.id.localeCompare(b.entry.id);

/**
 * The People tabs for a viewer with `viewerRole`: members listed by SPEC §5, a uid that is both
 * instructor and student shown once (SPEC §4 merge: under Instructors unless that entry is
 * deleted), and — for instructors and class admins only — invitations.
 */
export function peopleTabs(
  roster: readonly RosterEntry[],
  viewerRole: Role | null,
): Record<PeopleTab, PersonLine[]> {
  const manager = hasInstructorPowers(viewerRole);
  const listed = roster.filter(
    (entry) =>
      !entry.pending_deleted &&
      (entry.invited ? manager && !entry.deleted : isListed(entry, viewerRole)),
  );
  const members = listed.filter(isMember);

  const rolesByUid = new Map<string, Set<Role>>();
  for (const member of members) {
    const roles = rolesByUid.get(member.uid) ?? new Set<Role>();
    roles.add(member.role);
    rolesByUid.set(member.uid, roles);
  }
  const rolesOf = (entry: RosterEntry): Role[] => {
    const held = entry.uid ? rolesByUid.get(entry.uid) : undefined;
    return [...ROLES].reverse().filter((role) => (held ? held.has(role) : role === entry.role));
  };

  const merged = mergeProfiles(
    members.filter((m) => m.role === 'instructor'),
    members.filter((m) => m.role === 'student'),
  );
  const tabs: Record<PeopleTab, PersonLine[]> = { students: [], instructors: [], admins: [] };
  for (const person of merged) {
    const entry = members.find((m) => m.uid === person.uid && m.role === person.role);
    if (!entry) continue;
    tabs[person.role === 'instructor' ? 'instructors' : 'students'].push(
      lineOf(entry, rolesOf(entry)),
    );
  }
  for (const member of members) {
    if (member.role === 'admin') tabs.admins.push(lineOf(member, rolesOf(member)));
  }
  for (const invitation of listed.filter((entry) => entry.invited)) {
    const tab = PEOPLE_TABS.find((name) => TAB_ROLE[name] === invitation.role);
    if (tab) tabs[tab].push(lineOf(invitation, [invitation.role]));
  }
  for (const tab of PEOPLE_TABS) tabs[tab].sort(byLabel);
  return tabs;
}
